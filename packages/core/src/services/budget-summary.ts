import { percentage } from "../api/percentage.ts";
import { monthEnd, monthStart } from "../calendar/months.ts";
import { type Calculator, numberCalculator } from "../money/calculator.ts";
import { compareCategory } from "./category-order.ts";
import type { LedgerEntry } from "./ledger-entry.ts";

export interface Budget {
  readonly category: string;
  /** Budgeted amount, minor units, ≥ 0. Categories are unique. */
  readonly amount: number;
}

export type BudgetStatus = "under" | "near" | "over" | "unbudgeted";

export interface BudgetCategory {
  readonly category: string | null;
  readonly budgeted: number;
  readonly spent: number;
  readonly remaining: number;
  readonly percent_used: number | null;
  readonly status: BudgetStatus;
}

export interface BudgetResult {
  readonly year: number;
  readonly month: number;
  readonly period_start: string;
  readonly period_end: string;
  readonly income: number;
  readonly budgeted: number;
  readonly spent: number;
  readonly remaining: number;
  readonly unbudgeted_spent: number;
  readonly categories: readonly BudgetCategory[];
}

/** Status of a budgeted category; `near` uses the percentage as rounded and shown. */
export function budgetStatus(budgeted: number, spent: number, percentUsed: number | null): BudgetStatus {
  if (spent > budgeted) return "over";
  if (percentUsed !== null && percentUsed >= 90) return "near";
  return "under";
}

/**
 * Budget versus actual for one month (API.md §2 BudgetSummary), amounts in minor units. Entries dated in the
 * month count; transfers never do. A category appears when it has a budget or at least one expense entry in the
 * month.
 */
export function budgetSummary(
  entries: readonly LedgerEntry[],
  budgets: readonly Budget[],
  year: number,
  month: number,
  calc: Calculator = numberCalculator,
): BudgetResult {
  const start = monthStart(year, month);
  const prefix = start.slice(0, 8);
  let income = 0;
  let spent = 0;
  const spentBy = new Map<string | null, number>();
  for (const entry of entries) {
    if (entry.kind === "transfer" || entry.date === null || !entry.date.startsWith(prefix)) continue;
    if (entry.kind === "income") {
      income = calc.add(income, entry.amount);
      continue;
    }
    const amount = calc.subtract(0, entry.amount);
    spent = calc.add(spent, amount);
    spentBy.set(entry.category, calc.add(spentBy.get(entry.category) ?? 0, amount));
  }
  const budgetBy = new Map<string, number>();
  let budgeted = 0;
  for (const b of budgets) {
    budgetBy.set(b.category, b.amount);
    budgeted = calc.add(budgeted, b.amount);
  }
  const names = new Set<string | null>([...budgetBy.keys(), ...spentBy.keys()]);
  const categories: BudgetCategory[] = [];
  let unbudgeted = 0;
  for (const category of [...names].sort(compareCategory)) {
    const catSpent = spentBy.get(category) ?? 0;
    const catBudget = category === null ? undefined : budgetBy.get(category);
    if (catBudget === undefined) {
      unbudgeted = calc.add(unbudgeted, catSpent);
      categories.push({
        category,
        budgeted: 0,
        spent: catSpent,
        remaining: calc.subtract(0, catSpent),
        percent_used: null,
        status: "unbudgeted",
      });
      continue;
    }
    const percentUsed = percentage(catSpent, catBudget);
    categories.push({
      category,
      budgeted: catBudget,
      spent: catSpent,
      remaining: calc.subtract(catBudget, catSpent),
      percent_used: percentUsed,
      status: budgetStatus(catBudget, catSpent, percentUsed),
    });
  }
  return {
    year,
    month,
    period_start: start,
    period_end: monthEnd(year, month),
    income,
    budgeted,
    spent,
    remaining: calc.subtract(budgeted, spent),
    unbudgeted_spent: unbudgeted,
    categories,
  };
}
