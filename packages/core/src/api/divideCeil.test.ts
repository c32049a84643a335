import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { divideCeil } from "./divideCeil.ts";

describe("divideCeil", () => {
  it.each([
    [10, 3, 4],
    [9, 3, 3],
    [-10, 3, -3],
    [1, 7, 1],
    [0, 7, 0],
    [60000, 7, 8572], // 8571.43 → 8572
    [10, -3, -3],
  ])("%i / %i rounded up = %i", (a, b, q) => {
    expect(divideCeil(a, b)).toBe(q);
  });

  it("is the smallest integer q with q·b ≥ a (b > 0), exactly", () => {
    const safe = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
    fc.assert(fc.property(safe, fc.integer({ min: 1, max: 100000 }), (a, b) => {
      const q = BigInt(divideCeil(a, b));
      expect(q * BigInt(b) >= BigInt(a)).toBe(true);
      expect((q - 1n) * BigInt(b) < BigInt(a)).toBe(true);
    }));
  });
});
