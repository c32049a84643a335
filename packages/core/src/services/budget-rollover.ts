import { type Calculator, numberCalculator } from "../money/calculator.ts";
import type { Budget, BudgetCategory, BudgetResult } from "./budget-summary.ts";
import { carryoverIn, type ChainMonth, type RolloverPolicy } from "./carryover-in.ts";
import { compareCategory } from "./category-order.ts";
import type { LedgerEntry } from "./ledger-entry.ts";

/** The budget rows of one earlier month (POST `history`, or the rows GET reads). */
export interface BudgetMonth {
  readonly year: number;
  readonly month: number;
  readonly budgets: readonly Budget[];
}

export interface RolloverCategory extends BudgetCategory {
  readonly carryover_in: number;
  /** `budgeted + carryover_in − spent`. */
  readonly available: number;
}

export interface RolloverResult extends Omit<BudgetResult, "categories"> {
  /** Sum of the categories' `carryover_in`. */
  readonly carryover_in: number;
  /** Sum of the categories' `available` (= budgeted + carryover_in − spent). */
  readonly available: number;
  readonly categories: readonly RolloverCategory[];
}

type ChainMonthDraft = { -readonly [K in keyof ChainMonth]: ChainMonth[K] };

const monthIndex = (year: number, month: number) => year * 12 + month - 1;

/**
 * Adds rollover to a month's budget summary (API.md §9.4, §9.6). `summary` is `budgetSummary(entries, budgets,
 * year, month)`, unchanged; `history` holds the budget rows of earlier months and `entries` their spending (entries
 * of other months and of other kinds are ignored). Every row gains `carryover_in` (see `carryoverIn`) and
 * `available`; with a policy other than `none`, a category carrying a non-zero amount into the month gets a row even
 * without a budget or spending there (`budgeted` 0, `spent` 0, `percent_used` null, `unbudgeted`). With `none`
 * every carryover is zero and the rows are the summary's.
 */
export function budgetRollover(
  summary: BudgetResult,
  entries: readonly LedgerEntry[],
  history: readonly BudgetMonth[],
  policy: RolloverPolicy,
  calc: Calculator = numberCalculator,
): RolloverResult {
  const target = monthIndex(summary.year, summary.month);
  const carry = new Map<string, number>();
  if (policy !== "none") {
    const chains = chainMonths(target, entries, history, calc);
    for (const [category, months] of chains) {
      const amount = carryoverIn(policy, target, [...months.values()], calc);
      if (amount !== 0) carry.set(category, amount);
    }
  }
  const categories: RolloverCategory[] = [];
  const listed = new Set<string | null>();
  for (const c of summary.categories) {
    listed.add(c.category);
    const carryover = c.category === null ? 0 : carry.get(c.category) ?? 0;
    categories.push({
      ...c,
      carryover_in: carryover,
      available: calc.subtract(calc.add(c.budgeted, carryover), c.spent),
    });
  }
  for (const [category, carryover] of carry) {
    if (listed.has(category)) continue;
    categories.push({
      category,
      budgeted: 0,
      spent: 0,
      remaining: 0,
      percent_used: null,
      status: "unbudgeted",
      carryover_in: carryover,
      available: carryover,
    });
  }
  categories.sort((a, b) => compareCategory(a.category, b.category));
  let carryTotal = 0;
  let available = 0;
  for (const c of categories) {
    carryTotal = calc.add(carryTotal, c.carryover_in);
    available = calc.add(available, c.available);
  }
  return { ...summary, carryover_in: carryTotal, available, categories };
}

/**
 * The chain months of every category budgeted in the 24 months before `target`: each month with a budget row or
 * with expense entries for it.
 */
function chainMonths(
  target: number,
  entries: readonly LedgerEntry[],
  history: readonly BudgetMonth[],
  calc: Calculator,
): Map<string, Map<number, ChainMonthDraft>> {
  const chains = new Map<string, Map<number, ChainMonthDraft>>();
  for (const h of history) {
    const index = monthIndex(h.year, h.month);
    if (index < target - 24 || index >= target) continue;
    for (const b of h.budgets) {
      let months = chains.get(b.category);
      if (months === undefined) chains.set(b.category, months = new Map());
      months.set(index, { index, budgeted: b.amount, spent: 0 });
    }
  }
  for (const e of entries) {
    if (e.kind !== "expense" || e.date === null || e.category === null) continue;
    const months = chains.get(e.category);
    if (months === undefined) continue;
    const index = monthIndex(Number(e.date.slice(0, 4)), Number(e.date.slice(5, 7)));
    if (index < target - 24 || index >= target) continue;
    const m = months.get(index);
    if (m === undefined) months.set(index, { index, budgeted: undefined, spent: calc.subtract(0, e.amount) });
    else m.spent = calc.subtract(m.spent, e.amount);
  }
  return chains;
}
