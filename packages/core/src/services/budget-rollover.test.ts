import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { entry, rawEntryArb } from "../testing/ledger.ts";
import { type BudgetMonth, budgetRollover } from "./budget-rollover.ts";
import { budgetSummary } from "./budget-summary.ts";

describe("budgetRollover (hand-worked, March 2026)", () => {
  const budgets = [{ category: "groceries", amount: 10000 }, { category: "rent", amount: 50000 }];
  const history: BudgetMonth[] = [
    {
      year: 2026,
      month: 1,
      budgets: [{ category: "groceries", amount: 10000 }, { category: "fun", amount: 5000 }, {
        category: "books",
        amount: 2000,
      }],
    },
    {
      year: 2026,
      month: 2,
      budgets: [{ category: "groceries", amount: 10000 }, { category: "fun", amount: 5000 }, {
        category: "gifts",
        amount: 1000,
      }],
    },
  ];
  const entries = [
    entry("2026-01-05", -15000, "expense", "groceries"), // overspent by 50.00
    entry("2026-02-05", -2000, "expense", "groceries"),
    entry("2026-03-05", -3000, "expense", "groceries"),
    entry("2026-01-06", -1000, "expense", "fun"),
    entry("2026-02-06", -1000, "expense", "fun"), // fun: 40.00 then 80.00 left, nothing in March
    entry("2026-01-07", -2000, "expense", "books"), // books: exactly spent, carries 0
    entry("2026-02-08", -3000, "expense", "gifts"), // gifts: 20.00 over in February
    entry("2026-02-09", -50000, "expense", "rent"), // rent is first budgeted in March: no chain before
    entry("2026-03-09", -50000, "expense", "rent"),
    entry("2026-03-10", -500, "expense", null),
    entry("2026-03-01", 100000, "income", "salary"),
    entry("2026-02-11", -7000, "transfer", "fun"), // transfers never count
  ];
  const summary = budgetSummary(entries, budgets, 2026, 3);
  const rows = (policy: "none" | "positive" | "full") =>
    budgetRollover(summary, entries, history, policy).categories.map((c) => [
      c.category,
      c.budgeted,
      c.spent,
      c.remaining,
      c.percent_used,
      c.status,
      c.carryover_in,
      c.available,
    ]);

  it("positive: leftovers carry, the overspend does not; a carrying category without a March row is listed", () => {
    expect(rows("positive")).toEqual([
      ["fun", 0, 0, 0, null, "unbudgeted", 8000, 8000],
      // January −50.00 floored to 0; February 100.00 − 20.00 = 80.00
      ["groceries", 10000, 3000, 7000, 30, "under", 8000, 15000],
      ["rent", 50000, 50000, 0, 100, "near", 0, 0],
      [null, 0, 500, -500, null, "unbudgeted", 0, -500],
    ]);
    const r = budgetRollover(summary, entries, history, "positive");
    expect([r.budgeted, r.spent, r.remaining, r.unbudgeted_spent, r.carryover_in, r.available]).toEqual([
      60000,
      53500,
      6500,
      500,
      16000,
      22500,
    ]);
  });

  it("full: the overspend carries forward as a negative amount", () => {
    expect(rows("full")).toEqual([
      ["fun", 0, 0, 0, null, "unbudgeted", 8000, 8000],
      ["gifts", 0, 0, 0, null, "unbudgeted", -2000, -2000], // 10.00 − 30.00
      // January −50.00; February 100.00 − 50.00 − 20.00 = 30.00
      ["groceries", 10000, 3000, 7000, 30, "under", 3000, 10000],
      ["rent", 50000, 50000, 0, 100, "near", 0, 0],
      [null, 0, 500, -500, null, "unbudgeted", 0, -500],
    ]);
    const r = budgetRollover(summary, entries, history, "full");
    expect([r.carryover_in, r.available]).toEqual([9000, 15500]);
  });

  it("none: the summary's rows, with zero carryover and available = remaining", () => {
    expect(rows("none")).toEqual([
      ["groceries", 10000, 3000, 7000, 30, "under", 0, 7000],
      ["rent", 50000, 50000, 0, 100, "near", 0, 0],
      [null, 0, 500, -500, null, "unbudgeted", 0, -500],
    ]);
  });

  it("budget rows more than 24 months back or not before the month are ignored", () => {
    const far: BudgetMonth[] = [
      { year: 2024, month: 2, budgets: [{ category: "old", amount: 7000 }] },
      { year: 2026, month: 3, budgets: [{ category: "now", amount: 7000 }] },
      { year: 2026, month: 4, budgets: [{ category: "later", amount: 7000 }] },
    ];
    expect(budgetRollover(budgetSummary([], [], 2026, 3), [], far, "full").categories).toEqual([]);
    const near: BudgetMonth[] = [{ year: 2024, month: 3, budgets: [{ category: "old", amount: 7000 }] }];
    expect(budgetRollover(budgetSummary([], [], 2026, 3), [], near, "full").categories.map((c) => c.carryover_in))
      .toEqual([7000]);
  });
});

describe("budgetRollover properties", () => {
  const budgetArb = fc.uniqueArray(
    fc.record({
      category: fc.constantFrom("groceries", "rent", "Rent", "fun"),
      amount: fc.integer({ min: 0, max: 1e6 }),
    }),
    { selector: (b) => b.category, maxLength: 4 },
  );
  const historyArb = fc.uniqueArray(
    fc.record({ year: fc.constantFrom(2025, 2026), month: fc.integer({ min: 1, max: 12 }), budgets: budgetArb }),
    { selector: (h) => h.year * 12 + h.month, maxLength: 12 },
  );
  const input = fc.record({
    entries: fc.array(rawEntryArb, { maxLength: 50 }),
    budgets: budgetArb,
    history: historyArb,
    policy: fc.constantFrom("none" as const, "positive" as const, "full" as const),
  });

  it("none equals the v1 summary, with zero carryover and available = remaining", () => {
    fc.assert(fc.property(input, ({ entries, budgets, history }) => {
      const v1 = budgetSummary(entries, budgets, 2026, 6);
      const r = budgetRollover(v1, entries, history, "none");
      const { carryover_in, available, categories, ...rest } = r;
      const { categories: v1Categories, ...v1Rest } = v1;
      expect(rest).toEqual(v1Rest);
      expect(categories.map(({ carryover_in: _c, available: _a, ...c }) => c)).toEqual(v1Categories);
      expect([carryover_in, available]).toEqual([0, v1.remaining]);
      for (const c of categories) expect([c.carryover_in, c.available]).toEqual([0, c.remaining]);
    }));
  });

  it("the top level sums the rows; available = budgeted + carryover_in − spent everywhere", () => {
    fc.assert(fc.property(input, ({ entries, budgets, history, policy }) => {
      const r = budgetRollover(budgetSummary(entries, budgets, 2026, 6), entries, history, policy);
      expect(r.categories.reduce((s, c) => s + c.carryover_in, 0)).toBe(r.carryover_in);
      expect(r.categories.reduce((s, c) => s + c.available, 0)).toBe(r.available);
      expect(r.available).toBe(r.budgeted + r.carryover_in - r.spent);
      for (const c of r.categories) expect(c.available).toBe(c.budgeted + c.carryover_in - c.spent);
      if (policy === "positive") { for (const c of r.categories) expect(c.carryover_in).toBeGreaterThanOrEqual(0); }
    }));
  });

  it("shuffling the entries and the history changes nothing", () => {
    const shuffled = input.chain((i) =>
      fc.record({
        i: fc.constant(i),
        entries: fc.shuffledSubarray(i.entries, { minLength: i.entries.length, maxLength: i.entries.length }),
        history: fc.shuffledSubarray(i.history, { minLength: i.history.length, maxLength: i.history.length }),
      })
    );
    fc.assert(fc.property(shuffled, ({ i, entries, history }) => {
      const a = budgetRollover(budgetSummary(i.entries, i.budgets, 2026, 6), i.entries, i.history, i.policy);
      const b = budgetRollover(budgetSummary(entries, i.budgets, 2026, 6), entries, history, i.policy);
      expect(b).toEqual(a);
    }));
  });
});
