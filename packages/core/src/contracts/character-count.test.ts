import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { characterCount, lengthForLimits } from "./character-count.ts";

describe("lengthForLimits", () => {
  it("answers every min..max rule as the character count would, worked by hand", () => {
    expect(lengthForLimits("abc", 0, 3)).toBe(3);
    expect(lengthForLimits("😀😀", 0, 2)).toBe(2); // 4 units over the max: counted
    expect(lengthForLimits("😀", 2, 5)).toBe(1); // a min above 1: counted
    expect(lengthForLimits("😀", 1, 5)).toBe(2); // units suffice: non-empty either way, within 5 either way
  });

  it("decides every rule as the character count does, on any string", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 12 }), fc.nat(8), fc.nat(8), (s, min, max) => {
        const n = lengthForLimits(s, min, max);
        const exact = [...s].length;
        expect(n >= min && n <= max).toBe(exact >= min && exact <= max);
        expect(characterCount(s)).toBe(exact);
      }),
      { numRuns: 2000 },
    );
  });
});
