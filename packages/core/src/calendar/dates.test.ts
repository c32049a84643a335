import { describe, expect, it } from "vitest";
import { daysInMonth, formatDate, isLeapYear, isValidDate, parseDate } from "./dates.ts";

describe("dates", () => {
  it.each(["2024-02-29", "2000-02-29", "2026-01-31", "2026-12-31", "0001-01-01", "9999-12-31", "2026-04-30"])(
    "%s is a real date",
    (d) => expect(isValidDate(d)).toBe(true),
  );

  it.each([
    "2025-02-29", // not a leap year
    "1900-02-29", // century, not a leap year
    "2026-02-30",
    "2026-04-31",
    "2026-13-01",
    "2026-00-10",
    "2026-01-00",
    "0000-01-01",
    "2026-1-01",
    "2026-01-1",
    "26-01-01",
    "2026/01/01",
    "2026-01-01T00:00:00Z",
    " 2026-01-01",
    "2026-0a-01",
    "",
  ])("%j is not", (d) => expect(isValidDate(d)).toBe(false));

  it("knows leap years and month lengths", () => {
    expect([1900, 2000, 2024, 2025].map(isLeapYear)).toEqual([false, true, true, false]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2025, 2)).toBe(28);
    expect(daysInMonth(2026, 4)).toBe(30);
    expect(daysInMonth(2026, 12)).toBe(31);
  });

  it("parses and formats", () => {
    expect(parseDate("2024-02-29")).toEqual({ year: 2024, month: 2, day: 29 });
    expect(parseDate("2025-02-29")).toBeUndefined();
    expect(formatDate(2026, 3, 5)).toBe("2026-03-05");
    expect(formatDate(7, 11, 30)).toBe("0007-11-30");
  });
});
