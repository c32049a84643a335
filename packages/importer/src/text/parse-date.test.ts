import { describe, expect, it } from "vitest";
import { acceptedDateFormats, DATE_FORMATS, parseDate } from "./parse-date.ts";

describe("parseDate", () => {
  it("reads each notation, hand-checked", () => {
    expect(parseDate("2026-03-05", "YYYY-MM-DD")).toBe("2026-03-05");
    expect(parseDate("05.03.2026", "DD.MM.YYYY")).toBe("2026-03-05");
    expect(parseDate("03/05/2026", "MM/DD/YYYY")).toBe("2026-03-05");
    expect(parseDate("05/03/2026", "DD/MM/YYYY")).toBe("2026-03-05");
    expect(parseDate("20260305", "YYYYMMDD")).toBe("2026-03-05");
    expect(parseDate(" 5.3.2026 ", "DD.MM.YYYY"), "single digits and spaces").toBe("2026-03-05");
  });
  it("refuses days that do not exist and other notations", () => {
    expect(parseDate("2025-02-29", "YYYY-MM-DD"), "2025 is not a leap year").toBeNull();
    expect(parseDate("2024-02-29", "YYYY-MM-DD"), "2024 is").toBe("2024-02-29");
    expect(parseDate("1900-02-29", "YYYY-MM-DD"), "1900 is not").toBeNull();
    expect(parseDate("2000-02-29", "YYYY-MM-DD"), "2000 is").toBe("2000-02-29");
    expect(parseDate("31.04.2026", "DD.MM.YYYY")).toBeNull();
    expect(parseDate("13/01/2026", "MM/DD/YYYY")).toBeNull();
    expect(parseDate("2026-03-05", "DD.MM.YYYY")).toBeNull();
    expect(parseDate("", "YYYY-MM-DD")).toBeNull();
  });
  it("reads two-digit years DD.MM.YY with the importer's pivot: 00–79 are 20xx, 80–99 are 19xx", () => {
    expect(parseDate("05.03.26", "DD.MM.YY")).toBe("2026-03-05");
    expect(parseDate("5.3.26", "DD.MM.YY"), "single digits, as the four-digit form allows").toBe("2026-03-05");
    expect(parseDate("01.01.00", "DD.MM.YY")).toBe("2000-01-01");
    expect(parseDate("31.12.79", "DD.MM.YY")).toBe("2079-12-31");
    expect(parseDate("01.01.80", "DD.MM.YY")).toBe("1980-01-01");
    expect(parseDate("31.12.99", "DD.MM.YY")).toBe("1999-12-31");
    expect(parseDate("29.02.24", "DD.MM.YY"), "2024 is a leap year").toBe("2024-02-29");
    expect(parseDate("29.02.25", "DD.MM.YY"), "2025 is not").toBeNull();
    expect(parseDate("29.02.00", "DD.MM.YY"), "2000 is").toBe("2000-02-29");
    expect(parseDate("05.03.2026", "DD.MM.YY"), "four digits are DD.MM.YYYY, not this format").toBeNull();
    expect(parseDate("05.03.26", "DD.MM.YYYY"), "and two digits are not DD.MM.YYYY").toBeNull();
    expect(parseDate("05.03.6", "DD.MM.YY")).toBeNull();
  });
  it("lists every accepted format with an example that reads as 5 March 2026 in it", () => {
    expect(acceptedDateFormats()).toBe(
      "YYYY-MM-DD (2026-03-05), DD.MM.YYYY (05.03.2026), DD.MM.YY (05.03.26), MM/DD/YYYY (03/05/2026), " +
        "DD/MM/YYYY (05/03/2026), YYYYMMDD (20260305)",
    );
    for (const format of DATE_FORMATS) {
      const example = /\(([^)]+)\)/.exec(
        acceptedDateFormats().split(", ").find((f) => f.startsWith(format + " "))!,
      )![1]!;
      expect(parseDate(example, format), format).toBe("2026-03-05");
    }
  });
});
