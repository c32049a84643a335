/**
 * POST categorize's body (categorization-json.ts) must be the UTF-8 of `JSON.stringify` of the report `run` builds,
 * byte for byte: a hand-worked body, then random bodies whose ids and categories hold quotes, backslashes, control
 * characters, line separators, emoji and lone surrogates (which JSON.stringify escapes as \udxxx). The bytes are
 * decoded strictly (a malformed sequence fails) and compared with the text, and encoded text with the bytes.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { createOperations } from "./index.ts";

const categorize = createOperations().byName.categorize_transactions;

function both(body: unknown): { json: string; stringified: string } {
  const input = categorize.input.parse(body);
  const chunks = categorize.runJsonChunks!(input);
  expect(chunks.every((chunk) => chunk.length > 0)).toBe(true);
  const bytes = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.length;
  }
  const stringified = JSON.stringify(categorize.run(input));
  expect([...bytes]).toEqual([...new TextEncoder().encode(stringified)]);
  return { json: new TextDecoder("utf-8", { fatal: true }).decode(bytes), stringified };
}

describe("categorize_transactions: runJsonChunks", () => {
  it("writes a hand-worked report", () => {
    const { json, stringified } = both({
      rules: [
        {
          id: "food",
          conditions: [{ field: "description", op: "contains", value: "aldi" }],
          set: { category: "Food" },
        },
        { id: "move", conditions: [{ field: "account", op: "equals", value: "savings" }], set: { kind: "transfer" } },
      ],
      transactions: [
        { id: "a", date: "2026-01-02", amount: "-12.50", description: "ALDI 42" },
        { date: "2026-01-03", amount: "100", description: "Salary", category: 'Pay "net"', kind: "income" },
        { id: null, date: "2026-01-04", amount: "-5", description: "Aldi", account: "Savings" },
        { date: "2026-01-05", amount: "0", description: "Fee" },
      ],
    });
    const expected = '{"transactions":[' +
      '{"index":0,"id":"a","category":"Food","kind":"expense","category_source":"rule","category_rule_id":"food",' +
      '"kind_source":"default","kind_rule_id":null},' +
      '{"index":1,"id":null,"category":"Pay \\"net\\"","kind":"income","category_source":"input",' +
      '"category_rule_id":null,"kind_source":"input","kind_rule_id":null},' +
      '{"index":2,"id":null,"category":"Food","kind":"transfer","category_source":"rule","category_rule_id":"food",' +
      '"kind_source":"rule","kind_rule_id":"move"},' +
      '{"index":3,"id":null,"category":null,"kind":"expense","category_source":null,"category_rule_id":null,' +
      '"kind_source":"default","kind_rule_id":null}],' +
      '"rules":[{"id":"food","matched_count":2,"applied_count":2},{"id":"move","matched_count":1,"applied_count":1}],' +
      '"totals":{"transaction_count":4,"categorized_count":3,"uncategorized_count":1,"categorized_by_rule_count":2,' +
      '"kind_set_by_rule_count":1}}';
    expect(json).toBe(expected);
    expect(stringified).toBe(expected);
  });

  it("equals JSON.stringify(run(input)) on random bodies with hostile strings", () => {
    const text = fc.oneof(
      fc.constantFrom("Food", "Rent", 'say "hi"', "back\\slash", "tab\there", "\u2028line", "😀 emoji", "\ud800", "é"),
      fc.string({ unit: "binary", minLength: 1, maxLength: 6 }),
    );
    const ruleCategory = text.filter((s) => !/^\s|\s$/u.test(s));
    const rule = fc.record({
      id: fc.stringMatching(/^[A-Za-z0-9_-]{1,8}$/),
      conditions: fc.constant([{ field: "description", op: "contains", value: "a" }]),
      set: fc.oneof(
        fc.record({ category: ruleCategory }),
        fc.record({ kind: fc.constantFrom("income", "expense", "transfer") }),
        fc.record({ category: ruleCategory, kind: fc.constantFrom("income", "expense", "transfer") }),
      ),
    });
    const transaction = fc.record({
      id: fc.option(text, { nil: undefined }),
      date: fc.constant("2026-03-01"),
      amount: fc.constantFrom("-1.00", "0", "2.5", "-0.01"),
      description: fc.constantFrom("a", "b", "Aa", ""),
      category: fc.option(fc.oneof(text, fc.constant("")), { nil: undefined }),
      kind: fc.option(fc.constantFrom("income", "expense", "transfer"), { nil: undefined }),
    }, { requiredKeys: ["date", "amount", "description"] });
    fc.assert(
      fc.property(
        fc.uniqueArray(rule, { maxLength: 6, selector: (r) => r.id }),
        fc.array(transaction, { maxLength: 25 }),
        fc.boolean(),
        (rules, transactions, overwrite) => {
          const { json, stringified } = both({ rules, transactions, overwrite });
          expect(json).toBe(stringified);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("spreads a long report over chunks of about 64 KiB without splitting a character (Unicode ids and categories)", () => {
    const names = ["Café ☕", 'Miete "Mai"', "😀 Spaß", "naïve\\path", "İstanbul"];
    const transactions = Array.from({ length: 3000 }, (_, i) => ({
      id: `${names[i % names.length]} #${i} ${"ü".repeat(i % 40)}`,
      date: "2026-03-01",
      amount: i % 3 === 0 ? "12.50" : "-3.10",
      description: i % 2 === 0 ? "ALDI SÜD" : "Miete",
      ...(i % 7 === 0 ? { category: names[(i + 1) % names.length] } : {}),
    }));
    const input = categorize.input.parse({
      rules: [{
        id: "food",
        conditions: [{ field: "description", op: "contains", value: "aldi" }],
        set: { category: "Essen 🍎" },
      }],
      transactions,
    });
    const chunks = categorize.runJsonChunks!(input);
    expect(chunks.length).toBeGreaterThan(3);
    // Each chunk is whole UTF-8 on its own: rows are never split.
    for (const chunk of chunks) new TextDecoder("utf-8", { fatal: true }).decode(chunk);
    const { json, stringified } = both({
      rules: [{
        id: "food",
        conditions: [{ field: "description", op: "contains", value: "aldi" }],
        set: { category: "Essen 🍎" },
      }],
      transactions,
    });
    expect(json).toBe(stringified);
  });
});
