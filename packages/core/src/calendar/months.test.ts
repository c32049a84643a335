import { describe, expect, it } from "vitest";
import {
  addMonths,
  calendarMonthsSpanned,
  monthEnd,
  monthlyDatesThrough,
  monthStart,
  wholeMonthsBetween,
} from "./months.ts";

describe("month periods", () => {
  it("start and end, leap years included", () => {
    expect(monthStart(2024, 2)).toBe("2024-02-01");
    expect(monthEnd(2024, 2)).toBe("2024-02-29");
    expect(monthEnd(2025, 2)).toBe("2025-02-28");
    expect(monthEnd(2026, 12)).toBe("2026-12-31");
    expect(monthEnd(2026, 4)).toBe("2026-04-30");
  });
});

describe("addMonths", () => {
  it.each([
    ["2026-01-15", 1, "2026-02-15"],
    ["2024-01-31", 1, "2024-02-29"], // clamped, leap year
    ["2023-01-31", 1, "2023-02-28"], // clamped
    ["2026-12-15", 1, "2027-01-15"],
    ["2026-01-15", -1, "2025-12-15"],
    ["2024-02-29", 12, "2025-02-28"],
    ["2026-06-30", 6, "2026-12-30"],
    ["2026-03-31", -1, "2026-02-28"],
  ])("%s + %i months = %s", (d, n, out) => expect(addMonths(d, n)).toBe(out));

  it("returns undefined outside years 0001–9999", () => {
    expect(addMonths("9999-12-01", 1)).toBeUndefined();
    expect(addMonths("0001-01-01", -1)).toBeUndefined();
  });
});

describe("month counts", () => {
  it.each([
    ["2026-01-15", "2026-03-14", 1],
    ["2026-01-15", "2026-03-15", 2],
    ["2024-01-31", "2024-02-29", 1],
    ["2026-01-15", "2026-01-15", 0],
    ["2026-03-15", "2026-01-15", 0],
    ["2025-12-31", "2026-12-31", 12],
  ])("whole months %s → %s = %i", (a, b, n) => expect(wholeMonthsBetween(a, b)).toBe(n));

  it.each([
    ["2026-11-21", "2027-04-30", 6], // Nov 21, Dec 21, Jan 21, Feb 21, Mar 21, Apr 21
    ["2026-11-21", "2027-04-21", 6],
    ["2026-11-21", "2027-04-20", 5],
    ["2026-06-30", "2026-12-31", 7], // June 30 … December 30
    ["2026-01-31", "2026-02-28", 2], // Jan 31, Feb 28 (clamped)
    ["2026-01-31", "2026-02-27", 1],
    ["2026-01-31", "2026-04-30", 4], // Jan 31, Feb 28, Mar 31, Apr 30
    ["2026-01-31", "2026-04-29", 3],
    ["2024-01-31", "2024-02-29", 2], // leap year
    ["2026-06-30", "2026-06-30", 1], // as_of itself
    ["2026-06-30", "2026-06-29", 0],
  ])("monthly dates %s … through %s = %i", (a, b, n) => expect(monthlyDatesThrough(a, b)).toBe(n));

  it.each([
    ["2026-01-31", "2026-02-01", 2],
    ["2026-01-01", "2026-01-31", 1],
    ["2025-11-15", "2026-02-10", 4],
  ])("calendar months %s → %s = %i", (a, b, n) => expect(calendarMonthsSpanned(a, b)).toBe(n));
});
