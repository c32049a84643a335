import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AffixIndex } from "./affix-index.ts";

const unit = fc.constantFrom("a", "b", "c", "é", " ");

function scan(index: AffixIndex, count: number, text: string): number[] {
  const out = new Int32Array(count);
  return [...out.subarray(0, index.scan(text, out, 0))].sort((a, b) => a - b);
}

describe("AffixIndex: the starts_with (ends_with) needles a text has, in one walk over its start (end)", () => {
  it("agrees with String#startsWith and String#endsWith", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit, minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 10 }),
        fc.string({ unit, maxLength: 8 }),
        (list, text) => {
          expect(scan(new AffixIndex(list, false), list.length, text)).toEqual(
            list.flatMap((n, i) => (text.startsWith(n) ? [i] : [])),
          );
          expect(scan(new AffixIndex(list, true), list.length, text)).toEqual(
            list.flatMap((n, i) => (text.endsWith(n) ? [i] : [])),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it("finds nested prefixes and suffixes", () => {
    expect(scan(new AffixIndex(["card", "card pay", "ca", "x"], false), 4, "card payment")).toEqual([0, 1, 2]);
    expect(scan(new AffixIndex(["11", "1", "211"], true), 3, "ref 211")).toEqual([0, 1, 2]);
    expect(scan(new AffixIndex(["abc"], false), 1, "ab")).toEqual([]);
  });

  it("with foldAsciiCase reads the text's A–Z as a–z (É stays É)", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit: fc.constantFrom("a", "b", " ", "É"), minLength: 1, maxLength: 3 }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.string({ unit: fc.constantFrom("a", "b", "A", "B", " ", "É", "é"), maxLength: 8 }),
        (list, text) => {
          const lowered = text.replace(/[A-Z]/g, (c) => c.toLowerCase());
          expect(scan(new AffixIndex(list, false, true), list.length, text)).toEqual(
            list.flatMap((n, i) => (lowered.startsWith(n) ? [i] : [])),
          );
          expect(scan(new AffixIndex(list, true, true), list.length, text)).toEqual(
            list.flatMap((n, i) => (lowered.endsWith(n) ? [i] : [])),
          );
        },
      ),
      { numRuns: 500 },
    );
    expect(() => new AffixIndex(["Ab"], false, true)).toThrow(TypeError);
  });
});
