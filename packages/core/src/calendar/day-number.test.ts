import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addDays, dayNumber, fromDayNumber } from "./day-number.ts";

describe("day numbers", () => {
  it("counts days from 1970-01-01, across leap days and centuries", () => {
    expect(dayNumber("1970-01-01")).toBe(0);
    expect(dayNumber("1970-01-02")).toBe(1);
    expect(dayNumber("1969-12-31")).toBe(-1);
    expect(dayNumber("2000-03-01") - dayNumber("2000-02-28")).toBe(2); // 2000 is a leap year
    expect(dayNumber("1900-03-01") - dayNumber("1900-02-28")).toBe(1); // 1900 is not
    expect(dayNumber("2028-03-01") - dayNumber("2028-02-28")).toBe(2);
    expect(addDays("2026-12-28", 7)).toBe("2027-01-04");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
    expect(fromDayNumber(dayNumber("0001-01-01"))).toBe("0001-01-01");
    expect(fromDayNumber(dayNumber("9999-12-31"))).toBe("9999-12-31");
  });

  it("agrees with the UTC calendar of Date for any date in years 0001-9999", () => {
    fc.assert(fc.property(fc.integer({ min: dayNumber("0001-01-01"), max: dayNumber("9999-12-31") }), (n) => {
      const iso = new Date(n * 86400000).toISOString().slice(0, 10);
      expect(fromDayNumber(n)).toBe(iso);
      expect(dayNumber(iso)).toBe(n);
    }));
  });
});
