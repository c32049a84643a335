import { divideHalfEven } from "../api/divideHalfEven.ts";
import { percentage } from "../api/percentage.ts";
import { type Calculator, numberCalculator } from "../money/calculator.ts";

export type TrendFlag = "spike" | "new" | "drop";

export interface TrendSeries {
  /** One amount per window month, oldest first. */
  readonly monthly: readonly number[];
  readonly mean: number;
  readonly median: number;
  readonly current: number;
  readonly trailing_average: number;
  readonly change_percent: number | null;
  readonly flag: TrendFlag | null;
}

/**
 * The statistics of one spending series (API.md §9.5, §9.6), in minor units. `mean` and `median` (the mean of the
 * two middle values for an even count) are rounded half-to-even; `current` is the last month; the trailing months
 * are the up to 3 before it (all within the series) and `trailing_average` is their mean rounded half-to-even.
 * `change_percent` and `flag` use the exact trailing average (sum ÷ n, compared by cross-multiplying integers):
 * `spike` when current > 1.5 × average > 0, `new` when the average is zero and current > 0, `drop` when
 * current < 0.5 × a positive average. `monthly` has at least two values.
 */
export function trendSeries(monthly: readonly number[], calc: Calculator = numberCalculator): TrendSeries {
  const count = monthly.length;
  let sum = 0;
  for (const v of monthly) sum = calc.add(sum, v);
  const sorted = [...monthly].sort((a, b) => a - b);
  const half = count >> 1;
  const median = count % 2 === 1 ? sorted[half]! : divideHalfEven(calc.add(sorted[half - 1]!, sorted[half]!), 2);
  const current = monthly[count - 1]!;
  const trailing = monthly.slice(Math.max(0, count - 4), count - 1);
  let trailingSum = 0;
  for (const v of trailing) trailingSum = calc.add(trailingSum, v);
  const n = trailing.length;
  // current compared with the exact average trailingSum / n, scaled by n (and by 2 for the 1.5 and 0.5 factors).
  const scaled = calc.multiply(current, n);
  let flag: TrendFlag | null = null;
  if (trailingSum > 0 && calc.multiply(scaled, 2) > calc.multiply(trailingSum, 3)) flag = "spike";
  else if (trailingSum === 0 && current > 0) flag = "new";
  else if (trailingSum > 0 && calc.multiply(scaled, 2) < trailingSum) flag = "drop";
  return {
    monthly,
    mean: divideHalfEven(sum, count),
    median,
    current,
    trailing_average: divideHalfEven(trailingSum, n),
    change_percent: percentage(calc.subtract(scaled, trailingSum), trailingSum),
    flag,
  };
}
