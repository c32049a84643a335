import { describe, expect, it } from "vitest";
import { monthEndSeries } from "./month-end-series.ts";

describe("monthEndSeries (hand-worked)", () => {
  it("month ends in a leap year and a common year", () => {
    expect(monthEndSeries("2024-01-15", "2024-03-31")).toEqual(["2024-01-31", "2024-02-29", "2024-03-31"]);
    expect(monthEndSeries("2025-01-01", "2025-03-31")).toEqual(["2025-01-31", "2025-02-28", "2025-03-31"]);
    // 1900 is not a leap year, 2000 is.
    expect(monthEndSeries("1900-02-01", "1900-02-28")).toEqual(["1900-02-28"]);
    expect(monthEndSeries("2000-02-01", "2000-03-01")).toEqual(["2000-02-29", "2000-03-01"]);
  });

  it("the last point is `to`; the first is `to` when it comes before the end of `from`'s month", () => {
    expect(monthEndSeries("2026-01-01", "2026-03-14")).toEqual(["2026-01-31", "2026-02-28", "2026-03-14"]);
    expect(monthEndSeries("2026-03-02", "2026-03-14")).toEqual(["2026-03-14"]);
    expect(monthEndSeries("2026-03-14", "2026-03-14")).toEqual(["2026-03-14"]);
  });

  it("crosses year ends", () => {
    expect(monthEndSeries("2025-11-30", "2026-01-31")).toEqual(["2025-11-30", "2025-12-31", "2026-01-31"]);
    expect(monthEndSeries("2016-01-01", "2026-01-01")).toHaveLength(121);
  });
});
