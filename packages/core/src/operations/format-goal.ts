import { formatMinor } from "../money/format-minor.ts";
import type { GoalProgress } from "../services/goal-progress.ts";

export interface GoalHeader {
  readonly id: string | null;
  readonly name: string;
  readonly currency: string;
  readonly scale: number;
  readonly target: number;
  readonly target_date: string | null;
}

/** One goal of a GoalProgressReport (API.md §2) with a fixed key order. */
export function formatGoal(g: GoalHeader, p: GoalProgress) {
  const money = (minor: number | null) => minor === null ? null : formatMinor(minor, g.scale);
  return {
    id: g.id,
    name: g.name,
    currency: g.currency,
    target_amount: formatMinor(g.target, g.scale),
    saved_amount: formatMinor(p.saved_amount, g.scale),
    remaining_amount: formatMinor(p.remaining_amount, g.scale),
    percent_complete: p.percent_complete,
    target_date: g.target_date,
    months_remaining: p.months_remaining,
    required_monthly_contribution: money(p.required_monthly_contribution),
    average_monthly_contribution: money(p.average_monthly_contribution),
    projected_completion_date: p.projected_completion_date,
    status: p.status,
  };
}
