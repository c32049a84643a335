import { percentage } from "../api/percentage.ts";
import { type Calculator, numberCalculator } from "../money/calculator.ts";
import { compareCategory } from "./category-order.ts";
import type { LedgerEntry } from "./ledger-entry.ts";

export interface CategorySpending {
  readonly category: string | null;
  readonly total: number;
  readonly share_percent: number | null;
  readonly transaction_count: number;
}

export interface Spending {
  readonly total: number;
  readonly categories: readonly CategorySpending[];
  readonly excluded: {
    readonly income_count: number;
    readonly transfer_count: number;
    readonly outside_period_count: number;
  };
}

/**
 * Spending by category (API.md §2 SpendingReport), amounts in minor units. Only `expense` entries dated within
 * [from, to] count (null bound = unbounded; null date = outside). Income and transfers are counted in `excluded`
 * whatever their date. Categories: total descending, then name ascending, null after a named category of equal total.
 * `share_percent` is null when the report total is zero or less (API.md §2: refunds exceeding spending leave no
 * meaningful share of a non-positive total); a positive total divides, so the shares sum to 100 (within rounding).
 */
export function spendingByCategory(
  entries: readonly LedgerEntry[],
  from: string | null,
  to: string | null,
  calc: Calculator = numberCalculator,
): Spending {
  const totals = new Map<string | null, { total: number; count: number }>();
  let incomeCount = 0;
  let transferCount = 0;
  let outsideCount = 0;
  let total = 0;
  for (const entry of entries) {
    if (entry.kind === "income") {
      incomeCount = calc.add(incomeCount, entry.count);
      continue;
    }
    if (entry.kind === "transfer") {
      transferCount = calc.add(transferCount, entry.count);
      continue;
    }
    const date = entry.date;
    if (date === null || (from !== null && date < from) || (to !== null && date > to)) {
      outsideCount = calc.add(outsideCount, entry.count);
      continue;
    }
    const spent = calc.subtract(0, entry.amount);
    total = calc.add(total, spent);
    const bucket = totals.get(entry.category);
    if (bucket === undefined) totals.set(entry.category, { total: spent, count: entry.count });
    else {
      bucket.total = calc.add(bucket.total, spent);
      bucket.count = calc.add(bucket.count, entry.count);
    }
  }
  const categories: CategorySpending[] = [];
  for (const [category, bucket] of totals) {
    categories.push({
      category,
      total: bucket.total,
      share_percent: total > 0 ? percentage(bucket.total, total) : null,
      transaction_count: bucket.count,
    });
  }
  categories.sort((a, b) => b.total - a.total || compareCategory(a.category, b.category));
  return {
    total,
    categories,
    excluded: { income_count: incomeCount, transfer_count: transferCount, outside_period_count: outsideCount },
  };
}
