import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { NeedleSearch } from "./needle-search.ts";

const unit = fc.constantFrom("a", "b", "c", "d", "é");

describe("NeedleSearch: needles split over several automata when one table would be too large", () => {
  it("finds the same needles as String#includes with any table bound", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit, minLength: 1, maxLength: 5 }), { minLength: 1, maxLength: 15 }),
        fc.string({ unit, maxLength: 20 }),
        fc.constantFrom(1, 20, 60, 1 << 20),
        fc.constantFrom(0, 30, 100, 1 << 22),
        (list, text, bound, total) => {
          const search = new NeedleSearch(list, bound, total);
          const seen = new Uint8Array(list.length);
          const out = new Int32Array(list.length);
          const n = search.scan(text, seen, out, 0);
          expect([...out.subarray(0, n)].sort((a, b) => a - b)).toEqual(
            list.flatMap((needle, i) => (text.includes(needle) ? [i] : [])),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it("uses one automaton when the table fits, one per needle at the smallest bound, includes past the budget", () => {
    expect(new NeedleSearch(["abc", "bcd", "x"]).passes).toEqual({ automata: 1, single: 0 });
    expect(new NeedleSearch(["abc", "bcd", "x"], 1).passes).toEqual({ automata: 3, single: 0 });
    // "abc": (the root, 3 states and the 3 of the needles of dirt) × (class 0, 3 code units and the 2 of the needles of
    // dirt) = 42 entries; "bcd" would need 42 more of the 60.
    expect(new NeedleSearch(["abc", "bcd", "x"], 1, 60).passes).toEqual({ automata: 1, single: 2 });
    expect(new NeedleSearch(["abc"], 1, 0).passes).toEqual({ automata: 0, single: 1 });
  });
});
