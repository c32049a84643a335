import type { BudgetMonth } from "../services/budget-rollover.ts";
import type { ErrorCollector } from "./error-collector.ts";
import { parseBudgets } from "./parse-budgets.ts";
import type { ResolvedCurrency } from "./resolve-currency.ts";

export interface HistoryInput {
  readonly year: number;
  readonly month: number;
  readonly budgets: readonly { readonly category: string; readonly amount: string | number }[];
}

const name = (year: number, month: number) => `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}`;

/**
 * POST `history` (API.md §9.4, §9.6): each month distinct (422 `duplicate` at `/history/i`), strictly before the
 * requested month and within the 24 months before it (422 `out_of_range` at `/history/i`), its budgets parsed like
 * the month's own.
 */
export function parseBudgetHistory(
  history: readonly HistoryInput[],
  year: number,
  month: number,
  currency: ResolvedCurrency,
  errors: ErrorCollector,
): BudgetMonth[] {
  const target = year * 12 + month - 1;
  const seen = new Map<number, number>();
  return history.map((h, i) => {
    const index = h.year * 12 + h.month - 1;
    const pointer = `/history/${i}`;
    const first = seen.get(index);
    if (first !== undefined) {
      errors.at(
        pointer,
        "duplicate",
        `\`${pointer}\` repeats the month ${name(h.year, h.month)} of \`/history/${first}\`.`,
      );
    } else seen.set(index, i);
    if (index >= target || index < target - 24) {
      errors.at(
        pointer,
        "out_of_range",
        `\`${pointer}\` is ${name(h.year, h.month)}; history months must lie strictly before ${name(year, month)} ` +
          "and within the 24 months before it.",
      );
    }
    return { year: h.year, month: h.month, budgets: parseBudgets(h.budgets, currency, `${pointer}/budgets`, errors) };
  });
}
