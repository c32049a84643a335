import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isCleanAscii } from "./field-forms.ts";
import { NeedleAutomaton } from "./needle-automaton.ts";
import { NeedleSearch } from "./needle-search.ts";

const unit = fc.constantFrom("a", "b", "c", "é", "ﬁ", " ");
const needles = fc.uniqueArray(fc.string({ unit, minLength: 1, maxLength: 4 }), { minLength: 1, maxLength: 12 });

function found(automaton: NeedleAutomaton, count: number, text: string): number[] {
  const seen = new Uint8Array(count);
  const out = new Int32Array(count);
  const n = automaton.scan(text, seen, out, 0);
  expect([...seen].filter((x) => x === 1).length).toBe(n);
  return [...out.subarray(0, n)].sort((a, b) => a - b);
}

describe("NeedleAutomaton: every needle of a text in one pass", () => {
  it("finds exactly the needles String#includes finds (needles inside, overlapping and ending inside others)", () => {
    fc.assert(
      fc.property(needles, fc.string({ unit, maxLength: 16 }), (list, text) => {
        const expected = list.flatMap((n, i) => (text.includes(n) ? [i] : []));
        expect(found(new NeedleAutomaton(list), list.length, text)).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });

  it("reports a needle that ends inside a longer one, and each needle once", () => {
    const a = new NeedleAutomaton(["abc", "bc", "c", "abcd", "x"]);
    expect(found(a, 5, "abcabc")).toEqual([0, 1, 2]);
    expect(found(a, 5, "zabcd")).toEqual([0, 1, 2, 3]);
    expect(found(a, 5, "")).toEqual([]);
  });

  it("reports ids from its offset", () => {
    const a = new NeedleAutomaton(["b"], 3);
    const seen = new Uint8Array(4);
    const out = new Int32Array(4);
    expect(a.scan("abc", seen, out, 0)).toBe(1);
    expect(out[0]).toBe(3);
  });

  it("with foldAsciiCase reads the text's A–Z as a–z, and refuses needles with capitals", () => {
    const lowerUnit = fc.constantFrom("a", "b", "A", "B", " ", "é", "É");
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.string({ unit: fc.constantFrom("a", "b", " ", "é", "É"), minLength: 1, maxLength: 3 }), {
          minLength: 1,
          maxLength: 8,
        }),
        fc.string({ unit: lowerUnit, maxLength: 12 }),
        (list, text) => {
          const lowered = text.replace(/[A-Z]/g, (c) => c.toLowerCase());
          const expected = list.flatMap((n, i) => (lowered.includes(n) ? [i] : []));
          expect(found(new NeedleAutomaton(list, 0, true), list.length, text)).toEqual(expected);
        },
      ),
      { numRuns: 500 },
    );
    expect(() => new NeedleAutomaton(["aB"], 0, true)).toThrow(TypeError);
  });
});

describe("NeedleAutomaton and NeedleSearch: `clean` read on the same pass", () => {
  const text = fc.string({
    unit: fc.constantFrom("a", "Z", "~", "!", " ", "\t", "\u007f", "\u0000", "é", "ﬁ", "\u00a0", "😀"),
    maxLength: 8,
  });

  it("is isCleanAscii of the text scanned last, whatever the needles found", () => {
    fc.assert(
      fc.property(needles, text, (list, t) => {
        const automaton = new NeedleAutomaton(list);
        automaton.scan(t, new Uint8Array(list.length), new Int32Array(list.length), 0);
        expect(automaton.clean).toBe(isCleanAscii(t));
      }),
      { numRuns: 1000 },
    );
  });

  it("is also answered when every needle is over the table budget and searched one by one", () => {
    const search = new NeedleSearch(["ab", "cd"], 1, 0, true);
    expect(search.passes).toEqual({ automata: 0, single: 2 });
    for (const t of ["ab cd", " ab", "ab ", "a  b", "", "café", "AB\u007f", "x"]) {
      search.scan(t, new Uint8Array(2), new Int32Array(2), 0);
      expect(search.clean, JSON.stringify(t)).toBe(isCleanAscii(t));
    }
  });

  it("hand-worked: spaces only between words, printable ASCII only", () => {
    const a = new NeedleAutomaton(["x"]);
    const cleanOf = (t: string) => {
      a.scan(t, new Uint8Array(1), new Int32Array(1), 0);
      return a.clean;
    };
    expect(cleanOf("CARD TESCO 123")).toBe(true);
    expect(cleanOf("!~")).toBe(true);
    expect(cleanOf("")).toBe(false);
    expect(cleanOf(" CARD")).toBe(false);
    expect(cleanOf("CARD ")).toBe(false);
    expect(cleanOf("CARD  TESCO")).toBe(false);
    expect(cleanOf("CARD\tTESCO")).toBe(false);
    expect(cleanOf("caf\u00e9")).toBe(false);
    expect(cleanOf("DEL\u007f")).toBe(false);
  });
});
