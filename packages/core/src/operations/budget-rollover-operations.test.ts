import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ProfileRow } from "../contracts/account-data.ts";
import { InMemoryAccountData } from "../testing/in-memory-account-data.ts";
import { storedTransaction } from "../testing/stored-transaction.ts";
import { asyncErrorsOf, errorsOf, get, post } from "../testing/run.ts";
import { createOperations } from "./index.ts";

const { byName } = createOperations();
const calculate = byName.calculate_budget_summary;
const getSummary = byName.get_budget_summary;

/** March 2026; groceries is overspent in January, fun is budgeted in January only. */
const body = {
  currency: "EUR",
  year: 2026,
  month: 3,
  budgets: [{ category: "groceries", amount: "100.00" }],
  history: [
    { year: 2026, month: 1, budgets: [{ category: "groceries", amount: "100.00" }, { category: "fun", amount: 50 }] },
    { year: 2026, month: 2, budgets: [{ category: "groceries", amount: "100.00" }] },
  ],
  transactions: [
    { date: "2026-01-05", amount: "-150.00", category: "groceries" },
    { date: "2026-02-05", amount: "-20.00", category: "groceries" },
    { date: "2026-03-05", amount: "-30.00", category: "groceries" },
    { date: "2026-01-20", amount: "-10.00", category: "fun" },
    { date: "2026-02-20", amount: "-15.00", category: "fun" }, // February has no fun row: budgeted 0
  ],
};

describe("calculate_budget_summary with rollover", () => {
  it("positive: 80.00 carried into groceries, 25.00 into fun (listed without a March row)", () => {
    const r = post(calculate, { ...body, rollover: "positive" });
    expect(r.categories).toEqual([
      {
        category: "fun",
        budgeted: "0.00",
        spent: "0.00",
        remaining: "0.00",
        percent_used: null,
        status: "unbudgeted",
        carryover_in: "25.00", // 50.00 − 10.00 = 40.00, then 0 + 40.00 − 15.00
        available: "25.00",
      },
      {
        category: "groceries",
        budgeted: "100.00",
        spent: "30.00",
        remaining: "70.00",
        percent_used: 30,
        status: "under",
        carryover_in: "80.00", // January −50.00 floored to 0; February 100.00 − 20.00
        available: "150.00",
      },
    ]);
    expect([r.budgeted, r.spent, r.remaining, r.carryover_in, r.available]).toEqual([
      "100.00",
      "30.00",
      "70.00",
      "105.00",
      "175.00",
    ]);
    expect(calculate.output.safeParse(r).success).toBe(true);
  });

  it("full: the January overspend carries forward", () => {
    const r = post(calculate, { ...body, rollover: "full" });
    // groceries: −50.00 into February, 100.00 − 50.00 − 20.00 = 30.00 into March.
    expect(r.categories.map((c) => [c.category, c.carryover_in, c.available])).toEqual([
      ["fun", "25.00", "25.00"],
      ["groceries", "30.00", "100.00"],
    ]);
    expect([r.carryover_in, r.available]).toEqual(["55.00", "125.00"]);
  });

  it("none (or absent) gives the v1 response with zero carryover and available = remaining", () => {
    const none = post(calculate, { ...body, rollover: "none" });
    expect(JSON.stringify(post(calculate, body))).toBe(JSON.stringify(none));
    expect(none.categories).toEqual([{
      category: "groceries",
      budgeted: "100.00",
      spent: "30.00",
      remaining: "70.00",
      percent_used: 30,
      status: "under",
      carryover_in: "0.00",
      available: "70.00",
    }]);
    expect([none.carryover_in, none.available]).toEqual(["0.00", "70.00"]);
  });

  it("rejects duplicated history months and months not strictly before, or more than 24 months before", () => {
    const history = [
      { year: 2026, month: 1, budgets: [] },
      { year: 2026, month: 1, budgets: [] }, // duplicate
      { year: 2026, month: 3, budgets: [] }, // the requested month itself
      { year: 2026, month: 4, budgets: [] }, // later
      { year: 2024, month: 2, budgets: [] }, // 25 months before
      { year: 2024, month: 3, budgets: [{ category: "a", amount: "1" }, { category: "a", amount: "-1" }] },
    ];
    expect(errorsOf(() => post(calculate, { ...body, rollover: "full", history }))).toEqual([
      ["/history/1", "duplicate"],
      ["/history/2", "out_of_range"],
      ["/history/3", "out_of_range"],
      ["/history/4", "out_of_range"],
      ["/history/5/budgets/1/amount", "out_of_range"],
      ["/history/5/budgets/1/category", "duplicate"],
    ]);
  });

  it("rejects more than 24 history months and an unknown rollover", () => {
    const history = Array.from({ length: 25 }, (_, i) => ({ year: 2024, month: (i % 12) + 1, budgets: [] }));
    expect(errorsOf(() => post(calculate, { ...body, history }))).toEqual([["/history", "too_many_items"]]);
    expect(errorsOf(() => post(calculate, { ...body, rollover: "carry" }))).toEqual([["/rollover", "invalid_value"]]);
    expect(errorsOf(() => post(calculate, { ...body, rollover: "POSITIVE" }))).toEqual([[
      "/rollover",
      "invalid_value",
    ]]);
  });

  it("property: with none, deleting the new fields leaves the v1 fields in the v1 order", () => {
    const v1Keys = [
      "currency",
      "year",
      "month",
      "period_start",
      "period_end",
      "income",
      "budgeted",
      "spent",
      "remaining",
      "unbudgeted_spent",
      "categories",
    ];
    const txArb = fc.record({
      date: fc.constantFrom("2026-01-03", "2026-02-03", "2026-03-03", "2026-03-31"),
      amount: fc.integer({ min: -99999, max: 99999 }).map((n) => (n / 100).toFixed(2)),
      category: fc.constantFrom("a", "b", null),
    });
    fc.assert(fc.property(fc.array(txArb, { maxLength: 20 }), fc.constantFrom("a", "b"), (transactions, cat) => {
      const input = { ...body, budgets: [{ category: cat, amount: "10.00" }], transactions };
      const r = post(calculate, { ...input, rollover: "none" }) as Record<string, unknown> & {
        categories: Record<string, unknown>[];
      };
      expect(JSON.stringify(post(calculate, input))).toBe(JSON.stringify(r));
      const { carryover_in, available, ...rest } = r;
      expect([carryover_in, Object.keys(rest)]).toEqual(["0.00", v1Keys]);
      expect(available).toBe(r.remaining);
      for (const c of r.categories) {
        expect(Object.keys(c)).toEqual([
          "category",
          "budgeted",
          "spent",
          "remaining",
          "percent_used",
          "status",
          "carryover_in",
          "available",
        ]);
        expect([c.carryover_in, c.available]).toEqual(["0.00", c.remaining]);
      }
    }));
  });
});

describe("get_budget_summary with rollover", () => {
  const PROFILE: ProfileRow = { default_currency: "EUR", timezone: "UTC", today: "2026-03-15" };
  const tx = storedTransaction;
  const stored = {
    profile: PROFILE,
    budgets: [
      { month: "2024-02-01", currency: "EUR", category: "old", amount_minor: 90000 }, // 25 months back: ignored
      { month: "2024-03-01", currency: "EUR", category: "fun", amount_minor: 1000 }, // 24 months back: a chain
      { month: "2026-01-01", currency: "EUR", category: "groceries", amount_minor: 10000 },
      { month: "2026-02-01", currency: "EUR", category: "groceries", amount_minor: 10000 },
      { month: "2026-03-01", currency: "EUR", category: "groceries", amount_minor: 10000 },
      { month: "2026-02-01", currency: "USD", category: "groceries", amount_minor: 70000 }, // other currency
    ],
    transactions: [
      tx("2026-01-05", -15000, "groceries"),
      tx("2026-02-05", -2000, "groceries"),
      tx("2026-03-05", -3000, "groceries"),
      tx("2025-07-01", -400, "fun"),
      tx("2026-02-07", -5000, "groceries", "USD"),
    ],
  };

  it("reads the 24 months before the month in the currency, and carries like POST", async () => {
    const data = new InMemoryAccountData(stored);
    const r = await get(getSummary, { rollover: "full" }, { data, subject: "s" });
    expect(r.categories.map((c) => [c.category, c.budgeted, c.spent, c.status, c.carryover_in, c.available])).toEqual([
      ["fun", "0.00", "0.00", "unbudgeted", "6.00", "6.00"], // 10.00 in March 2024 − 4.00 in July 2025
      ["groceries", "100.00", "30.00", "under", "30.00", "100.00"],
    ]);
    expect([r.carryover_in, r.available, r.other_currencies]).toEqual(["36.00", "106.00", []]);
    expect(data.calls).toEqual([
      "profile",
      "ledgerTotals(2026-03-01,2026-03-31)",
      "budgets(2026-03-01)",
      "budgetMonths(EUR,2024-03-01,2026-02-01)",
      "monthlySpending(EUR,2024-03-01,2026-02-01)",
    ]);
    const positive = await get(getSummary, { rollover: "positive", month: "3", year: "2026" }, {
      data: new InMemoryAccountData(stored),
      subject: "s",
    });
    expect(positive.categories.map((c) => [c.category, c.carryover_in])).toEqual([["fun", "6.00"], [
      "groceries",
      "80.00",
    ]]);
    expect(getSummary.output.safeParse(positive).success).toBe(true);
  });

  it("none reads nothing more and adds zero carryover", async () => {
    const data = new InMemoryAccountData(stored);
    const r = await get(getSummary, { rollover: "none" }, { data, subject: "s" });
    expect(r.categories.map((c) => [c.category, c.carryover_in, c.available])).toEqual([
      ["groceries", "0.00", "70.00"],
    ]);
    expect(data.calls).toEqual(["profile", "ledgerTotals(2026-03-01,2026-03-31)", "budgets(2026-03-01)"]);
  });

  it("rejects an unknown rollover with 422 on the parameter", async () => {
    const data = new InMemoryAccountData(stored);
    for (const rollover of ["carry", "", "Full"]) {
      expect(await asyncErrorsOf(() => get(getSummary, { rollover }, { data, subject: "s" }))).toEqual([
        ["rollover", "invalid_value"],
      ]);
    }
  });
});
