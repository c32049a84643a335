import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { divideHalfEvenBig } from "./divide-half-even-big.ts";

describe("divideHalfEvenBig", () => {
  it("rounds ties to even, both signs", () => {
    expect(divideHalfEvenBig(5n, 2n)).toBe(2n);
    expect(divideHalfEvenBig(7n, 2n)).toBe(4n);
    expect(divideHalfEvenBig(-5n, 2n)).toBe(-2n);
    expect(divideHalfEvenBig(-7n, 2n)).toBe(-4n);
    expect(divideHalfEvenBig(1n, 3n)).toBe(0n);
    expect(divideHalfEvenBig(2n, 3n)).toBe(1n);
    expect(divideHalfEvenBig(-2n, 3n)).toBe(-1n);
    expect(divideHalfEvenBig(9n, 3n)).toBe(3n);
  });

  it("is within half a unit of the exact quotient", () => {
    fc.assert(fc.property(fc.bigInt(-(10n ** 30n), 10n ** 30n), fc.bigInt(1n, 10n ** 20n), (a, b) => {
      const q = divideHalfEvenBig(a, b);
      const error = 2n * (a - q * b);
      expect(error <= b && error >= -b).toBe(true);
    }));
  });
});
