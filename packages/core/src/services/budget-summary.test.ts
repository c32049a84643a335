import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aggregateLikeSql, entry, rawEntryArb } from "../testing/ledger.ts";
import { budgetStatus, budgetSummary } from "./budget-summary.ts";

describe("budgetSummary (hand-worked, February of a leap year)", () => {
  const budgets = [
    { category: "groceries", amount: 40000 },
    { category: "rent", amount: 100000 },
    { category: "fun", amount: 10000 },
    { category: "books", amount: 5000 },
    { category: "gifts", amount: 0 },
    { category: "zero", amount: 0 },
  ];
  const entries = [
    entry("2024-02-29", 250000, "income", "salary"), // leap day counts
    entry("2024-02-03", -37215, "expense", "groceries"), // 93.04 % → near
    entry("2024-02-01", -100000, "expense", "rent"), // exactly 100 % → near (spent ≤ budgeted)
    entry("2024-02-10", -12000, "expense", "fun"), // 120 % → over
    entry("2024-02-11", -4499, "expense", "books"), // 89.98 % → under
    entry("2024-02-12", -500, "expense", "gifts"), // zero budget, spent → over
    entry("2024-02-13", -6320, "expense", "travel"), // no budget → unbudgeted
    entry("2024-02-14", -1000, "expense", null), // uncategorized → unbudgeted, last
    entry("2024-02-15", -5000, "transfer", "rent"), // ignored
    entry("2024-03-01", -99999, "expense", "groceries"), // next month, ignored
  ];
  const r = budgetSummary(entries, budgets, 2024, 2);

  it("reports the period and the totals", () => {
    expect([r.period_start, r.period_end]).toEqual(["2024-02-01", "2024-02-29"]);
    expect(r.income).toBe(250000);
    expect(r.budgeted).toBe(155000);
    expect(r.spent).toBe(161534);
    expect(r.remaining).toBe(-6534);
    expect(r.unbudgeted_spent).toBe(7320);
  });

  it("lists categories by name with uncategorized last, each with its status", () => {
    expect(r.categories.map((c) => [c.category, c.budgeted, c.spent, c.remaining, c.percent_used, c.status])).toEqual([
      ["books", 5000, 4499, 501, 89.98, "under"],
      ["fun", 10000, 12000, -2000, 120, "over"],
      ["gifts", 0, 500, -500, null, "over"],
      ["groceries", 40000, 37215, 2785, 93.04, "near"],
      ["rent", 100000, 100000, 0, 100, "near"],
      ["travel", 0, 6320, -6320, null, "unbudgeted"],
      ["zero", 0, 0, 0, null, "under"],
      [null, 0, 1000, -1000, null, "unbudgeted"],
    ]);
  });

  it("a refund-only category appears with negative spending", () => {
    const t = budgetSummary([entry("2024-02-01", 700, "expense", "shoes")], [], 2024, 2);
    expect(t.categories).toEqual([
      { category: "shoes", budgeted: 0, spent: -700, remaining: 700, percent_used: null, status: "unbudgeted" },
    ]);
    expect(t.spent).toBe(-700);
  });

  it("empty input: zeros and no categories", () => {
    const t = budgetSummary([], [], 2026, 3);
    expect(t).toEqual({
      year: 2026,
      month: 3,
      period_start: "2026-03-01",
      period_end: "2026-03-31",
      income: 0,
      budgeted: 0,
      spent: 0,
      remaining: 0,
      unbudgeted_spent: 0,
      categories: [],
    });
  });
});

describe("budgetStatus", () => {
  it("uses the percentage as rounded and shown: 89.995 % shows 90.00 and is near", () => {
    // 179990 / 200000 = 89.995 % → 90.00 (half to even).
    expect(budgetStatus(200000, 179990, 90)).toBe("near");
    expect(budgetStatus(200000, 179980, 89.99)).toBe("under");
    expect(budgetStatus(100, 101, 101)).toBe("over");
    expect(budgetStatus(0, 0, null)).toBe("under");
  });

  it("through the service, the shown 90.00 gives near", () => {
    const r = budgetSummary(
      [entry("2026-01-05", -179990, "expense", "x")],
      [{ category: "x", amount: 200000 }],
      2026,
      1,
    );
    expect(r.categories[0]).toMatchObject({ percent_used: 90, status: "near" });
  });
});

describe("budgetSummary properties", () => {
  const entries = fc.array(rawEntryArb, { maxLength: 60 });
  const budgets = fc.uniqueArray(
    fc.record({
      category: fc.constantFrom("groceries", "rent", "fun", "travel"),
      amount: fc.integer({ min: 0, max: 1_000_000 }),
    }),
    { selector: (b) => b.category },
  );

  it("spent is the sum of the categories; unbudgeted_spent the sum of the unbudgeted rows", () => {
    fc.assert(fc.property(entries, budgets, (list, bs) => {
      const r = budgetSummary(list, bs, 2026, 3);
      expect(r.spent).toBe(r.categories.reduce((s, c) => s + c.spent, 0));
      expect(r.budgeted).toBe(r.categories.reduce((s, c) => s + c.budgeted, 0));
      expect(r.unbudgeted_spent).toBe(
        r.categories.filter((c) => c.status === "unbudgeted").reduce((s, c) => s + c.spent, 0),
      );
      expect(r.remaining).toBe(r.budgeted - r.spent);
    }));
  });

  it("the order of transactions and budgets does not matter", () => {
    fc.assert(fc.property(entries, budgets, (list, bs) => {
      expect(budgetSummary([...list].reverse(), [...bs].reverse(), 2026, 3)).toEqual(budgetSummary(list, bs, 2026, 3));
    }));
  });

  it("aggregated rows give the same report as raw transactions", () => {
    fc.assert(fc.property(entries, budgets, (list, bs) => {
      const aggregated = aggregateLikeSql(list, "2026-03-01", "2026-03-31");
      expect(budgetSummary(aggregated, bs, 2026, 3)).toEqual(budgetSummary(list, bs, 2026, 3));
    }));
  });
});
