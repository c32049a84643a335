import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compilePattern } from "./compile-pattern.ts";
import { RE2JS } from "re2js";
import { decisiveLiterals, patternLiteralsOf, requiredLiterals } from "./pattern-literals.ts";
import { compilePatternCached } from "./pattern-cache.ts";

const sorted = (x: readonly string[] | null) => (x === null ? null : [...x].sort());

describe("requiredLiterals: what every match must contain", () => {
  it("reads literals, alternations, anchors and quantifiers", () => {
    expect(sorted(requiredLiterals("netflix"))).toEqual(["netflix"]);
    expect(sorted(requiredLiterals("NetFlix"))).toEqual(["netflix"]);
    expect(sorted(requiredLiterals("^(card|pos) (tesco|aldi)\\b"))).toEqual([
      "card aldi",
      "card tesco",
      "pos aldi",
      "pos tesco",
    ]);
    expect(sorted(requiredLiterals("\\b(uber|bolt)\\b.*\\d{6}$"))).toEqual(["bolt", "uber"]);
    expect(sorted(requiredLiterals(" 1\\d{5}$"))).toEqual([" 1"]);
    expect(sorted(requiredLiterals("apple\\.com/bill"))).toEqual(["apple.com/bill"]);
    expect(sorted(requiredLiterals("(?:ab)+c"))).toEqual(["ab"]);
    expect(sorted(requiredLiterals("x?yz"))).toEqual(["yz"]);
    // An optional piece gives both spellings, each longer than what follows it alone.
    expect(sorted(requiredLiterals("e\\.?on|thames water"))).toEqual(["e.on", "eon", "thames water"]);
    expect(sorted(requiredLiterals("mc ?donald'?s"))).toEqual(["mc donald's", "mc donalds", "mcdonald's", "mcdonalds"]);
  });

  it("gives nothing where it cannot be sure", () => {
    for (
      const p of [
        "a|.",
        "(a|)",
        "\\d+",
        "[ab]",
        "(?i)abc",
        "(?P<n>a)",
        "é",
        "\\x41",
        "a*",
        "\\Qa\\E",
        ".*",
        "[[:alpha:]]x",
        "a]",
      ]
    ) {
      expect(requiredLiterals(p)).toBeNull();
    }
  });

  it("never rules out a text the engine matches (random patterns on random ASCII text)", () => {
    const atom = fc.constantFrom(
      "a",
      "b",
      "K",
      "s",
      " ",
      ".",
      "\\.",
      "\\d",
      "\\b",
      "[ab]",
      "[[:alpha:]]",
      "[^]a]",
      "^",
      "$",
      "x",
      "1",
    );
    const quant = fc.constantFrom("", "", "*", "+", "?", "{2}", "{1,3}");
    const seq = fc.array(fc.tuple(atom, quant).map(([a, q]) => (a === "^" || a === "$" ? a : a + q)), {
      minLength: 1,
      maxLength: 5,
    }).map((x) => x.join(""));
    const pattern = fc.oneof(
      seq,
      fc.tuple(seq, seq).map(([a, b]) => `(${a}|${b})`),
      fc.tuple(seq, seq, seq).map(
        ([a, b, c]) => `${a}(?:${b}|${c})+`,
      ),
    );
    const text = fc.string({
      unit: fc.constantFrom("a", "b", "A", "B", "k", "K", "s", "S", " ", ".", "1", "x"),
      maxLength: 12,
    });
    fc.assert(
      fc.property(pattern, text, (p, t) => {
        const compiled = compilePattern(p);
        fc.pre(compiled.ok);
        const literals = requiredLiterals(p);
        if (compiled.ok && compiled.regex.test(t) && literals !== null) {
          expect(literals.some((l) => t.toLowerCase().includes(l))).toBe(true);
        }
      }),
      { numRuns: 3000 },
    );
  });
});

describe("decisiveLiterals: patterns that are a few literal strings", () => {
  it("gives the literals only when they decide the match", () => {
    expect(sorted(decisiveLiterals("gym|sports"))).toEqual(["gym", "sports"]);
    expect(sorted(decisiveLiterals("e\\.?on|thames water"))).toEqual(["e.on", "eon", "thames water"]);
    expect(sorted(decisiveLiterals("(netflix|spotify|apple\\.com/bill)"))).toEqual([
      "apple.com/bill",
      "netflix",
      "spotify",
    ]);
    expect(sorted(decisiveLiterals("Tes(co)?"))).toEqual(["tes"]);
    for (const p of ["^sncf|ryanair", "\\bk", "a.c", "ab$", "x*", "(a|)", "a+", "[ab]", "\\d", "é", "(?i)ab"]) {
      expect(decisiveLiterals(p)).toBeNull();
    }
  });

  it("agrees with RE2 on printable-ASCII text (random literal patterns)", () => {
    const piece = fc.constantFrom("a", "b", "A", " ", "\\.", "-", "ab", "(a|b)", "(ab)?", "c?");
    const patternArb = fc.array(fc.array(piece, { minLength: 1, maxLength: 3 }).map((p) => p.join("")), {
      minLength: 1,
      maxLength: 3,
    }).map((alts) => alts.join("|"));
    fc.assert(
      fc.property(
        patternArb,
        fc.string({ unit: fc.constantFrom("a", "b", "A", "B", " ", ".", "-", "c"), maxLength: 8 }),
        (p, text) => {
          const literals = decisiveLiterals(p);
          if (literals === null) return;
          const lower = text.toLowerCase();
          expect(literals.some((l) => lower.includes(l))).toBe(RE2JS.compile(p, RE2JS.CASE_INSENSITIVE).test(text));
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe("patternLiteralsOf: the literals kept per compiled pattern", () => {
  it("answers decisiveLiterals, else requiredLiterals, once per program", () => {
    for (const pattern of ["gym|sports", "^(card|pos) (tesco|aldi)\\b", "x.*y", "(a|b)+"]) {
      const compiled = compilePatternCached(pattern);
      if (!compiled.ok) throw new Error(pattern);
      const first = patternLiteralsOf(pattern, compiled.regex);
      expect(first.decisive).toEqual(decisiveLiterals(pattern));
      expect(first.literals).toEqual(decisiveLiterals(pattern) ?? requiredLiterals(pattern));
      // The same program: the same answer, not worked out again.
      expect(patternLiteralsOf(pattern, compiled.regex)).toBe(first);
    }
    expect(patternLiteralsOf("gym|sports", {}).decisive).toEqual(["gym", "sports"]);
  });
});
