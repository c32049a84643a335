import { formatMinor } from "../money/format-minor.ts";
import type { RolloverResult } from "../services/budget-rollover.ts";

/** BudgetSummary JSON (API.md §2, with the §9.4 rollover fields) with a fixed key order. */
export function formatBudget(currency: string, scale: number, r: RolloverResult) {
  return {
    currency,
    year: r.year,
    month: r.month,
    period_start: r.period_start,
    period_end: r.period_end,
    income: formatMinor(r.income, scale),
    budgeted: formatMinor(r.budgeted, scale),
    spent: formatMinor(r.spent, scale),
    remaining: formatMinor(r.remaining, scale),
    unbudgeted_spent: formatMinor(r.unbudgeted_spent, scale),
    carryover_in: formatMinor(r.carryover_in, scale),
    available: formatMinor(r.available, scale),
    categories: r.categories.map((c) => ({
      category: c.category,
      budgeted: formatMinor(c.budgeted, scale),
      spent: formatMinor(c.spent, scale),
      remaining: formatMinor(c.remaining, scale),
      percent_used: c.percent_used,
      status: c.status,
      carryover_in: formatMinor(c.carryover_in, scale),
      available: formatMinor(c.available, scale),
    })),
  };
}
