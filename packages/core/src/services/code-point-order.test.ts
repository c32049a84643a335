import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareCategory } from "./category-order.ts";
import { compareCodePoints } from "./code-point-order.ts";

const byCodePoints = (a: string, b: string) => {
  const x = [...a].map((c) => c.codePointAt(0)!);
  const y = [...b].map((c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
  return Math.sign(x.length - y.length);
};

describe("compareCodePoints", () => {
  it("orders a character above U+FFFF after one in U+E000–U+FFFF, unlike UTF-16 order", () => {
    expect(["\u{1F600}", "\uFF41", "a"].sort(compareCodePoints)).toEqual(["a", "\uFF41", "\u{1F600}"]);
    expect(["\u{1F600}", "\uFF41"].sort()).toEqual(["\u{1F600}", "\uFF41"]); // what `<` would give
    expect(compareCodePoints("ab", "abc")).toBeLessThan(0);
    expect(compareCodePoints("abc", "abc")).toBe(0);
    expect(["x", null, "\u{10400}", "\uFB01"].sort(compareCategory)).toEqual(["x", "\uFB01", "\u{10400}", null]);
  });

  it("agrees with comparing the code points one by one", () => {
    const text = fc.string({
      unit: fc.constantFrom("a", "z", "\uE000", "\uFFFD", "\u{10000}", "\u{1F600}", "é"),
      maxLength: 5,
    });
    fc.assert(fc.property(text, text, (a, b) => {
      expect(Math.sign(compareCodePoints(a, b))).toBe(byCodePoints(a, b));
    }));
  });
});
