import { divideCeil } from "../api/divideCeil.ts";
import { divideHalfEven } from "../api/divideHalfEven.ts";
import { percentage } from "../api/percentage.ts";
import { addMonths, calendarMonthsSpanned, monthlyDatesThrough } from "../calendar/months.ts";
import { type Calculator, numberCalculator } from "../money/calculator.ts";

export interface Contribution {
  readonly date: string;
  readonly amount: number;
}

/** What the goal service needs of the contributions: their sum up to `as_of` and the earliest date. */
export interface ContributionSummary {
  readonly saved: number;
  readonly first_contribution_date: string | null;
  readonly count: number;
}

export interface GoalFacts extends ContributionSummary {
  readonly target: number;
  readonly target_date: string | null;
}

export type GoalStatus = "completed" | "on_track" | "behind" | "overdue" | "no_target_date";

export interface GoalProgress {
  readonly saved_amount: number;
  readonly remaining_amount: number;
  readonly percent_complete: number | null;
  readonly months_remaining: number | null;
  readonly required_monthly_contribution: number | null;
  readonly average_monthly_contribution: number | null;
  readonly projected_completion_date: string | null;
  readonly status: GoalStatus;
}

/** Sums the contributions dated on or before `asOf` and finds the earliest of them (the SQL `me_goals` does the same). */
export function summarizeContributions(
  contributions: readonly Contribution[],
  asOf: string,
  calc: Calculator = numberCalculator,
): ContributionSummary {
  let saved = 0;
  let first: string | null = null;
  let count = 0;
  for (const c of contributions) {
    if (c.date > asOf) continue;
    saved = calc.add(saved, c.amount);
    if (first === null || c.date < first) first = c.date;
    count++;
  }
  return { saved, first_contribution_date: first, count };
}

/** Projections further out than this many months are reported as null (they would pass 9999-12-31 anyway). */
const MAX_PROJECTION_MONTHS = 12 * 10000;

/**
 * Progress of one goal at `asOf` (API.md §2 GoalProgressReport; edge cases in contracts/goals.ts). Depends only
 * on the target, the target date, the saved sum and the earliest contribution date.
 *
 * One schedule convention for every figure: contributions are monthly on `asOf`'s day of the month, starting in
 * `asOf`'s month (`asOf`, `asOf + 1 month`, …, the day clamped to the month's end).
 * - `months_remaining` counts those dates from `asOf` through the target date, both included (0 when the target
 *   date is before `asOf`).
 * - `required_monthly_contribution` = ceil(remaining / months_remaining): paid on each of those dates, it reaches
 *   the target by the last one. With no date left (overdue) it is the whole remaining amount.
 * - `projected_completion_date` extrapolates the average contribution rate (API.md §2), exactly: paying
 *   saved / span a month on each date (span = the calendar months the average divides by), the n-th payment
 *   completes the goal, n = ceil(remaining × span / saved), and it falls on `asOf + (n − 1) months`. The rate is
 *   not the rounded `average_monthly_contribution`: a rate that rounds to 0 still projects, and a rate just below
 *   the required contribution is `behind` even when the rounded average equals it.
 * So a rate ≥ the required contribution always projects on or before the target date (on_track): n ≤
 * months_remaining, and the months_remaining-th date is on or before the target date. Exactly: on_track ⇔
 * remaining × span ≤ months_remaining × saved.
 */
export function goalProgress(goal: GoalFacts, asOf: string, calc: Calculator = numberCalculator): GoalProgress {
  const { target, target_date: targetDate, saved, first_contribution_date: first } = goal;
  const gap = calc.subtract(target, saved);
  const remaining = gap > 0 ? gap : 0;
  const completed = saved >= target;

  const monthsRemaining = targetDate === null ? null : monthlyDatesThrough(asOf, targetDate);
  let required: number | null = null;
  if (monthsRemaining !== null) {
    required = remaining === 0 ? 0 : monthsRemaining === 0 ? remaining : divideCeil(remaining, monthsRemaining);
  }

  const span = first === null ? null : calendarMonthsSpanned(first, asOf);
  const average = span === null ? null : divideHalfEven(saved, span);

  let projected: string | null = null;
  if (!completed && span !== null && saved > 0) {
    // ceil(remaining × span / saved) in BigInt: the product can pass 2^53. ≥ 1, since remaining > 0.
    const payments = (BigInt(remaining) * BigInt(span) + BigInt(saved) - 1n) / BigInt(saved);
    projected = payments - 1n > BigInt(MAX_PROJECTION_MONTHS) ? null : addMonths(asOf, Number(payments) - 1) ?? null;
  }

  let status: GoalStatus;
  if (completed) status = "completed";
  else if (targetDate === null) status = "no_target_date";
  else if (targetDate < asOf) status = "overdue";
  else if (projected !== null && projected <= targetDate) status = "on_track";
  else status = "behind";

  return {
    saved_amount: saved,
    remaining_amount: remaining,
    percent_complete: percentage(saved, target),
    months_remaining: monthsRemaining,
    required_monthly_contribution: required,
    average_monthly_contribution: average,
    projected_completion_date: projected,
    status,
  };
}
