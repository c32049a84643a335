import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatMinor } from "../money/format-minor.ts";
import { dateArb } from "../testing/ledger.ts";
import { errorsOf, post } from "../testing/run.ts";
import { createOperations } from "./index.ts";

const op = createOperations().byName.calculate_goal_progress;

describe("calculate_goal_progress", () => {
  it("formats each goal in its own currency, in request order", () => {
    const r = post(op, {
      as_of: "2026-06-30",
      goals: [
        {
          id: "g1",
          name: "Emergency fund",
          currency: "eur",
          target_amount: "1200.00",
          target_date: "2026-12-31",
          contributions: [{ date: "2026-01-01", amount: "600.00" }, { date: "2026-07-01", amount: 999 }],
        },
        { name: "Trip", currency: "JPY", target_amount: 100000, contributions: [] },
      ],
    });
    expect(r.as_of).toBe("2026-06-30");
    expect(r.goals[0]).toEqual({
      id: "g1",
      name: "Emergency fund",
      currency: "EUR",
      target_amount: "1200.00",
      saved_amount: "600.00",
      remaining_amount: "600.00",
      percent_complete: 50,
      target_date: "2026-12-31",
      months_remaining: 7, // June 30, July 30, …, December 30
      required_monthly_contribution: "85.72",
      average_monthly_contribution: "100.00",
      // 600.00 / 100.00 = 6 payments: June 30 + 5 months (was 2026-12-30, as_of + 6, before the schedule counted
      // as_of itself as the first payment date)
      projected_completion_date: "2026-11-30",
      status: "on_track",
    });
    expect(r.goals[1]).toEqual({
      id: null,
      name: "Trip",
      currency: "JPY",
      target_amount: "100000",
      saved_amount: "0",
      remaining_amount: "100000",
      percent_complete: 0,
      target_date: null,
      months_remaining: null,
      required_monthly_contribution: null,
      average_monthly_contribution: null,
      projected_completion_date: null,
      status: "no_target_date",
    });
    expect(op.output.safeParse(r).success).toBe(true);
  });

  it("no goals: an empty list", () => {
    expect(post(op, { as_of: "2026-01-01", goals: [] })).toEqual({ as_of: "2026-01-01", goals: [] });
  });

  it("rejects a non-positive target, bad contributions and unknown currencies with pointers", () => {
    const errors = errorsOf(() =>
      post(op, {
        as_of: "2026-06-30",
        goals: [
          { name: "a", currency: "EUR", target_amount: "0", contributions: [{ date: "2026-02-30", amount: "1.001" }] },
          { name: "b", currency: "EURO", target_amount: "1", contributions: [] },
          { name: "c", currency: "ABC", target_amount: "1", contributions: [] },
        ],
      })
    );
    expect(errors).toEqual([
      ["/goals/1/currency", "invalid_format"],
    ]);
    const later = errorsOf(() =>
      post(op, {
        as_of: "2026-06-30",
        goals: [
          { name: "a", currency: "EUR", target_amount: "0", contributions: [{ date: "2026-02-30", amount: "1.001" }] },
          { name: "c", currency: "ABC", target_amount: "1", contributions: [] },
        ],
      })
    );
    expect(later).toEqual([
      ["/goals/0/target_amount", "out_of_range"],
      ["/goals/0/contributions/0/date", "invalid_date"],
      ["/goals/0/contributions/0/amount", "too_many_decimals"],
      ["/goals/1/currency", "unknown_currency"],
    ]);
  });

  it("property: one aggregated contribution gives the same report as the raw list", () => {
    const contributions = fc.array(fc.record({ date: dateArb, amount: fc.integer({ min: -50_000, max: 500_000 }) }), {
      maxLength: 30,
    });
    fc.assert(
      fc.property(
        contributions,
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.option(dateArb, { nil: null }),
        (list, target, td) => {
          const asOf = "2026-06-30";
          const goal = (cs: { date: string; amount: number }[]) => ({
            as_of: asOf,
            goals: [{
              name: "g",
              currency: "EUR",
              target_amount: formatMinor(target, 2),
              target_date: td,
              contributions: cs.map((c) => ({ date: c.date, amount: formatMinor(c.amount, 2) })),
            }],
          });
          const counted = list.filter((c) => c.date <= asOf);
          const aggregated = counted.length === 0 ? [] : [{
            date: counted.map((c) => c.date).sort()[0]!,
            amount: counted.reduce((s, c) => s + c.amount, 0),
          }];
          expect(JSON.stringify(post(op, goal(aggregated)))).toBe(JSON.stringify(post(op, goal(list))));
        },
      ),
    );
  });
});
