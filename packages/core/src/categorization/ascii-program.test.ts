import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { asciiProgramOf, MAX_ASCII_STATES } from "./ascii-program.ts";
import { compilePattern } from "./compile-pattern.ts";
import type { RE2JS } from "re2js";

function compiled(pattern: string): RE2JS | null {
  const c = compilePattern(pattern);
  return c.ok ? c.regex : null;
}

// Pieces of RE2 syntax: literals in both cases, escapes, classes (negated, ranges, class escapes), anchors and word
// boundaries, groups, alternation and every quantifier (lazy too).
const ATOMS = [
  "a",
  "B",
  "c",
  "K",
  "s",
  "1",
  " ",
  "-",
  "_",
  "\\.",
  ".",
  "\\d",
  "\\D",
  "\\w",
  "\\W",
  "\\s",
  "\\S",
  "[a-c]",
  "[^a ]",
  "[A-Z0-9_]",
  "[.-]",
  "^",
  "$",
  "\\b",
  "\\B",
  "\\A",
  "\\z",
  "(?:a|b1)",
  "(ab|)",
  "(c)",
];
const QUANTIFIERS = ["", "", "", "*", "+", "?", "{2}", "{1,2}", "{0,}", "*?", "+?", "??"];
const piece = fc.tuple(fc.constantFrom(...ATOMS), fc.constantFrom(...QUANTIFIERS)).map(([a, q]) =>
  /^[\^$]|^\\[bBAz]$/.test(a) ? a : a + q
);
const branch = fc.array(piece, { minLength: 0, maxLength: 5 }).map((p) => p.join(""));
const pattern = fc.array(branch, { minLength: 1, maxLength: 3 }).map((b) => b.join("|"));
const text = fc.array(fc.constantFrom("a", "A", "b", "B", "c", "k", "K", "s", "S", "1", " ", "-", "_", ".", "~"), {
  maxLength: 10,
}).map((p) => p.join(""));

describe("AsciiProgram: re2js's program run on printable ASCII with bit sets", () => {
  it("answers as re2js's search on random patterns and printable-ASCII texts", () => {
    let run = 0;
    fc.assert(
      fc.property(pattern, fc.array(text, { minLength: 1, maxLength: 8 }), (p, texts) => {
        const regex = compiled(p);
        fc.pre(regex !== null);
        const program = asciiProgramOf(regex!);
        if (program === null) return;
        run++;
        for (const t of texts) expect([p, t, program.test(t)]).toEqual([p, t, regex!.test(t)]);
      }),
      { numRuns: 3000 },
    );
    expect(run).toBeGreaterThan(1000);
  });

  it("hand-worked: anchors, word boundaries, case folding, classes", () => {
    const cases: [string, string, boolean][] = [
      ["^(card|pos) (tesco|aldi|lidl)\\b", "CARD TESCO 123", true],
      ["^(card|pos) (tesco|aldi|lidl)\\b", "CARD TESCOS 123", false],
      ["^(card|pos) (tesco|aldi|lidl)\\b", "XCARD TESCO", false],
      ["\\b(uber|bolt)\\b.*\\d{6}$", "NFC UBER 123456", true],
      ["\\b(uber|bolt)\\b.*\\d{6}$", "NFC UBERX 123456", false],
      ["\\b(uber|bolt)\\b.*\\d{6}$", "NFC UBER 12345", false],
      [" 1\\d{5}$", "DD EDF 123456", true],
      [" 1\\d{5}$", "DD EDF 1234567", false],
      ["^(h&m|zalando|ikea)$", "IKEA", true],
      ["^(h&m|zalando|ikea)$", "IKEA ", false],
      ["k", "K", true],
      ["[^a]", "A", false],
      ["", "", true],
      ["^$", "", true],
      ["^$", "a", false],
      ["\\B", "", true],
      ["a\\Bb", "ab", true],
    ];
    for (const [p, t, expected] of cases) {
      expect([p, t, asciiProgramOf(compiled(p)!)!.test(t)]).toEqual([p, t, expected]);
      expect(compiled(p)!.test(t)).toBe(expected);
    }
  });

  it("gives no program for one with too many reading instructions", () => {
    expect(asciiProgramOf(compiled("a".repeat(MAX_ASCII_STATES))!)).not.toBeNull();
    expect(asciiProgramOf(compiled("a".repeat(MAX_ASCII_STATES + 1))!)).toBeNull();
  });
});
