import { addMonths } from "../calendar/months.ts";
import type { AccountData, BudgetMonthRow } from "../contracts/account-data.ts";
import type { BudgetMonth } from "../services/budget-rollover.ts";
import type { RolloverPolicy } from "../services/carryover-in.ts";
import type { LedgerEntry } from "../services/ledger-entry.ts";
import { monthlySpendingEntries } from "./monthly-spending-entries.ts";

export interface RolloverHistory {
  readonly history: BudgetMonth[];
  /** The earlier months' spending: one expense entry per month and category, dated the month's start. */
  readonly entries: LedgerEntry[];
}

/**
 * What GET rollover needs besides the month itself (API.md §9.4): the budget rows and the monthly expense totals in
 * `currency` of the 24 months before the month starting `start` (only from year 0001 on). Nothing is read with
 * `none`.
 */
export async function loadRolloverHistory(
  data: AccountData,
  currency: string,
  start: string,
  policy: RolloverPolicy,
): Promise<RolloverHistory> {
  const to = addMonths(start, -1);
  if (policy === "none" || to === undefined) return { history: [], entries: [] };
  const from = addMonths(start, -24) ?? "0001-01-01";
  const [budgetRows, spendingRows] = await Promise.all([
    data.budgetMonths(currency, from, to),
    data.monthlySpending(currency, from, to),
  ]);
  return { history: budgetHistory(budgetRows), entries: monthlySpendingEntries(spendingRows) };
}

function budgetHistory(rows: readonly BudgetMonthRow[]): BudgetMonth[] {
  const byMonth = new Map<string, { category: string; amount: number }[]>();
  for (const r of rows) {
    let list = byMonth.get(r.month);
    if (list === undefined) byMonth.set(r.month, list = []);
    list.push({ category: r.category, amount: r.amount_minor });
  }
  return [...byMonth].map(([month, budgets]) => ({
    year: Number(month.slice(0, 4)),
    month: Number(month.slice(5, 7)),
    budgets,
  }));
}
