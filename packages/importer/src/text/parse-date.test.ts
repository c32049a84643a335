import { describe, expect, it } from "vitest";
import { parseDate } from "./parse-date.ts";

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
});
