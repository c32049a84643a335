import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import { categorizeMany } from "./categorize-many.ts";
import { compileRules } from "./compile-rules.ts";
import { FieldTextIndex } from "./field-text-index.ts";
import type { Rule } from "./rule-schema.ts";
import {
  compileRulesCached,
  MAX_CACHED_KEY_CHARS,
  MAX_CACHED_LISTS,
  MAX_CACHED_TABLE_ENTRIES,
  tableEntriesOf,
  withCompiledRules,
} from "./rules-cache.ts";
import type { CategorizeTransaction } from "./transaction-view.ts";
import { validateRules } from "./validate-rules.ts";

function valid(json: unknown): Rule[] {
  const v = validateRules(json);
  if (!v.ok) throw new Error(JSON.stringify(v.errors));
  return [...v.rules];
}

/** A list of its own for each test (the cache is the process's): `tag` goes into every id. */
function list(tag: string): Rule[] {
  return valid([
    {
      id: `${tag}-rent`,
      conditions: [{ field: "counterparty", op: "equals", value: "Acme Lettings" }],
      set: { category: "rent" },
    },
    {
      id: `${tag}-food`,
      conditions: [{ field: "text", op: "contains", value: "tesco" }],
      set: { category: "groceries" },
    },
    {
      id: `${tag}-uber`,
      conditions: [{ field: "description", op: "matches", value: "\\buber\\b" }],
      set: { category: "taxi" },
    },
    { id: `${tag}-in`, conditions: [{ field: "amount", op: "gt", value: "0" }], set: { kind: "income" } },
  ]);
}

describe("compileRulesCached: a compiled rule list kept for the requests that send it again", () => {
  it("hands the same compiled list to an equal rule list, however its JSON was written", () => {
    const first = compileRulesCached(list("same"));
    // Another parse of the same rules: other objects, equal JSON.
    const again = compileRulesCached(JSON.parse(JSON.stringify(list("same"))) as Rule[]);
    expect(again).toBe(first);
    expect(compileRulesCached(list("other"))).not.toBe(first);
  });

  it("withCompiledRules hands out the kept list and empties its memos once used, also when the use throws", () => {
    const kept = compileRulesCached(list("memo"));
    const forget = vi.spyOn(FieldTextIndex.prototype, "forget");
    try {
      expect(withCompiledRules(list("memo"), (compiled) => compiled)).toBe(kept);
      expect(forget).toHaveBeenCalledTimes(4); // description, counterparty, text, account
      expect(() =>
        withCompiledRules(list("memo"), () => {
          throw new Error("half-way");
        })
      ).toThrow("half-way");
      expect(forget).toHaveBeenCalledTimes(8);
    } finally {
      forget.mockRestore();
    }
  });

  it("answers as a list compiled afresh, request after request (random transactions, repeated texts)", () => {
    const rules = list("property");
    const text = fc.constantFrom(
      "CARD TESCO 1234",
      "UBER *TRIP",
      "uber eats",
      "Acme Lettings",
      "  acme   LETTINGS ",
      "",
      "İ",
    );
    const transaction = fc.record({
      description: fc.option(text, { nil: undefined }),
      counterparty: fc.option(text, { nil: undefined }),
      amountMinor: fc.integer({ min: -100_000, max: 100_000 }),
      scale: fc.constant(2),
      category: fc.option(fc.constantFrom("manual", ""), { nil: undefined }),
    });
    fc.assert(
      fc.property(fc.array(fc.array(transaction, { maxLength: 30 }), { minLength: 1, maxLength: 4 }), (requests) => {
        for (const txs of requests as CategorizeTransaction[][]) {
          const cached = withCompiledRules(rules, (compiled) => categorizeMany(compiled, txs, { overwrite: false }));
          const fresh = categorizeMany(compileRules(rules), txs, { overwrite: false });
          expect(cached).toEqual(fresh);
        }
      }),
      { numRuns: 200 },
    );
  });

  it(`keeps the ${MAX_CACHED_LISTS} lists used last`, () => {
    const lists = Array.from({ length: MAX_CACHED_LISTS + 1 }, (_, i) => list(`lru-${i}`));
    const compiled = lists.map((rules) => compileRulesCached(rules));
    // The first went out when the last came in; the others are still kept.
    for (let i = 1; i < lists.length; i++) expect(compileRulesCached(lists[i]!)).toBe(compiled[i]);
    expect(compileRulesCached(lists[0]!)).not.toBe(compiled[0]);
  });

  it("compiles a list too large to keep for its request alone", () => {
    // 200 rules of 10 long, varied `contains` values: far more automaton entries than a kept list may hold.
    const letters = "abcdefghijklmnopqrstuvwxyz";
    let seed = 25;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) % 26;
    const value = () => Array.from({ length: 150 }, () => letters[random()]).join("");
    const big = valid(Array.from({ length: 200 }, (_, r) => ({
      id: `big-${r}`,
      conditions: Array.from({ length: 10 }, () => ({ field: "description", op: "contains", value: value() })),
      match: "any",
      set: { category: "big" },
    })));
    expect(tableEntriesOf(compileRules(big))).toBeGreaterThan(MAX_CACHED_TABLE_ENTRIES);
    expect(compileRulesCached(big)).not.toBe(compileRulesCached(big));
    // A long list whose automata are small (`key_equals` keys live in a trie): over the text bound, not kept either.
    const keys = valid(Array.from({ length: 200 }, (_, r) => ({
      id: `keys-${r}`,
      conditions: Array.from({ length: 10 }, (_, c) => ({
        field: "text",
        op: "key_equals",
        value: `${"payee ".repeat(32)}${letters[r % 26]}${letters[c]}`.trim(),
      })),
      match: "any",
      set: { category: "keys" },
    })));
    expect(JSON.stringify(keys).length).toBeGreaterThan(MAX_CACHED_KEY_CHARS);
    expect(tableEntriesOf(compileRules(keys))).toBeLessThanOrEqual(MAX_CACHED_TABLE_ENTRIES);
    expect(compileRulesCached(keys)).not.toBe(compileRulesCached(keys));
  });
});
