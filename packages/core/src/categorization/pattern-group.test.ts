import fc from "fast-check";
import { RE2JS } from "re2js";
import { describe, expect, it } from "vitest";
import { compilePattern } from "./compile-pattern.ts";
import { PatternGroup } from "./pattern-group.ts";

const PATTERNS = ["^ab", "b+c$", "(a|b)*c", "\\bca", "a.c", "[^a]b", "x?", "é", "(?i)Ü"];

describe("PatternGroup: one search for all patterns of a field", () => {
  it("gives the answers each pattern gives on its own", () => {
    const group = new PatternGroup();
    const single = PATTERNS.map((p) => {
      const r = compilePattern(p);
      if (!r.ok) throw new Error(r.message);
      expect(group.add(p, r.regex)).toBe(PATTERNS.indexOf(p));
      return r.regex;
    });
    expect(group.add("^ab", single[0]!)).toBe(0); // deduplicated
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom("a", "b", "c", "A", "É", "ü", " ", "x"), maxLength: 12 }), (s) => {
        const hits = group.search(s);
        expect([...hits]).toEqual(single.map((r) => (r.test(s) ? 1 : 0)));
      }),
      { numRuns: 300 },
    );
  });

  it("answers a catastrophic pattern on 50,000 characters in linear time", () => {
    const group = new PatternGroup();
    for (const p of ["(a+)+$", "(a|a)*b", "(.*a){20}"]) {
      const r = compilePattern(p);
      if (!r.ok) throw new Error(r.message);
      group.add(p, r.regex);
    }
    expect([...group.search("a".repeat(50_000))]).toEqual([1, 0, 1]);
    expect(RE2JS.compile("(a|a)*b").test("a".repeat(1000) + "b")).toBe(true);
  });
});
