import { describe, expect, it } from "vitest";
import { InMemoryAccountData } from "../testing/in-memory-account-data.ts";
import { storedTransaction } from "../testing/stored-transaction.ts";
import { asyncErrorsOf, errorsOf, get, post } from "../testing/run.ts";
import { suggestionId } from "../categorization/suggestion-id.ts";
import { createOperations } from "./index.ts";

const { byName } = createOperations();
const categorize = byName.categorize_transactions;
const suggestions = byName.calculate_categorization_suggestions;
const listRules = byName.list_categorization_rules;
const getSuggestions = byName.get_categorization_suggestions;

const RULES = [
  {
    id: "groceries",
    conditions: [{ field: "text", op: "one_of", value: ["tesco", "aldi"] }],
    set: { category: "groceries" },
  },
  {
    id: "savings",
    name: "To my savings",
    conditions: [
      { field: "description", op: "matches", value: "^transfer to (savings|isa)\\b" },
      { field: "account", op: "equals", value: "Current" },
    ],
    set: { kind: "transfer", category: "savings" },
  },
  { id: "off", enabled: false, conditions: [{ field: "amount", op: "lt", value: "0" }], set: { category: "x" } },
  { id: "shadowed", conditions: [{ field: "text", op: "contains", value: "tesco" }], set: { category: "food" } },
];

describe("categorize_transactions (worked by hand)", () => {
  it("explains every transaction and every rule", () => {
    const r = post(categorize, {
      rules: RULES,
      transactions: [
        { id: "t1", date: "2026-03-14", amount: "-42.10", counterparty: "TESCO", currency: "gbp" },
        { id: "t2", date: "2026-03-15", amount: -500, description: "Transfer to savings 7781", account: "current" },
        { id: "t3", date: "2026-03-16", amount: "-3.20", description: "Tesco", category: "treats" },
        { date: "2026-03-17", amount: "1200", currency: "JPY", description: "refund", category: "" },
        { id: null, date: "2026-03-18", amount: "0.0001", description: null, counterparty: null, account: null },
      ],
    });
    expect(r).toEqual({
      transactions: [
        {
          index: 0,
          id: "t1",
          category: "groceries",
          kind: "expense",
          category_source: "rule",
          category_rule_id: "groceries",
          kind_source: "default",
          kind_rule_id: null,
        },
        {
          index: 1,
          id: "t2",
          category: "savings",
          kind: "transfer",
          category_source: "rule",
          category_rule_id: "savings",
          kind_source: "rule",
          kind_rule_id: "savings",
        },
        {
          index: 2,
          id: "t3",
          category: "treats",
          kind: "expense",
          category_source: "input",
          category_rule_id: null,
          kind_source: "default",
          kind_rule_id: null,
        },
        {
          index: 3,
          id: null,
          category: null,
          kind: "income",
          category_source: null,
          category_rule_id: null,
          kind_source: "default",
          kind_rule_id: null,
        },
        {
          index: 4,
          id: null,
          category: null,
          kind: "income",
          category_source: null,
          category_rule_id: null,
          kind_source: "default",
          kind_rule_id: null,
        },
      ],
      rules: [
        { id: "groceries", matched_count: 2, applied_count: 1 },
        { id: "savings", matched_count: 1, applied_count: 1 },
        { id: "off", matched_count: 0, applied_count: 0 },
        { id: "shadowed", matched_count: 2, applied_count: 0 },
      ],
      totals: {
        transaction_count: 5,
        categorized_count: 3,
        uncategorized_count: 2,
        categorized_by_rule_count: 2,
        kind_set_by_rule_count: 1,
      },
    });
  });

  it("overwrite lets rules replace the transactions' own category and kind", () => {
    const r = post(categorize, {
      rules: RULES,
      overwrite: true,
      transactions: [{ date: "2026-03-16", amount: "-3.20", description: "Tesco", category: "treats", kind: "income" }],
    });
    expect(r.transactions[0]).toMatchObject({ category: "groceries", category_source: "rule", kind: "income" });
    expect(r.transactions[0]).toMatchObject({ kind_source: "input" });
  });

  it("no rules and no transactions are fine", () => {
    expect(post(categorize, { rules: [], transactions: [] })).toEqual({
      transactions: [],
      rules: [],
      totals: {
        transaction_count: 0,
        categorized_count: 0,
        uncategorized_count: 0,
        categorized_by_rule_count: 0,
        kind_set_by_rule_count: 0,
      },
    });
  });
});

describe("categorize_transactions: bad input is a 422 with a pointer", () => {
  it("checks amounts against each transaction's own currency, else 4 decimals", () => {
    expect(errorsOf(() =>
      post(categorize, {
        rules: [],
        transactions: [
          { date: "2026-01-01", amount: "1.005", currency: "EUR" },
          { date: "2026-01-01", amount: "1.5", currency: "JPY" },
          { date: "2026-01-01", amount: "1.00001" },
          { date: "2026-01-01", amount: "1.0001" },
          { date: "2026-01-01", amount: "1.005", currency: "BHD" },
          { date: "2026-01-01", amount: "1", currency: "XYZ" },
          { date: "2026-02-30", amount: "1" },
        ],
      })
    )).toEqual([
      ["/transactions/0/amount", "too_many_decimals"],
      ["/transactions/1/amount", "too_many_decimals"],
      ["/transactions/2/amount", "too_many_decimals"],
      ["/transactions/5/currency", "unknown_currency"],
      ["/transactions/6/date", "invalid_date"],
    ]);
  });

  it("reports rule errors with pointers under /rules, unknown fields anywhere", () => {
    expect(errorsOf(() =>
      post(categorize, {
        rules: [
          { id: "a", conditions: [{ field: "amount", op: "between", value: ["2", "1"] }], set: { category: "c" } },
          { id: "a", conditions: [{ field: "text", op: "matches", value: "(?=x)" }], set: { kind: "other" } },
        ],
        transactions: [{ date: "2026-01-01", amount: "1", memo: "x" }],
        overwrite: "yes",
      })
    )).toEqual([
      ["/rules/0/conditions/0/value", "invalid_range"],
      ["/rules/1/conditions/0/value", "invalid_format"],
      ["/rules/1/set/kind", "invalid_value"],
      ["/rules/1/id", "duplicate"],
      ["/transactions/0/memo", "unknown_field"],
      ["/overwrite", "invalid_type"],
    ]);
  });

  it("refuses more than 200 rules", () => {
    const rules = Array.from({ length: 201 }, (_, i) => ({
      id: `r${i}`,
      conditions: [{ field: "text", op: "contains", value: "x" }],
      set: { category: "c" },
    }));
    expect(errorsOf(() => post(categorize, { rules, transactions: [] }))).toEqual([["/rules", "too_many_items"]]);
  });

  it("bounds the work: transactions × conditions of all rules (disabled too) above 5,000,000 is too_large", () => {
    const rule = (i: number, enabled: boolean) => ({
      id: `r${i}`,
      enabled,
      conditions: Array(10).fill({ field: "amount", op: "lt", value: "0" }),
      set: { category: "c" },
    });
    const transactions = Array(50_000).fill({ date: "2026-01-01", amount: "-1" });
    // 10 rules × 10 conditions × 50,000 = 5,000,000: allowed.
    const ten = Array.from({ length: 10 }, (_, i) => rule(i, i % 2 === 0));
    expect(post(categorize, { rules: ten, transactions }).totals.categorized_count).toBe(50_000);
    // One more condition anywhere (here in a disabled rule) is 5,050,000: refused.
    const eleven = [...ten, { ...rule(10, false), conditions: [{ field: "amount", op: "lt", value: "0" }] }];
    expect(errorsOf(() => post(categorize, { rules: eleven, transactions }))).toEqual([["/rules", "too_large"]]);
  });
});

describe("hostile patterns: linear time, bounded answer", () => {
  it("answers the classic catastrophic patterns on 200-character fields about as fast as a trivial one", () => {
    const field = "a".repeat(199) + "!";
    const transactions = Array.from({ length: 2_000 }, (_, i) => ({
      date: "2026-01-01",
      amount: "-1",
      description: field,
      counterparty: `${"a".repeat(190)}${i}`, // distinct texts: no answer is reused
    }));
    const run = (patterns: string[]) => {
      const rules = patterns.map((value, i) => ({
        id: `p${i}`,
        conditions: [{ field: "counterparty", op: "matches", value }],
        set: { category: "hit" },
      }));
      const started = performance.now();
      const r = post(categorize, { rules, transactions });
      return { ms: performance.now() - started, matched: r.rules.map((x) => x.matched_count) };
    };
    run(["a"]); // warm up
    const trivial = run(["zzz", "yyy", "xxx"]);
    const hostile = run(["(a+)+$", "(a|a)*b", "(.*a){20}"]);
    expect(hostile.matched).toEqual([0, 0, 2_000]); // "(a+)+$" needs the a's at the end: the digits are last
    expect(trivial.matched).toEqual([0, 0, 0]);
    expect(hostile.ms / trivial.ms).toBeLessThan(25);
  });
});

describe("calculate_categorization_suggestions", () => {
  const history = [
    { id: "a", date: "2026-01-03", amount: "-9.99", description: "SPOTIFY P1234", category: "subscriptions" },
    { id: "b", date: "2026-02-03", amount: "-9.99", description: "SPOTIFY P2345", category: "subscriptions" },
    { id: "c", date: "2026-03-03", amount: "-9.99", description: "SPOTIFY P3456", category: "subscriptions" },
  ];
  it("defaults from and to to the earliest and latest input dates", () => {
    const r = post(suggestions, {
      transactions: [...history, { id: "d", date: "2026-04-03", amount: "-9.99", description: "SPOTIFY P4567" }],
    });
    expect(r).toEqual({
      from: "2026-01-03",
      to: "2026-04-03",
      suggestions: [{
        key: "spotify p",
        direction: "outflow",
        category: "subscriptions",
        uncategorized_count: 1,
        evidence: { considered: 3, agreeing: 3, transaction_ids: ["c", "b", "a"] },
        rule: {
          id: suggestionId("outflow", "spotify p"),
          name: "spotify p",
          enabled: true,
          match: "all",
          conditions: [{ field: "text", op: "key_equals", value: "spotify p" }, {
            field: "amount",
            op: "lt",
            value: "0",
          }],
          set: { category: "subscriptions" },
        },
      }],
    });
  });

  it("the suggested rule is valid as it is and categorizes the candidates", () => {
    const txs = [...history, { id: "d", date: "2026-04-03", amount: "-9.99", description: "SPOTIFY P4567" }];
    const [s] = post(suggestions, { transactions: txs }).suggestions;
    const r = post(categorize, { rules: [s!.rule], transactions: txs });
    expect(r.transactions[3]).toMatchObject({ category: "subscriptions", category_rule_id: s!.rule.id });
  });

  it("an empty request has null dates; from after to is invalid_range", () => {
    expect(post(suggestions, { transactions: [] })).toEqual({ from: null, to: null, suggestions: [] });
    expect(errorsOf(() => post(suggestions, { from: "2026-02-01", to: "2026-01-31", transactions: [] }))).toEqual([
      ["/to", "invalid_range"],
    ]);
    expect(errorsOf(() => post(suggestions, { from: "2026-05-01", transactions: history }))).toEqual([
      ["/from", "invalid_range"],
    ]);
  });
});

describe("GET twins on the in-memory port", () => {
  const ctx = (data: InMemoryAccountData) => ({ data, subject: "u", clock: () => new Date("2026-04-10T12:00:00Z") });

  it("list_categorization_rules returns the stored rules in position order, as Rules", async () => {
    const row = (position: number, id: string) => ({
      id,
      position,
      name: `rule ${position}`,
      enabled: position !== 2,
      match: "all" as const,
      conditions: [{ field: "text", op: "contains", value: "x" }],
      set: { category: "c" },
      created_at: "2026-01-01T00:00:00Z",
      updated_at: "2026-01-01T00:00:00Z",
    });
    const data = new InMemoryAccountData({
      rules: [row(2, "00000000-0000-5000-8000-000000000002"), row(1, "00000000-0000-5000-8000-000000000001")],
    });
    expect(await get(listRules, {}, ctx(data))).toEqual({
      data: [
        {
          id: "00000000-0000-5000-8000-000000000001",
          name: "rule 1",
          enabled: true,
          match: "all",
          conditions: [{ field: "text", op: "contains", value: "x" }],
          set: { category: "c" },
        },
        {
          id: "00000000-0000-5000-8000-000000000002",
          name: "rule 2",
          enabled: false,
          match: "all",
          conditions: [{ field: "text", op: "contains", value: "x" }],
          set: { category: "c" },
        },
      ],
    });
    expect(await asyncErrorsOf(() => get(listRules, { x: "1" }, ctx(data)))).toEqual([["x", "unknown_field"]]);
  });

  it("get_categorization_suggestions: defaults, the 25-month history window, ties by id descending", async () => {
    const t = (date: string, category: string | null, id: string) =>
      storedTransaction(date, -999, category, "EUR", { description: "SPOTIFY P1", id });
    const data = new InMemoryAccountData({
      transactions: [
        t("2024-03-10", "music", "00000000-0000-4000-8000-000000000001"), // = to − 25 months: outside
        t("2024-03-11", "music", "00000000-0000-4000-8000-000000000002"),
        t("2025-01-01", "music", "00000000-0000-4000-8000-000000000003"),
        t("2025-01-01", "fun", "00000000-0000-4000-8000-000000000009"),
        t("2025-04-10", null, "00000000-0000-4000-8000-000000000004"), // = to − 12 months: before `from`
        t("2025-04-11", null, "00000000-0000-4000-8000-000000000005"),
        t("2026-04-10", null, "00000000-0000-4000-8000-000000000006"),
      ],
    });
    const r = await get(getSuggestions, { to: "2026-04-10" }, ctx(data));
    expect(r.from).toBe("2025-04-11");
    expect(r.to).toBe("2026-04-10");
    // Latest history: 000…9 fun (same date, higher id first), 000…3 music, 000…2 music: music 2 of 3.
    expect(r.suggestions).toEqual([]);
    const more = new InMemoryAccountData({
      transactions: [
        ...["2024-05-01", "2024-06-01", "2024-07-01"].map((d, i) =>
          t(d, "music", `00000000-0000-4000-8000-00000000001${i}`)
        ),
        t("2026-04-01", null, "00000000-0000-4000-8000-000000000020"),
      ],
    });
    const today = await get(getSuggestions, {}, ctx(more));
    expect(today.from).toBe("2025-04-11"); // today (the clock: no profile) 2026-04-10
    expect(today.suggestions.map((s) => [s.category, s.evidence])).toEqual([[
      "music",
      {
        considered: 3,
        agreeing: 3,
        transaction_ids: [
          "00000000-0000-4000-8000-000000000012",
          "00000000-0000-4000-8000-000000000011",
          "00000000-0000-4000-8000-000000000010",
        ],
      },
    ]]);
    expect(await asyncErrorsOf(() => get(getSuggestions, { from: "2026-05-01", to: "2026-04-30" }, ctx(more))))
      .toEqual([["to", "invalid_range"]]);
  });
});
