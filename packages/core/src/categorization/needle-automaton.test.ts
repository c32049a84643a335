import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isCleanAscii } from "./field-forms.ts";
import { NeedleAutomaton } from "./needle-automaton.ts";
import { NeedleSearch } from "./needle-search.ts";
import { ANYWHERE, AT_END, AT_START, WHOLE } from "./needle-trie.ts";

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

  it("finds them in long texts too, one automaton for texts of every length (its list of ends grows)", () => {
    fc.assert(
      fc.property(
        needles,
        fc.array(fc.string({ unit, maxLength: 1200 }), { minLength: 1, maxLength: 6 }),
        (list, texts) => {
          const automaton = new NeedleAutomaton(list);
          for (const text of texts) {
            const expected = list.flatMap((n, i) => (text.includes(n) ? [i] : []));
            expect(found(automaton, list.length, text)).toEqual(expected);
          }
        },
      ),
      { numRuns: 100 },
    );
    // Every code unit ends a needle (as many ends as the text is long), and a needle first ends far into the text.
    const every = new NeedleAutomaton(["a", "aa", "ab"]);
    expect(found(every, 3, "a".repeat(5000))).toEqual([0, 1]);
    expect(found(every, 3, "a".repeat(5000) + "b")).toEqual([0, 1, 2]);
    expect(found(every, 3, "c".repeat(3000) + "ab")).toEqual([0, 2]);
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

/** Whether `needle` occurs in `text` where `anchor` says: what an anchored needle's search must answer. */
function occursAt(text: string, needle: string, anchor: number): boolean {
  if (anchor === AT_START) return text.startsWith(needle);
  if (anchor === AT_END) return text.endsWith(needle);
  if (anchor === WHOLE) return text === needle;
  return text.includes(needle);
}

describe("Anchored needles: starts_with, ends_with and equals on the same pass", () => {
  // Needles with anchors, distinct by text and anchor: the same text may come anchored several ways.
  const anchored = fc.uniqueArray(
    fc.record({
      text: fc.string({ unit, minLength: 1, maxLength: 4 }),
      anchor: fc.constantFrom(ANYWHERE, AT_START, AT_END, WHOLE),
    }),
    { minLength: 1, maxLength: 12, selector: (n) => `${n.anchor}:${n.text}` },
  );

  it("finds a needle only where its anchor allows: at the start, at the end, as the whole text, or anywhere", () => {
    fc.assert(
      fc.property(anchored, fc.string({ unit, maxLength: 10 }), (list, text) => {
        const texts = list.map((n) => n.text);
        const anchors = list.map((n) => n.anchor);
        const expected = list.flatMap((n, i) => (occursAt(text, n.text, n.anchor) ? [i] : []));
        expect(found(new NeedleAutomaton(texts, 0, false, anchors), list.length, text)).toEqual(expected);
        // Split over several automata (a table of one entry each), and searched one by one past the budget.
        for (const [bound, total] of [[1, Number.POSITIVE_INFINITY], [1, 0], [64, 64]]) {
          const search = new NeedleSearch(texts, bound, total, false, anchors);
          const seen = new Uint8Array(list.length);
          const out = new Int32Array(list.length);
          const n = search.scan(text, seen, out, 0);
          expect([...out.subarray(0, n)].sort((a, b) => a - b)).toEqual(expected);
        }
      }),
      { numRuns: 500 },
    );
  });

  it("reads the text's A–Z as a–z with foldAsciiCase, at the anchors too", () => {
    const list = ["card", "card", "00", "tesco", "esc"];
    const anchors = [AT_START, ANYWHERE, AT_END, WHOLE, ANYWHERE];
    const a = new NeedleAutomaton(list, 0, true, anchors);
    expect(found(a, 5, "CARD TESCO 100")).toEqual([0, 1, 2, 4]);
    expect(found(a, 5, "POS CARD 7")).toEqual([1]);
    expect(found(a, 5, "Tesco")).toEqual([3, 4]);
    expect(found(a, 5, "tesco ")).toEqual([4]);
    expect(found(a, 5, "card")).toEqual([0, 1]);
    expect(found(a, 5, "")).toEqual([]);
    // `clean` is the text's, whatever the anchors.
    a.scan("CARD  X", new Uint8Array(5), new Int32Array(5), 0);
    expect(a.clean).toBe(false);
    a.scan("CARD X", new Uint8Array(5), new Int32Array(5), 0);
    expect(a.clean).toBe(true);
  });
});

describe("Cleanness from the automaton's own needles of dirt (a doubled space, a control character)", () => {
  // Code units that make a text dirty, and some that do not; needles and texts drawn from both.
  const mixed = fc.constantFrom("a", "b", " ", "\t", "\u0000", "\u001f", "\u007f", "~", "é", "A");
  const mixedNeedles = fc.uniqueArray(
    fc.record({
      text: fc.string({ unit: mixed, minLength: 1, maxLength: 3 }).map((t) => t.toLowerCase()),
      anchor: fc.constantFrom(ANYWHERE, AT_START, AT_END, WHOLE),
    }),
    { minLength: 1, maxLength: 10, selector: (n) => `${n.anchor}:${n.text}` },
  );

  it("finds the same needles and the same cleanness whether or not a needle holds a control character or two spaces", () => {
    fc.assert(
      fc.property(mixedNeedles, fc.string({ unit: mixed, maxLength: 10 }), fc.boolean(), (list, text, fold) => {
        const texts = list.map((n) => n.text);
        const anchors = list.map((n) => n.anchor);
        const read = fold ? text.replace(/[A-Z]/g, (c) => c.toLowerCase()) : text;
        const expected = list.flatMap((n, i) => (occursAt(read, n.text, n.anchor) ? [i] : []));
        const automaton = new NeedleAutomaton(texts, 0, fold, anchors);
        // found() also checks that exactly the reported needles are marked seen: the needles of dirt never are.
        expect(found(automaton, list.length, text)).toEqual(expected);
        expect(automaton.clean).toBe(isCleanAscii(text));
      }),
      { numRuns: 1500 },
    );
  });

  it("hand-worked: a control character anywhere, a doubled space inside a needle's match, spaces at the ends", () => {
    const a = new NeedleAutomaton(["a b", " 1", "x"]);
    const scan = (t: string) => {
      const ids = found(a, 3, t);
      return { ids, clean: a.clean };
    };
    expect(scan("a b 12")).toEqual({ ids: [0, 1], clean: true });
    expect(scan("a  b 12")).toEqual({ ids: [1], clean: false }); // " 1" is found after the doubled space
    expect(scan("a b\u00011")).toEqual({ ids: [0], clean: false });
    expect(scan("x\u007f")).toEqual({ ids: [2], clean: false });
    expect(scan("\u001fx")).toEqual({ ids: [2], clean: false });
    expect(scan(" x")).toEqual({ ids: [2], clean: false });
    expect(scan("x ")).toEqual({ ids: [2], clean: false });
    expect(scan("")).toEqual({ ids: [], clean: false });
    expect(scan("~!x")).toEqual({ ids: [2], clean: true });
  });

  it("tells a needle's own control character from the others (then isCleanAscii reads the text)", () => {
    const a = new NeedleAutomaton(["a\tb", "c"]);
    expect(found(a, 2, "a\tb c")).toEqual([0, 1]);
    expect(a.clean).toBe(false);
    expect(found(a, 2, "a\u0001b c")).toEqual([1]);
    expect(a.clean).toBe(false);
    expect(found(a, 2, "ab c")).toEqual([1]);
    expect(a.clean).toBe(true);
  });
});
