import { describe, expect, it } from "vitest";
import { compareDecimals, minorRange, numberRange, parseDecimal } from "./decimal-range.ts";

const d = (v: string | number) => {
  const r = parseDecimal(v);
  if (typeof r === "string") throw new Error(r);
  return r;
};

describe("parseDecimal", () => {
  it("reads strings and numbers exactly, dropping trailing zeros", () => {
    expect(d("12.300")).toEqual({ units: 123n, scale: 1 });
    expect(d("-0.05")).toEqual({ units: -5n, scale: 2 });
    expect(d("-0")).toEqual({ units: 0n, scale: 0 });
    expect(d("007")).toEqual({ units: 7n, scale: 0 });
    expect(d(12.5)).toEqual({ units: 125n, scale: 1 });
    expect(d("10.005")).toEqual({ units: 10005n, scale: 3 });
  });

  it("refuses what it cannot read exactly", () => {
    expect(parseDecimal("1e3")).toBe("invalid_format");
    expect(parseDecimal("+1")).toBe("invalid_format");
    expect(parseDecimal("1,000")).toBe("invalid_format");
    expect(parseDecimal(".5")).toBe("invalid_format");
    expect(parseDecimal(true)).toBe("invalid_type");
    expect(parseDecimal(Number.NaN)).toBe("invalid_format");
    expect(parseDecimal("1000000000000000")).toBe("out_of_range"); // 10^15
    expect(parseDecimal("999999999999999")).toEqual({ units: 999999999999999n, scale: 0 });
    expect(parseDecimal("0." + "1".repeat(19))).toBe("too_many_decimals");
  });

  it("compares exactly across scales", () => {
    expect(compareDecimals(d("10.5"), d("10.50"))).toBe(0);
    expect(compareDecimals(d("-10.5"), d("-10.49"))).toBe(-1);
    expect(compareDecimals(d("0.001"), d("0"))).toBe(1);
  });
});

describe("minorRange: the amounts (minor units of a scale) a condition accepts", () => {
  it("eq at a finer scale than the amount can never hold", () => {
    expect(minorRange("eq", d("10.005"), 2)).toEqual({ lo: 1n, hi: 0n });
    expect(minorRange("eq", d("10.5"), 2)).toEqual({ lo: 1050n, hi: 1050n });
    expect(minorRange("eq", d("10.5"), 0)).toEqual({ lo: 1n, hi: 0n });
  });

  it("gt/gte/lt/lte round the boundary the right way, also for negative values", () => {
    expect(minorRange("gt", d("10.005"), 2)).toEqual({ lo: 1001n, hi: null }); // 10.01 and above
    expect(minorRange("gte", d("10.005"), 2)).toEqual({ lo: 1001n, hi: null });
    expect(minorRange("lt", d("10.005"), 2)).toEqual({ lo: null, hi: 1000n }); // 10.00 and below
    expect(minorRange("lte", d("-10.005"), 2)).toEqual({ lo: null, hi: -1001n }); // -10.01 and below
    expect(minorRange("gt", d("-10.005"), 2)).toEqual({ lo: -1000n, hi: null });
    expect(minorRange("lt", d("0"), 2)).toEqual({ lo: null, hi: -1n });
    expect(minorRange("gte", d("100"), 0)).toEqual({ lo: 100n, hi: null });
  });

  it("between is inclusive on both ends", () => {
    expect(minorRange("between", [d("-50"), d("-10.5")], 2)).toEqual({ lo: -5000n, hi: -1050n });
    expect(minorRange("between", [d("0.001"), d("0.009")], 2)).toEqual({ lo: 1n, hi: 0n });
  });

  it("numberRange turns bounds beyond the safe range into infinities", () => {
    expect(numberRange({ lo: 10n ** 20n, hi: null })).toEqual({ lo: Infinity, hi: Infinity });
    expect(numberRange({ lo: -(10n ** 20n), hi: 5n })).toEqual({ lo: -Infinity, hi: 5 });
  });
});
