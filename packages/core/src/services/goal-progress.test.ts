import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { dateArb } from "../testing/ledger.ts";
import { type Contribution, goalProgress, summarizeContributions } from "./goal-progress.ts";

const AS_OF = "2026-06-30";

function progress(target: number, targetDate: string | null, contributions: Contribution[], asOf = AS_OF) {
  return goalProgress({ ...summarizeContributions(contributions, asOf), target, target_date: targetDate }, asOf);
}

describe("goalProgress (hand-worked, as of 2026-06-30)", () => {
  const half = [{ date: "2026-01-01", amount: 60000 }];

  it("on track: the projection reaches the target before the date", () => {
    expect(progress(120000, "2026-12-31", half)).toEqual({
      saved_amount: 60000,
      remaining_amount: 60000,
      percent_complete: 50,
      months_remaining: 7, // 6 whole months + 1 day
      required_monthly_contribution: 8572, // 600.00 / 7 = 85.714… rounded up
      average_monthly_contribution: 10000, // 600.00 over January–June (6 months)
      projected_completion_date: "2026-12-30", // 6 more months at 100.00
      status: "on_track",
    });
  });

  it("behind: the projection is after the target date", () => {
    const p = progress(120000, "2026-09-30", half);
    expect(p.months_remaining).toBe(3);
    expect(p.required_monthly_contribution).toBe(20000);
    expect(p.projected_completion_date).toBe("2026-12-30");
    expect(p.status).toBe("behind");
  });

  it("overdue: the target date has passed; all the remaining amount is required now", () => {
    const p = progress(120000, "2026-05-31", half);
    expect(p.status).toBe("overdue");
    expect(p.months_remaining).toBe(0);
    expect(p.required_monthly_contribution).toBe(60000);
  });

  it("completed wins over overdue; overfunding shows more than 100 %", () => {
    const p = progress(120000, "2026-01-31", [{ date: "2026-01-01", amount: 130000 }]);
    expect(p).toEqual({
      saved_amount: 130000,
      remaining_amount: 0,
      percent_complete: 108.33,
      months_remaining: 0,
      required_monthly_contribution: 0,
      average_monthly_contribution: 21667, // 1300.00 / 6 = 216.666… → 216.67
      projected_completion_date: null,
      status: "completed",
    });
  });

  it("no target date: no months, no requirement, still a projection", () => {
    const p = progress(120000, null, half);
    expect(p.months_remaining).toBeNull();
    expect(p.required_monthly_contribution).toBeNull();
    expect(p.projected_completion_date).toBe("2026-12-30");
    expect(p.status).toBe("no_target_date");
  });

  it("no contributions: no average, no projection, behind", () => {
    const p = progress(120000, "2026-12-31", []);
    expect(p.saved_amount).toBe(0);
    expect(p.average_monthly_contribution).toBeNull();
    expect(p.projected_completion_date).toBeNull();
    expect(p.percent_complete).toBe(0);
    expect(p.status).toBe("behind");
  });

  it("ignores contributions after as_of", () => {
    const p = progress(120000, "2026-12-31", [...half, { date: "2026-07-01", amount: 100000 }]);
    expect(p.saved_amount).toBe(60000);
  });

  it("withdrawals can make the saved amount negative; no projection then", () => {
    const p = progress(120000, "2026-12-31", [{ date: "2026-03-01", amount: 10000 }, {
      date: "2026-04-01",
      amount: -30000,
    }]);
    expect(p.saved_amount).toBe(-20000);
    expect(p.remaining_amount).toBe(140000);
    expect(p.percent_complete).toBe(-16.67);
    expect(p.average_monthly_contribution).toBe(-5000); // −200.00 over March–June (4 months)
    expect(p.projected_completion_date).toBeNull();
    expect(p.status).toBe("behind");
  });

  it("a deadline of today that is not met is behind, not overdue", () => {
    const p = progress(120000, AS_OF, half);
    expect(p.months_remaining).toBe(0);
    expect(p.required_monthly_contribution).toBe(60000);
    expect(p.status).toBe("behind");
  });

  it("a contribution made this month counts one month for the average (JPY, half-even)", () => {
    // 5 yen over May–June (2 months) = 2.5 → 2.
    const p = progress(100, null, [{ date: "2026-05-31", amount: 2 }, { date: "2026-06-01", amount: 3 }]);
    expect(p.average_monthly_contribution).toBe(2);
    const q = progress(100, null, [{ date: "2026-06-30", amount: 7 }]);
    expect(q.average_monthly_contribution).toBe(7);
  });

  it("projects with the exact rate, month-end clamped", () => {
    // 3.00 over Jan–Jun = 0.50/month; remaining 1.00 → 2 months → 2026-08-30 … as of 2026-06-30 + 2 = 2026-08-30.
    expect(progress(400, null, [{ date: "2026-01-15", amount: 300 }]).projected_completion_date).toBe("2026-08-30");
    // As of 2026-01-31, one month ahead is 2026-02-28.
    expect(progress(200, null, [{ date: "2026-01-10", amount: 100 }], "2026-01-31").projected_completion_date)
      .toBe("2026-02-28");
  });
});

describe("goalProgress properties", () => {
  const contributions = fc.array(
    fc.record({ date: dateArb, amount: fc.integer({ min: -100_000, max: 1_000_000 }) }),
    { maxLength: 40 },
  );
  const target = fc.integer({ min: 1, max: 50_000_000 });
  const targetDate = fc.option(dateArb, { nil: null });

  it("one aggregated contribution gives the same result as the raw list", () => {
    fc.assert(fc.property(contributions, target, targetDate, (list, t, td) => {
      const summary = summarizeContributions(list, AS_OF);
      const aggregated = summary.first_contribution_date === null
        ? []
        : [{ date: summary.first_contribution_date, amount: summary.saved }];
      expect(progress(t, td, aggregated)).toEqual(progress(t, td, list));
    }));
  });

  it("remaining = max(0, target − saved), and completed exactly when saved ≥ target", () => {
    fc.assert(fc.property(contributions, target, targetDate, (list, t, td) => {
      const p = progress(t, td, list);
      expect(p.remaining_amount).toBe(Math.max(0, t - p.saved_amount));
      expect(p.status === "completed").toBe(p.saved_amount >= t);
    }));
  });

  it("on_track only when the projection is on or before the target date", () => {
    fc.assert(fc.property(contributions, target, targetDate, (list, t, td) => {
      const p = progress(t, td, list);
      if (p.status === "on_track") expect(p.projected_completion_date! <= td!).toBe(true);
      if (p.status === "behind") {
        expect(p.projected_completion_date === null || p.projected_completion_date > td!).toBe(true);
      }
    }));
  });
});
