import { formatMinor } from "../money/format-minor.ts";
import type { BudgetResult } from "../services/budget-summary.ts";

/** BudgetSummary JSON (API.md §2) with a fixed key order. */
export function formatBudget(currency: string, scale: number, r: BudgetResult) {
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
    categories: r.categories.map((c) => ({
      category: c.category,
      budgeted: formatMinor(c.budgeted, scale),
      spent: formatMinor(c.spent, scale),
      remaining: formatMinor(c.remaining, scale),
      percent_used: c.percent_used,
      status: c.status,
    })),
  };
}
