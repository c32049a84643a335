/**
 * The fast evaluator (indexes, one-pass text search, literal prefilters, memos, the clean-ASCII path that reads the
 * text's capitals as lower case) equals the straightforward reference evaluation (testing/reference-categorize.ts:
 * every condition of every rule tested on its own) on random rules and transactions: same category, kind, sources,
 * deciding rules and matched rules, and the same counts; so does its column form (categorize-columns.ts).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { referenceCategorize } from "../testing/reference-categorize.ts";
import { categorizeColumns } from "./categorize-columns.ts";
import { categorizeMany } from "./categorize-many.ts";
import { compileRules } from "./compile-rules.ts";
import type { Rule } from "./rule-schema.ts";
import type { CategorizeTransaction } from "./transaction-view.ts";
import { validateRules } from "./validate-rules.ts";

// Overlapping pieces (a needle inside, before or after another), letters that fold (full-width, ligature, İ, K),
// white space runs and punctuation, so the one-pass searches meet shared prefixes and suffixes.
const PIECES = [
  "a",
  "ab",
  "abc",
  "bca",
  "ca",
  "tesco",
  "TES",
  "sco",
  "ＴＥＳＣＯ",
  "ﬁ",
  "fi",
  "İ",
  "i̇",
  "K",
  "k",
  " ",
  "  ",
  "\t",
  ".",
  "-",
  "1",
  "12",
  "é",
  "e\u0301",
  // Clean printable ASCII in mixed case (no doubled, leading or trailing space), as bank statements have it.
  "Tesco",
  "CARD ",
  "Ca",
  "B",
  " 12",
  "A.b",
];
// Half the texts from a three-letter alphabet, so needles often overlap inside one another; some in full-width
// letters, so one batch holds Unicode and ASCII texts of the same NFKC form (the memos are keyed by it).
const FULL_WIDTH_OFFSET = 0xff21 - 0x41;
const toFullWidth = (t: string) =>
  t.replace(/[A-Za-z]/g, (c) => String.fromCharCode(c.charCodeAt(0) + FULL_WIDTH_OFFSET));
const plainText = fc.oneof(
  fc.array(fc.constantFrom(...PIECES), { maxLength: 6 }).map((p) => p.join("")),
  fc.array(fc.constantFrom("a", "b", "c", "A", " "), { maxLength: 4 }).map((p) => p.join("")),
);
const text = fc.oneof(plainText, plainText, plainText.map(toFullWidth));
const wide = (t: string | null | undefined) => (typeof t === "string" ? toFullWidth(t) : t);
const needle = text.filter((t) => t.normalize("NFKC").trim() !== "");
const PATTERNS = [
  "^a",
  "c$",
  "a.c",
  "tes(co)?",
  "\\bk",
  "(ab|ca)+1",
  "fi|ﬁ",
  "[0-9]{2}",
  "^\\s*b",
  "é",
  "\\d$",
  // Decided by their literals in ASCII text (no RE2 search there): alternatives, an optional piece, a space.
  "ab|ca",
  "b\\.?c",
  "a b|k",
  "\\.-",
];
const AMOUNTS = ["-10", "0", "10.005", "-0.5", "0.01", "-12.34", "7"];

const condition = fc.oneof(
  fc.record({
    field: fc.constantFrom("description", "counterparty", "text", "account"),
    op: fc.constantFrom("equals", "contains", "starts_with", "ends_with"),
    value: needle,
  }),
  fc.record({
    field: fc.constantFrom("description", "counterparty", "text", "account"),
    op: fc.constant("one_of"),
    value: fc.array(needle, { minLength: 1, maxLength: 4 }),
  }),
  fc.record({
    field: fc.constantFrom("description", "counterparty", "text"),
    op: fc.constant("key_equals"),
    value: fc.constantFrom("tesco", "ab", "a b", "abc ca", "k", "fi", "é"),
  }),
  fc.record({
    field: fc.constantFrom("description", "counterparty", "text"),
    op: fc.constant("matches"),
    value: fc.constantFrom(...PATTERNS),
  }),
  fc.record({
    field: fc.constant("amount"),
    op: fc.constantFrom("eq", "gt", "gte", "lt", "lte"),
    value: fc.constantFrom(...AMOUNTS),
  }),
  fc.record({
    field: fc.constant("amount"),
    op: fc.constant("between"),
    value: fc.tuple(fc.constantFrom(...AMOUNTS), fc.constantFrom(...AMOUNTS)).map(([a, b]) =>
      Number(a) <= Number(b) ? [a, b] : [b, a]
    ),
  }),
);

const ruleBody = fc.record({
  enabled: fc.option(fc.boolean(), { nil: undefined }),
  match: fc.option(fc.constantFrom("all", "any"), { nil: undefined }),
  conditions: fc.array(condition, { minLength: 1, maxLength: 3 }),
  set: fc.oneof(
    fc.record({ category: fc.constantFrom("A", "B", "C") }),
    fc.record({ kind: fc.constantFrom("income", "expense", "transfer") }),
    fc.record({ category: fc.constantFrom("A", "B"), kind: fc.constantFrom("transfer", "expense") }),
  ),
});

const rulesArb = fc.array(ruleBody, { maxLength: 40 }).map((bodies) =>
  bodies.map((b, i) => {
    const rule: Record<string, unknown> = { id: `r${i}`, conditions: b.conditions, set: b.set };
    if (b.enabled !== undefined) rule.enabled = b.enabled;
    if (b.match !== undefined) rule.match = b.match;
    return rule as unknown as Rule;
  })
);

const transaction: fc.Arbitrary<CategorizeTransaction> = fc.record({
  description: fc.option(text, { nil: null }),
  counterparty: fc.option(text, { nil: undefined }),
  account: fc.option(text, { nil: null }),
  amountMinor: fc.oneof(
    fc.integer({ min: -3000, max: 3000 }),
    fc.constantFrom(-1234, -1000, 1001, 1000, 0, -1, 1, 700, 7),
  ),
  scale: fc.constantFrom(0, 2, 3),
  category: fc.option(fc.constantFrom("", "own"), { nil: null }),
  kind: fc.option(fc.constantFrom("income", "expense", "transfer"), { nil: null }),
});

function agrees(rules: Rule[], some: CategorizeTransaction[], overwrite: boolean, wideToo: boolean): void {
  // Each transaction again in full-width letters, after it: the same NFKC texts, first ASCII then Unicode.
  const txs = wideToo
    ? [...some, ...some.map((t) => ({ ...t, description: wide(t.description), counterparty: wide(t.counterparty) }))]
    : some;
  const v = validateRules(rules);
  fc.pre(v.ok);
  if (!v.ok) return;
  const compiled = compileRules(v.rules);
  const { results, rules: counts } = categorizeMany(compiled, txs, { overwrite });
  const expected = txs.map((t) => referenceCategorize(v.rules, t, overwrite));
  expect(results).toEqual(expected);
  const matched = rules.map((_, i) => expected.filter((e) => e.matchedRuleIndexes.includes(i)).length);
  const applied = rules.map((_, i) =>
    expected.filter((e) => e.categoryRuleIndex === i || e.kindRuleIndex === i).length
  );
  expect(counts).toEqual(
    rules.map((r, i) => ({ id: r.id, matched_count: matched[i], applied_count: applied[i] })),
  );
  // The column form, on a compiled list of its own and on the one already used (its scratch is reused).
  for (const c of [compileRules(v.rules), compiled]) {
    const columns = categorizeColumns(
      c,
      txs,
      txs.map((t) => Number(t.amountMinor)),
      txs.map((t) => t.scale),
      { overwrite },
    );
    expect([...columns.categoryRule]).toEqual(expected.map((e) => e.categoryRuleIndex ?? -1));
    expect([...columns.kindRule]).toEqual(expected.map((e) => e.kindRuleIndex ?? -1));
    expect([...columns.matched]).toEqual(matched);
    expect([...columns.applied]).toEqual(applied);
  }
}

// Printable ASCII only, capitals and lower case from a small alphabet: most texts are clean (isCleanAscii) and meet
// the values in another case, so the path that reads A–Z as a–z is taken on nearly every text.
const asciiText = fc.array(fc.constantFrom("a", "B", "c", "A", "b", "C", " ", "1", "."), { maxLength: 7 })
  .map((p) => p.join(""));
const asciiNeedle = asciiText.filter((t) => t.trim() !== "");
const asciiCondition = fc.oneof(
  fc.record({
    field: fc.constantFrom("description", "counterparty", "text", "account"),
    op: fc.constantFrom("equals", "contains", "starts_with", "ends_with"),
    value: asciiNeedle,
  }),
  fc.record({
    field: fc.constantFrom("description", "counterparty", "text", "account"),
    op: fc.constant("one_of"),
    value: fc.array(asciiNeedle, { minLength: 1, maxLength: 3 }),
  }),
  fc.record({
    field: fc.constantFrom("description", "counterparty", "text"),
    op: fc.constant("key_equals"),
    value: fc.constantFrom("a", "ab", "a b", "abc", "c a", "b c a"),
  }),
  fc.record({
    field: fc.constantFrom("description", "counterparty", "text"),
    op: fc.constant("matches"),
    value: fc.constantFrom("^ab", "c$", "a.c", "\\bb", "ab|ca", "b\\.?c", "^(a|b)c\\b", "1$", "[0-9] ?a"),
  }),
);
const asciiRules = fc.array(
  fc.record({
    match: fc.option(fc.constantFrom("all", "any"), { nil: undefined }),
    conditions: fc.array(asciiCondition, { minLength: 1, maxLength: 2 }),
    set: fc.oneof(
      fc.record({ category: fc.constantFrom("A", "B") }),
      fc.record({ kind: fc.constantFrom("income", "transfer") }),
    ),
  }),
  { maxLength: 30 },
).map((bodies) =>
  bodies.map((b, i) => {
    const rule: Record<string, unknown> = { id: `r${i}`, conditions: b.conditions, set: b.set };
    if (b.match !== undefined) rule.match = b.match;
    return rule as unknown as Rule;
  })
);
const asciiTransaction: fc.Arbitrary<CategorizeTransaction> = fc.record({
  description: fc.option(asciiText, { nil: null }),
  counterparty: fc.option(asciiText, { nil: undefined }),
  account: fc.option(asciiText, { nil: null }),
  amountMinor: fc.integer({ min: -300, max: 300 }),
  scale: fc.constantFrom(0, 2),
  category: fc.option(fc.constantFrom("", "own"), { nil: null }),
  kind: fc.option(fc.constantFrom("income", "expense", "transfer"), { nil: null }),
});

describe("the fast evaluator equals the reference evaluation", () => {
  it("on random rules and transactions, with and without overwrite", () => {
    fc.assert(
      fc.property(rulesArb, fc.array(transaction, { maxLength: 15 }), fc.boolean(), (rules, some, overwrite) => {
        agrees(rules, some, overwrite, true);
      }),
      { numRuns: 400 },
    );
  });

  it("on printable-ASCII text in mixed case", () => {
    fc.assert(
      fc.property(asciiRules, fc.array(asciiTransaction, { maxLength: 20 }), fc.boolean(), (rules, some, overwrite) => {
        agrees(rules, some, overwrite, false);
      }),
      { numRuns: 400 },
    );
  });
});
