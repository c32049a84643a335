/**
 * Properties of the evaluator (API.md §10.2) over random rules and transactions: reordering rules that never match
 * the same transaction changes nothing; a disabled rule changes nothing; applying the output again with the same
 * rules changes nothing.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { categorizeMany } from "./categorize-many.ts";
import { compileRules } from "./compile-rules.ts";
import type { Rule } from "./rule-schema.ts";
import type { CategorizeTransaction } from "./transaction-view.ts";
import { validateRules } from "./validate-rules.ts";

const WORDS = ["tesco", "aldi", "rent", "salary", "netflix", "Transfer", "ＡＬＤＩ", "café"];

const condition = fc.oneof(
  fc.record({
    field: fc.constantFrom("description", "counterparty", "text"),
    op: fc.constantFrom("equals", "contains", "starts_with", "ends_with"),
    value: fc.constantFrom(...WORDS),
  }),
  fc.record({
    field: fc.constant("text"),
    op: fc.constant("one_of"),
    value: fc.subarray(WORDS, { minLength: 1 }),
  }),
  fc.record({ field: fc.constant("text"), op: fc.constant("key_equals"), value: fc.constantFrom("aldi", "rent") }),
  fc.record({
    field: fc.constant("description"),
    op: fc.constant("matches"),
    value: fc.constantFrom("^t", "i$", "a.d"),
  }),
  fc.record({
    field: fc.constant("amount"),
    op: fc.constantFrom("eq", "gt", "gte", "lt", "lte"),
    value: fc.constantFrom("-10", "0", "10.005", "-0.5"),
  }),
  fc.record({ field: fc.constant("amount"), op: fc.constant("between"), value: fc.constant(["-20", "20"]) }),
  fc.record({ field: fc.constant("account"), op: fc.constant("equals"), value: fc.constantFrom("joint", "card") }),
);

const ruleBody = fc.record({
  match: fc.constantFrom("all", "any"),
  conditions: fc.array(condition, { minLength: 1, maxLength: 3 }),
  set: fc.oneof(
    fc.record({ category: fc.constantFrom("A", "B", "C") }),
    fc.record({ kind: fc.constantFrom("income", "expense", "transfer") }),
    fc.record({ category: fc.constantFrom("A", "B"), kind: fc.constantFrom("transfer", "expense") }),
  ),
});

const rulesArb = fc.array(ruleBody, { maxLength: 8 }).map((bodies) =>
  bodies.map((b, i) => ({ id: `r${i}`, ...b }) as Rule)
);

const transaction: fc.Arbitrary<CategorizeTransaction> = fc.record({
  description: fc.option(fc.constantFrom(...WORDS.map((w) => `${w} 12`), "ALDI", "  "), { nil: null }),
  counterparty: fc.option(fc.constantFrom("", "Rent", "ＴＥＳＣＯ"), { nil: undefined }),
  account: fc.option(fc.constantFrom("Joint", "card"), { nil: null }),
  amountMinor: fc.integer({ min: -3000, max: 3000 }),
  scale: fc.constantFrom(0, 2),
  category: fc.option(fc.constantFrom("", "own"), { nil: null }),
  kind: fc.option(fc.constantFrom("income", "expense", "transfer"), { nil: null }),
});

function valid(rules: Rule[]): Rule[] {
  const v = validateRules(rules);
  if (!v.ok) throw new Error(JSON.stringify(v.errors));
  return v.rules;
}

/** Per transaction: the values and sources, with rule ids instead of indexes. */
function outcome(rules: Rule[], txs: CategorizeTransaction[], overwrite: boolean) {
  const compiled = compileRules(valid(rules));
  const { results, rules: counts } = categorizeMany(compiled, txs, { overwrite });
  const id = (i: number | null) => (i === null ? null : rules[i]!.id);
  return {
    rows: results.map((r) => ({
      category: r.category,
      categorySource: r.categorySource,
      categoryRule: id(r.categoryRuleIndex),
      kind: r.kind,
      kindSource: r.kindSource,
      kindRule: id(r.kindRuleIndex),
      matched: r.matchedRuleIndexes.map((i) => rules[i]!.id).sort(),
    })),
    counts: Object.fromEntries(counts.map((c) => [c.id, [c.matched_count, c.applied_count]])),
  };
}

describe("evaluator properties", () => {
  it("reordering rules that never match the same transaction changes nothing", () => {
    fc.assert(
      fc.property(rulesArb, fc.array(transaction, { maxLength: 30 }), fc.boolean(), (rules, txs, overwrite) => {
        const before = outcome(rules, txs, overwrite);
        fc.pre(before.rows.every((r) => r.matched.length <= 1));
        const reversed = outcome([...rules].reverse(), txs, overwrite);
        expect(reversed).toEqual(before);
      }),
      { numRuns: 300 },
    );
  });

  it("a disabled rule, anywhere in the list, changes nothing and counts nothing", () => {
    fc.assert(
      fc.property(rulesArb, ruleBody, fc.nat(), fc.array(transaction, { maxLength: 30 }), (rules, body, at, txs) => {
        const before = outcome(rules, txs, false);
        const position = at % (rules.length + 1);
        const withDisabled = [...rules];
        withDisabled.splice(position, 0, { id: "disabled", enabled: false, ...body } as Rule);
        const after = outcome(withDisabled, txs, false);
        expect(after.rows).toEqual(before.rows);
        expect(after.counts).toEqual({ ...before.counts, disabled: [0, 0] });
      }),
      { numRuns: 300 },
    );
  });

  it("applying the output again with the same rules changes no category and no kind", () => {
    fc.assert(
      fc.property(rulesArb, fc.array(transaction, { maxLength: 30 }), fc.boolean(), (rules, txs, overwrite) => {
        const first = outcome(rules, txs, overwrite).rows;
        const again = txs.map((t, i) => ({ ...t, category: first[i]!.category, kind: first[i]!.kind }));
        const second = outcome(rules, again, overwrite).rows;
        expect(second.map((r) => [r.category, r.kind])).toEqual(first.map((r) => [r.category, r.kind]));
      }),
      { numRuns: 300 },
    );
  });
});
