import { type Calculator, numberCalculator } from "../money/calculator.ts";

/** How what is left (or overspent) in one month reaches the next (API.md §9.4). */
export type RolloverPolicy = "none" | "positive" | "full";

/** One earlier month of a category's chain: its budget row (if any) and its spending. Months are indexes. */
export interface ChainMonth {
  /** `year × 12 + (month − 1)`. */
  readonly index: number;
  /** The month's budget row amount; `undefined` when the month has no row for the category. */
  readonly budgeted: number | undefined;
  /** Expense spending minus refunds in the month (may be negative). */
  readonly spent: number;
}

/**
 * `carryover_in` of one category for the month `target` (API.md §9.4): the chain starts at the earliest of the
 * given months, at most 24 before `target`, that has a budget row, with a zero carryover; each later month's
 * carryover is the previous month's `available` (= budgeted + carryover − spent), floored at zero under
 * `positive`; a month without a row has `budgeted` 0 and keeps the chain going. Zero with `none`, without a
 * budget row in the 24 months before `target`, or when the chain starts in `target` itself. Months may be given
 * in any order; those outside the 24 months before `target` are ignored.
 */
export function carryoverIn(
  policy: RolloverPolicy,
  target: number,
  months: readonly ChainMonth[],
  calc: Calculator = numberCalculator,
): number {
  if (policy === "none") return 0;
  const window = months.filter((m) => m.index >= target - 24 && m.index < target).sort((a, b) => a.index - b.index);
  const first = window.findIndex((m) => m.budgeted !== undefined);
  if (first < 0) return 0;
  let carry = 0;
  for (let i = first; i < window.length; i++) {
    const m = window[i]!;
    const available = calc.subtract(calc.add(m.budgeted ?? 0, carry), m.spent);
    carry = policy === "positive" && available < 0 ? 0 : available;
  }
  return carry;
}
