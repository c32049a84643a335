import { formatMinor } from "../money/format-minor.ts";
import type { TrendSeries } from "../services/trend-series.ts";
import type { TrendsResult } from "../services/spending-trends.ts";

function formatSeries(s: TrendSeries, scale: number) {
  return {
    monthly: s.monthly.map((v) => formatMinor(v, scale)),
    mean: formatMinor(s.mean, scale),
    median: formatMinor(s.median, scale),
    current: formatMinor(s.current, scale),
    trailing_average: formatMinor(s.trailing_average, scale),
    change_percent: s.change_percent,
    flag: s.flag,
  };
}

/** TrendsReport JSON (API.md §9.5) with a fixed key order. */
export function formatTrends(currency: string, scale: number, r: TrendsResult) {
  return {
    currency,
    year: r.year,
    month: r.month,
    months: r.months,
    window_start: r.window_start,
    window_end: r.window_end,
    total: formatSeries(r.total, scale),
    categories: r.categories.map((c) => ({ category: c.category, ...formatSeries(c, scale) })),
  };
}
