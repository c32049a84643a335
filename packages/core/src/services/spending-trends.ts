import { monthEnd, monthStart } from "../calendar/months.ts";
import { type Calculator, numberCalculator } from "../money/calculator.ts";
import { compareCategory } from "./category-order.ts";
import type { LedgerEntry } from "./ledger-entry.ts";
import { type TrendSeries, trendSeries } from "./trend-series.ts";

export interface CategoryTrend extends TrendSeries {
  readonly category: string | null;
}

export interface TrendsResult {
  readonly year: number;
  readonly month: number;
  readonly months: number;
  readonly window_start: string;
  readonly window_end: string;
  readonly total: TrendSeries;
  readonly categories: readonly CategoryTrend[];
}

/**
 * Spending trends over the `months` calendar months ending with (`year`, `month`) (API.md §9.5, §9.6). A month's
 * value in a category is the negated signed sum of its `expense` entries (refunds net; negative when refunds exceed
 * spending); income and transfers never count. A category appears when it has at least one expense entry in the
 * window; `total` sums every category. Categories are ordered by `current` descending, then by name (code points),
 * with the uncategorized row (null) last whatever its `current`. The window must lie within years 0001–9999.
 */
export function spendingTrends(
  entries: readonly LedgerEntry[],
  year: number,
  month: number,
  months: number,
  calc: Calculator = numberCalculator,
): TrendsResult {
  const last = year * 12 + month - 1;
  const first = last - months + 1;
  const total: number[] = new Array(months).fill(0);
  const byCategory = new Map<string | null, number[]>();
  for (const e of entries) {
    if (e.kind !== "expense" || e.date === null) continue;
    const slot = Number(e.date.slice(0, 4)) * 12 + Number(e.date.slice(5, 7)) - 1 - first;
    if (slot < 0 || slot >= months) continue;
    let series = byCategory.get(e.category);
    if (series === undefined) byCategory.set(e.category, series = new Array(months).fill(0));
    series[slot] = calc.subtract(series[slot]!, e.amount);
    total[slot] = calc.subtract(total[slot]!, e.amount);
  }
  const categories: CategoryTrend[] = [];
  for (const [category, series] of byCategory) categories.push({ category, ...trendSeries(series, calc) });
  categories.sort((a, b) =>
    a.category === null || b.category === null
      ? compareCategory(a.category, b.category)
      : b.current - a.current || compareCategory(a.category, b.category)
  );
  const startYear = Math.floor(first / 12);
  return {
    year,
    month,
    months,
    window_start: monthStart(startYear, first - startYear * 12 + 1),
    window_end: monthEnd(year, month),
    total: trendSeries(total, calc),
    categories,
  };
}
