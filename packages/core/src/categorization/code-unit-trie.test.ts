import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CodeUnitTrie } from "./code-unit-trie.ts";

/** The needle a walk of `text` ends on, or -1 (a step to 0 means no needle goes on so). */
function walk(trie: CodeUnitTrie, text: string): number {
  let state = 0;
  for (let k = 0; k < text.length; k++) {
    state = trie.step(state, text.charCodeAt(k));
    if (state === 0) return -1;
  }
  return text.length === 0 ? -1 : trie.own(state);
}

describe("CodeUnitTrie: the needle a text equals, walked one code unit at a time", () => {
  it("ends on the needle the text equals, and nowhere for any other text", () => {
    const unit = fc.constantFrom("a", "b", "é", " ", "😀");
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit, minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 10 }),
        fc.string({ unit, maxLength: 6 }),
        (list, text) => {
          expect(walk(new CodeUnitTrie(list), text)).toBe(list.indexOf(text));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("hand-worked: prefixes of a needle are no needle; case is compared exactly", () => {
    const trie = new CodeUnitTrie(["tesco", "tesco metro", "aldi"]);
    expect(walk(trie, "tesco")).toBe(0);
    expect(walk(trie, "tesco metro")).toBe(1);
    expect(walk(trie, "tesc")).toBe(-1);
    expect(walk(trie, "Tesco")).toBe(-1);
    expect(walk(trie, "aldi ")).toBe(-1);
  });
});
