import { describe, expect, it } from "vitest";
import { trendSeries } from "./trend-series.ts";

describe("trendSeries (hand-worked, minor units)", () => {
  it("a spike: current above 1.5 × the trailing average", () => {
    expect(trendSeries([1000, 1000, 1000, 2000])).toEqual({
      monthly: [1000, 1000, 1000, 2000],
      mean: 1250, // 5000 / 4
      median: 1000, // (1000 + 1000) / 2, even count
      current: 2000,
      trailing_average: 1000,
      change_percent: 100,
      flag: "spike",
    });
  });

  it("exactly 1.5 × is not a spike; exactly 0.5 × is not a drop", () => {
    expect(trendSeries([1000, 1000, 1000, 1500])).toMatchObject({ change_percent: 50, flag: null });
    expect(trendSeries([1000, 1000, 1000, 500])).toMatchObject({ change_percent: -50, flag: null });
  });

  it("a drop: current below half of a positive trailing average", () => {
    expect(trendSeries([1000, 1200, 800, 400])).toEqual({
      monthly: [1000, 1200, 800, 400],
      mean: 850, // 3400 / 4
      median: 900, // (800 + 1000) / 2
      current: 400,
      trailing_average: 1000, // (1000 + 1200 + 800) / 3
      change_percent: -60,
      flag: "drop",
    });
  });

  it("new: nothing before, something now", () => {
    expect(trendSeries([0, 0, 0, 500])).toMatchObject({
      mean: 125,
      median: 0,
      trailing_average: 0,
      change_percent: null,
      flag: "new",
    });
  });

  it("an odd count: the middle month; the trailing months are only the 3 before the last", () => {
    expect(trendSeries([500, 100, 300, 200, 400])).toEqual({
      monthly: [500, 100, 300, 200, 400],
      mean: 300, // 1500 / 5
      median: 300, // sorted 100 200 300 400 500
      current: 400,
      trailing_average: 200, // (100 + 300 + 200) / 3; the first month is not trailing
      change_percent: 100,
      flag: "spike", // 400 > 300
    });
  });

  it("a 2-month window: the trailing average is the one month before; half-to-even rounding", () => {
    expect(trendSeries([101, 102])).toEqual({
      monthly: [101, 102],
      mean: 102, // 101.5 → 102 (even)
      median: 102, // (101 + 102) / 2 = 101.5 → 102
      current: 102,
      trailing_average: 101,
      change_percent: 0.99, // 1 / 101 × 100 = 0.990099…
      flag: null,
    });
    expect(trendSeries([101, 104])).toMatchObject({ mean: 102, median: 102 }); // 102.5 → 102 (even)
  });

  it("the trailing average is rounded but the flag and change use the exact one", () => {
    // Trailing 100 + 100 + 101 = 301, exact average 100.33…, shown as 100. 151 > 1.5 × 100.33 = 150.5 → spike.
    expect(trendSeries([100, 100, 101, 151])).toMatchObject({
      trailing_average: 100,
      change_percent: 50.5, // (453 − 301) / 301 × 100 = 50.498… → 50.5
      flag: "spike",
    });
    // 150 is not above 150.5: no spike, although 150 > 1.5 × the rounded 100.
    expect(trendSeries([100, 100, 101, 150])).toMatchObject({ flag: null, change_percent: 49.5 });
  });

  it("a negative trailing average (refunds exceed spending): a change but no flag", () => {
    expect(trendSeries([-300, 100])).toMatchObject({
      trailing_average: -300,
      change_percent: -133.33, // (100 + 300) / −300 × 100
      flag: null,
    });
  });
});
