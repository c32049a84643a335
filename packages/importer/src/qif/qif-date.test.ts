import { describe, expect, it } from "vitest";
import { qifDate, qifDateParts, qifDayFirst } from "./qif-date.ts";

describe("QIF dates", () => {
  it("reads Quicken's forms, hand-checked", () => {
    expect(qifDate(qifDateParts("1/ 5'24")!, false)).toBe("2024-01-05");
    expect(qifDate(qifDateParts("12/31/1999")!, false)).toBe("1999-12-31");
    expect(qifDate(qifDateParts("05.01.2024")!, false), "dots are always day first").toBe("2024-01-05");
    expect(qifDate(qifDateParts("05/01/24")!, true)).toBe("2024-01-05");
    expect(qifDateParts("2024-01-05"), "not a QIF form").toBeNull();
  });
  it("reads two-digit years by the importer's one rule, as CSV's DD.MM.YY: 00–79 are 20xx, 80–99 are 19xx", () => {
    expect(qifDate(qifDateParts("12/31'79")!, false)).toBe("2079-12-31");
    expect(qifDate(qifDateParts("1/1'80")!, false)).toBe("1980-01-01");
    expect(qifDate(qifDateParts("01.01.00")!, false)).toBe("2000-01-01");
  });
  it("reads a file day first only when one of its dates can only be read that way", () => {
    const us = ["01/05/2026", "1/15'26"].map((d) => qifDateParts(d)!);
    const dayFirst = ["05/02/2026", "28/02/2026"].map((d) => qifDateParts(d)!);
    expect(qifDayFirst(us)).toBe(false);
    expect(qifDayFirst(dayFirst)).toBe(true);
  });
});
