import { z } from "zod";
import { withFastArrayParse } from "./fast-array.ts";
import type { Limits } from "./limits.ts";
import {
  currencyInput,
  currencyOutput,
  dateField,
  dateOutput,
  doc,
  moneyInput,
  moneyOutput,
  percentOutput,
  text,
} from "./primitives.ts";

export const GOAL_RULES = "Goal rules: `saved_amount` is the sum of contributions dated on or before `as_of` " +
  "(later ones are ignored; negative contributions are withdrawals). Status precedence: `completed` " +
  "(saved ≥ target) first, then `no_target_date`, then `overdue` (target date before `as_of`), then `on_track` " +
  "(projected completion on or before the target date) or `behind`. Schedule: contributions are assumed monthly " +
  "on `as_of`'s day of the month, the first on `as_of` (day clamped to the month's end); `months_remaining`, " +
  "`required_monthly_contribution` and `projected_completion_date` all use it, so a contribution rate at least " +
  "the required contribution is `on_track`. The report depends only on the sum of the " +
  "contributions up to `as_of` and the earliest contribution date, so one aggregated contribution gives the same " +
  "result as the full list.";

export function contributionSchema() {
  return doc(
    z.strictObject({
      date: dateField("Date of the contribution.", undefined, true),
      amount: moneyInput("Amount saved, in the goal's currency; negative for a withdrawal.", ["150.00"]),
    }),
    "One contribution to a goal.",
  );
}

export function goalSchemas(limits: Limits) {
  const contribution = contributionSchema();
  const goal = doc(
    z.strictObject({
      id: text(limits.text, "Your identifier, echoed back (null when omitted).", ["emergency-fund"]).optional(),
      name: text(limits.text, "Name of the goal.", ["Emergency fund"]),
      currency: currencyInput("Currency of the target and the contributions."),
      target_amount: moneyInput("Amount to reach; must be greater than zero (422 `out_of_range`).", ["6000.00"]),
      target_date: dateField("Date by which to reach the target. Omitted or null: no deadline.", ["2026-12-31"])
        .nullable().optional(),
      contributions: withFastArrayParse(
        doc(
          z.array(contribution).max(limits.contributionsPerGoal),
          `Contributions, at most ${limits.contributionsPerGoal}, in any order.`,
        ),
      ),
    }),
    "A savings goal.",
  );
  const body = doc(
    z.strictObject({
      as_of: dateField('The date to report progress at ("today" for the calculation).', ["2026-06-30"]),
      goals: doc(z.array(goal).max(limits.goals), `Goals, at most ${limits.goals}; reported in the same order.`),
    }),
    `Goal progress request. Unknown fields (422 \`unknown_field\`) and duplicate JSON keys (422 \`duplicate_key\`) are rejected. ${GOAL_RULES}`,
    [{
      as_of: "2026-06-30",
      goals: [{
        name: "Emergency fund",
        currency: "EUR",
        target_amount: "6000.00",
        target_date: "2026-12-31",
        contributions: [{ date: "2026-01-15", amount: "500.00" }],
      }],
    }],
  );
  const query = z.strictObject({});

  const goalOut = z.object({
    id: doc(z.string().nullable(), "The goal's id (null when a POST goal had none).", ["emergency-fund"]),
    name: doc(z.string(), "Name of the goal.", ["Emergency fund"]),
    currency: currencyOutput("Currency of the goal's amounts."),
    target_amount: moneyOutput("The target.", ["6000.00"]),
    saved_amount: moneyOutput("Sum of contributions dated on or before `as_of` (may be negative after withdrawals).", [
      "3000.00",
    ]),
    remaining_amount: moneyOutput("`max(0, target − saved)`.", ["3000.00"]),
    percent_complete: percentOutput("`saved / target × 100`, not capped (an overfunded goal shows more than 100).", [
      50,
    ]),
    target_date: dateOutput("The deadline; null when none.", ["2026-12-31"]).nullable(),
    months_remaining: doc(
      z.int().min(0).nullable(),
      "Monthly contribution dates left: the schedule is monthly on `as_of`'s day of the month, starting with " +
        "`as_of` itself (`as_of`, `as_of` + 1 month, …, the day clamped to the month's end), and this counts " +
        "those dates from `as_of` through `target_date`, both included. 2026-06-30 → 2026-12-31 is 7 (June 30, " +
        "July 30, …, December 30); 2026-11-21 → 2027-04-30 is 6; 2026-01-31 → 2026-02-28 is 2 (January 31, " +
        "February 28); a target date equal to `as_of` is 1. 0 when the target date is before `as_of` (overdue); " +
        "null without a target date.",
      [7],
    ),
    required_monthly_contribution: moneyOutput(
      "`remaining_amount / months_remaining`, rounded up to the minor unit: paid on each of the " +
        "`months_remaining` dates, it reaches the target by the last one on or before `target_date`. When " +
        "`months_remaining` is 0 (the target date has passed: `overdue`) it is the whole `remaining_amount`, due " +
        "now; 0 when the goal is complete; null without a target date.",
      ["428.58"],
    ).nullable(),
    average_monthly_contribution: moneyOutput(
      "`saved_amount` divided by the calendar months from the month of the earliest contribution to the month of " +
        "`as_of`, both included (one contribution this month: divided by 1), rounded half-to-even. Null when there " +
        "is no contribution on or before `as_of`.",
      ["500.00"],
    ).nullable(),
    projected_completion_date: dateOutput(
      "The date of the contribution that completes the goal if the average contribution rate (`saved_amount` " +
        "divided by the same months as `average_monthly_contribution`, exactly, not the rounded average) is paid " +
        "on each date of the same monthly schedule as `months_remaining` (starting with `as_of`): `as_of` + (n − 1) " +
        "months, n = ceil(remaining_amount × months / saved_amount), the day clamped to the month's end. So a rate " +
        "at least `required_monthly_contribution` is always projected on or before `target_date` (`on_track`), and " +
        "a rate that rounds to an average of 0 still projects. Null when the goal is completed (nothing remains), " +
        "when there is no contribution, when the rate is zero or less, or when the date would be after 9999-12-31.",
      ["2026-11-30"],
    ).nullable(),
    status: doc(
      z.enum(["completed", "on_track", "behind", "overdue", "no_target_date"]),
      "First match wins: `completed` (saved ≥ target, whatever the dates), `no_target_date`, `overdue` (target " +
        "date before `as_of`), `on_track` (projected completion on or before the target date), else `behind` (also " +
        "when there is no projection).",
      ["on_track"],
    ),
  });
  const report = doc(
    z.object({
      as_of: dateOutput("The date progress is reported at.", ["2026-06-30"]),
      goals: doc(z.array(goalOut), "One entry per goal: POST in request order; account goals by name, then id."),
    }),
    `Progress of savings goals. ${GOAL_RULES}`,
  );
  return { body, query, report, accountReport: report };
}
