import { describe, expect, it } from "vitest";
import { percentage } from "./percentage.ts";

describe("percentage", () => {
  it.each([
    [1, 3, 33.33],
    [2, 3, 66.67],
    [1, 8, 12.5],
    [1, 800, 0.12], // 0.125 → 0.12 (tie, to even)
    [3, 800, 0.38], // 0.375 → 0.38 (tie, to even)
    [-1, 8, -12.5],
    [-1, 800, -0.12],
    [0, 5, 0],
    [5, 5, 100],
    [7, 5, 140],
    [99999, 100000, 100], // 99.999 → 100.00
    [1, -4, -25],
    [999_999_999_999_999, 1, 99999999999999900],
  ])("%i / %i × 100 = %d", (n, d, p) => {
    expect(percentage(n, d)).toBe(p);
  });

  it("is null when the denominator is zero", () => {
    expect(percentage(5, 0)).toBeNull();
    expect(percentage(0, 0)).toBeNull();
  });

  it("serializes as the exact 2-decimal value", () => {
    expect(JSON.stringify(percentage(2679, 10000))).toBe("26.79");
    expect(JSON.stringify(percentage(1, 3))).toBe("33.33");
    expect(Object.is(percentage(-1, 100000), 0)).toBe(true);
  });
});
