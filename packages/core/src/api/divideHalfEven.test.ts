import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { divideHalfEven } from "./divideHalfEven.ts";

/** Reference: round-half-even of a/b with BigInt. */
function reference(a: number, b: number): bigint {
  let n = BigInt(a);
  let d = BigInt(b);
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const q = n / d; // truncates towards zero
  const r = n - q * d;
  const twice = 2n * (r < 0n ? -r : r);
  if (twice > d || (twice === d && q % 2n !== 0n)) return n < 0n ? q - 1n : q + 1n;
  return q;
}

describe("divideHalfEven", () => {
  it.each([
    [5, 2, 2], // 2.5 → 2 (tie, to even)
    [7, 2, 4], // 3.5 → 4 (tie, to even)
    [-5, 2, -2],
    [-7, 2, -4],
    [1, 3, 0],
    [2, 3, 1],
    [10, 4, 2], // 2.5 → 2
    [14, 4, 4], // 3.5 → 4
    [3211, 2, 1606], // 1605.5 → 1606
    [3209, 2, 1604], // 1604.5 → 1604
    [100, 7, 14], // 14.28…
    [5, -2, -2],
    [0, 9, 0],
  ])("%i / %i = %i", (a, b, q) => {
    expect(divideHalfEven(a, b)).toBe(q);
  });

  it("never returns -0", () => {
    expect(Object.is(divideHalfEven(-1, 3), 0)).toBe(true);
  });

  it("matches an exact BigInt reference on all safe integers", () => {
    const safe = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
    const divisor = fc.integer({ min: -1000, max: 1000 }).filter((d) => d !== 0);
    fc.assert(fc.property(safe, divisor, (a, b) => {
      expect(BigInt(divideHalfEven(a, b))).toBe(reference(a, b));
    }));
  });

  it("rejects a zero divisor", () => {
    expect(() => divideHalfEven(1, 0)).toThrow(RangeError);
  });
});
