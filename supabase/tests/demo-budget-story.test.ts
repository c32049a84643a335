/**
 * The demo data's rollover and trends story (scripts/db/demo-data.ts, aliceBudgetStory) holds for any end date:
 * 12+ months of budgets and spending, one category overspent twice (Gifts), one underspent steadily (Books), one
 * spike in the current month (Electronics), one new category (Pets). Checked through the core services, with the
 * carryovers worked out by hand.
 */
import { describe, expect, it } from "vitest";
import {
  type BudgetMonth,
  budgetRollover,
  budgetSummary,
  type LedgerEntry,
  resolveKind,
  spendingTrends,
} from "../../packages/core/src/mod.ts";
import { DEMO_USERS, generateDemoData } from "../../scripts/db/demo-data.ts";

const END_DATES = ["2026-11-30", "2026-11-23", "2026-12-01", "2027-01-01", "2026-02-28", "2028-02-29", "2025-07-15"];

describe.each(END_DATES)("the budget story ending %s", (endDate) => {
  const data = generateDemoData({ endDate });
  const alice = DEMO_USERS.alice.id;
  const entries: LedgerEntry[] = data.statement_transactions
    .filter((t) => t.user_id === alice && t.currency === "EUR")
    .map((t) => ({
      date: t.date,
      amount: t.amount_minor,
      kind: resolveKind(t.kind ?? undefined, t.amount_minor),
      category: t.category,
      count: 1,
    }));
  const byMonth = new Map<string, { category: string; amount: number }[]>();
  for (const b of data.budgets.filter((b) => b.user_id === alice && b.currency === "EUR")) {
    if (!byMonth.has(b.month)) byMonth.set(b.month, []);
    byMonth.get(b.month)!.push({ category: b.category, amount: b.amount_minor });
  }
  const history: BudgetMonth[] = [...byMonth].map(([month, budgets]) => ({
    year: Number(month.slice(0, 4)),
    month: Number(month.slice(5, 7)),
    budgets,
  }));
  const year = Number(endDate.slice(0, 4));
  const month = Number(endDate.slice(5, 7));
  const current = `${endDate.slice(0, 7)}-01`;
  const summary = budgetSummary(entries, byMonth.get(current) ?? [], year, month);
  const row = (policy: "positive" | "full", category: string) =>
    budgetRollover(summary, entries, history, policy).categories.find((c) => c.category === category);

  it("has at least 12 months of budgets and of spending, none after the end date", () => {
    expect(byMonth.size, "budget months").toBeGreaterThanOrEqual(12);
    const spendingMonths = new Set(entries.filter((e) => e.kind === "expense").map((e) => e.date!.slice(0, 7)));
    expect(spendingMonths.size, "spending months").toBeGreaterThanOrEqual(12);
    expect(entries.every((e) => e.date! <= endDate), "no transaction after the end date").toBe(true);
  });

  it("Gifts is overspent exactly twice in the 12 months, and positive and full rollover differ", () => {
    let over = 0;
    for (const [m, budgets] of byMonth) {
      const gifts = budgets.find((b) => b.category === "Gifts");
      if (gifts === undefined) continue;
      const s = budgetSummary(entries, budgets, Number(m.slice(0, 4)), Number(m.slice(5, 7)));
      if (s.categories.find((c) => c.category === "Gifts")!.status === "over") over++;
    }
    expect(over).toBe(2);
    // 11 months before the current one: 9 × (50.00 − 30.00) and 2 × (50.00 − 90.00). Full: 180.00 − 80.00;
    // positive: 20.00, then floored at 0 in the 2nd month, 5 × 20.00, −40.00, 3 × 20.00 = 120.00.
    expect(row("full", "Gifts")!.carryover_in).toBe(10000);
    expect(row("positive", "Gifts")!.carryover_in).toBe(12000);
  });

  it("Books is underspent every month and carries 11 × 25.00 into the current month", () => {
    let months = 0;
    for (const [m, budgets] of byMonth) {
      if (!budgets.some((b) => b.category === "Books")) continue;
      const s = budgetSummary(entries, budgets, Number(m.slice(0, 4)), Number(m.slice(5, 7)));
      expect(s.categories.find((c) => c.category === "Books")).toMatchObject({ budgeted: 4000, spent: 1500 });
      months++;
    }
    expect(months).toBe(12);
    expect(row("positive", "Books")).toMatchObject({ carryover_in: 27500, available: 30000 });
    expect(row("full", "Books")!.carryover_in).toBe(27500);
  });

  it("Electronics spikes in the current month and Pets is new, first budgeted this month", () => {
    const trends = spendingTrends(entries, year, month, 12);
    expect(trends.categories.find((c) => c.category === "Electronics")).toMatchObject({
      current: 24500,
      trailing_average: 2500,
      flag: "spike",
    });
    expect(trends.categories.find((c) => c.category === "Pets")).toMatchObject({ current: 4200, flag: "new" });
    expect(row("full", "Pets")).toMatchObject({ budgeted: 3000, spent: 4200, carryover_in: 0, status: "over" });
  });
});
