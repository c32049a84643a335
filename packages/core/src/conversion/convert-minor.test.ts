import { describe, expect, it } from "vitest";
import { convertMinor } from "./convert-minor.ts";

const rate = (numerator: bigint, denominator: bigint) => ({ numerator, denominator });

describe("convertMinor (one half-to-even rounding)", () => {
  it("2-decimal to 2-decimal", () => {
    // 10.00 × 1.0832 = 10.832 → 10.83
    expect(convertMinor(1000n, 2, 2, rate(10832n, 10000n))).toBe(1083n);
    // −15.00 ÷ 1.25 = −12.00
    expect(convertMinor(-1500n, 2, 2, rate(100n, 125n))).toBe(-1200n);
  });

  it("into JPY (0 decimals), ties to even", () => {
    expect(convertMinor(123n, 2, 0, rate(1625n, 10n))).toBe(200n); // 1.23 × 162.5 = 199.875 → 200
    expect(convertMinor(6n, 2, 0, rate(25n, 1n))).toBe(2n); // 0.06 × 25 = 1.5 → 2
    expect(convertMinor(2n, 2, 0, rate(25n, 1n))).toBe(0n); // 0.02 × 25 = 0.5 → 0
    expect(convertMinor(-2n, 2, 0, rate(25n, 1n))).toBe(0n); // −0.5 → 0
    expect(convertMinor(-6n, 2, 0, rate(25n, 1n))).toBe(-2n); // −1.5 → −2
  });

  it("from JPY and into BHD (3 decimals)", () => {
    expect(convertMinor(1001n, 0, 2, rate(1n, 160n))).toBe(626n); // 1001 ÷ 160 = 6.25625 → 6.26
    expect(convertMinor(100n, 2, 3, rate(4105n, 10000n))).toBe(410n); // 1.00 × 0.4105 = 0.4105 → 0.410 (tie)
    expect(convertMinor(300n, 2, 3, rate(4105n, 10000n))).toBe(1232n); // 3.00 × 0.4105 = 1.2315 → 1.232 (tie)
    expect(convertMinor(1000n, 3, 2, rate(1n, 1n))).toBe(100n); // 1.000 BHD at 1 = 1.00
    expect(convertMinor(1005n, 3, 2, rate(1n, 1n))).toBe(100n); // 1.005 → 1.00 (tie, even)
    expect(convertMinor(1015n, 3, 2, rate(1n, 1n))).toBe(102n); // 1.015 → 1.02 (tie, even)
  });
});
