import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { addMonths } from "../calendar/months.ts";
import { dateArb } from "../testing/ledger.ts";
import { type Contribution, goalProgress, summarizeContributions } from "./goal-progress.ts";

const AS_OF = "2026-06-30";

/** Months since year 0 of a `YYYY-MM-DD` date. */
const monthIndex = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

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
      months_remaining: 7, // June 30, July 30, Aug 30, Sep 30, Oct 30, Nov 30, Dec 30
      required_monthly_contribution: 8572, // 600.00 / 7 = 85.714… rounded up
      average_monthly_contribution: 10000, // 600.00 over January–June (6 months)
      projected_completion_date: "2026-11-30", // 6 payments of 100.00: June 30 + 5 months
      status: "on_track",
    });
  });

  it("behind: the projection is after the target date", () => {
    const p = progress(120000, "2026-09-30", half);
    expect(p.months_remaining).toBe(4); // June 30, July 30, August 30, September 30
    expect(p.required_monthly_contribution).toBe(15000); // 600.00 / 4
    expect(p.projected_completion_date).toBe("2026-11-30"); // 100.00 a month < 150.00 required
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
    expect(p.projected_completion_date).toBe("2026-11-30");
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

  it("a deadline of today is one payment date left: all of the remainder, behind (not overdue) unless it is met", () => {
    const p = progress(120000, AS_OF, half);
    expect(p.months_remaining).toBe(1); // as_of itself
    expect(p.required_monthly_contribution).toBe(60000);
    expect(p.projected_completion_date).toBe("2026-11-30");
    expect(p.status).toBe("behind");
    // An average of the whole remainder completes it with the first payment, today: on track.
    const q = progress(120000, AS_OF, [{ date: "2026-06-01", amount: 60000 }]);
    expect(q.average_monthly_contribution).toBe(60000);
    expect(q.projected_completion_date).toBe(AS_OF);
    expect(q.status).toBe("on_track");
  });

  it("an average exactly the required contribution is on track (the audit's demo goal)", () => {
    // As of 2026-11-21, target 1000.00 by 2027-04-30, 250.00 saved since October: remaining 750.00.
    // Dates: Nov 21, Dec 21, Jan 21, Feb 21, Mar 21, Apr 21 (May 21 is after Apr 30) → 6; 750.00 / 6 = 125.00.
    // Average: 250.00 over October–November = 125.00 → 6 payments → Nov 21 + 5 months = 2027-04-21 ≤ 2027-04-30.
    // (The old convention projected as_of + 6 months = 2027-05-21 and said `behind`.)
    const p = progress(100000, "2027-04-30", [{ date: "2026-10-05", amount: 25000 }], "2026-11-21");
    expect(p).toEqual({
      saved_amount: 25000,
      remaining_amount: 75000,
      percent_complete: 25,
      months_remaining: 6,
      required_monthly_contribution: 12500,
      average_monthly_contribution: 12500,
      projected_completion_date: "2027-04-21",
      status: "on_track",
    });
    // One minor unit less a month is a seventh payment, after the target date.
    const less = progress(100000, "2027-04-30", [{ date: "2026-10-05", amount: 24998 }], "2026-11-21");
    expect(less.average_monthly_contribution).toBe(12499);
    expect(less.required_monthly_contribution).toBe(12501); // ceil(75002 / 6) = 12500.33… → 12501
    expect(less.projected_completion_date).toBe("2027-05-21"); // ceil(75002 / 12499) = 7 → Nov 21 + 6 months
    expect(less.status).toBe("behind");
  });

  it("day clamping: as of January 31 the dates are Jan 31, Feb 28, Mar 31, Apr 30", () => {
    const asOf = "2026-01-31";
    const saved = [{ date: "2026-01-02", amount: 250 }]; // average 2.50 (January only)
    const byApr30 = progress(1250, "2026-04-30", saved, asOf); // remaining 10.00
    expect(byApr30.months_remaining).toBe(4);
    expect(byApr30.required_monthly_contribution).toBe(250); // 10.00 / 4
    expect(byApr30.projected_completion_date).toBe("2026-04-30"); // 4 payments: Jan 31 + 3 months
    expect(byApr30.status).toBe("on_track");
    const byApr29 = progress(1250, "2026-04-29", saved, asOf); // April 30 is after the deadline
    expect(byApr29.months_remaining).toBe(3);
    expect(byApr29.required_monthly_contribution).toBe(334); // 10.00 / 3 = 3.333… rounded up
    expect(byApr29.projected_completion_date).toBe("2026-04-30");
    expect(byApr29.status).toBe("behind");
    const byFeb28 = progress(1250, "2026-02-28", saved, asOf);
    expect(byFeb28.months_remaining).toBe(2); // Jan 31, Feb 28 (clamped)
    expect(byFeb28.required_monthly_contribution).toBe(500);
    // Leap year: as of 2024-01-31 the second date is February 29.
    expect(progress(500, null, [{ date: "2024-01-02", amount: 250 }], "2024-01-31").projected_completion_date)
      .toBe("2024-01-31"); // remaining 2.50 = one payment, today
    expect(progress(750, null, [{ date: "2024-01-02", amount: 250 }], "2024-01-31").projected_completion_date)
      .toBe("2024-02-29");
  });

  it("a contribution made this month counts one month for the average (JPY, half-even)", () => {
    // 5 yen over May–June (2 months) = 2.5 → 2.
    const p = progress(100, null, [{ date: "2026-05-31", amount: 2 }, { date: "2026-06-01", amount: 3 }]);
    expect(p.average_monthly_contribution).toBe(2);
    const q = progress(100, null, [{ date: "2026-06-30", amount: 7 }]);
    expect(q.average_monthly_contribution).toBe(7);
  });

  it("projects with the exact contribution rate, month-end clamped", () => {
    // 3.00 over Jan–Jun = 0.50/month; remaining 1.00 → ceil(100 × 6 / 300) = 2 payments → June 30 + 1 month.
    expect(progress(400, null, [{ date: "2026-01-15", amount: 300 }]).projected_completion_date).toBe("2026-07-30");
    // As of 2026-01-31, remaining 2.00 at 1.00 → 2 payments: Jan 31, then Feb 28.
    expect(progress(300, null, [{ date: "2026-01-10", amount: 100 }], "2026-01-31").projected_completion_date)
      .toBe("2026-02-28");
    // 2.00 over Apr–Jun (3 months): the average shown is 0.67, the rate 0.666…; remaining 2.00 → ceil(200 × 3 / 200)
    // = 3 payments → 2026-08-30.
    expect(progress(400, null, [{ date: "2026-04-01", amount: 200 }]).average_monthly_contribution).toBe(67);
    expect(progress(400, null, [{ date: "2026-04-01", amount: 200 }]).projected_completion_date).toBe("2026-08-30");
  });

  it("a rate that rounds to 0.00 still projects (API.md §2: null only when the rate is zero or less)", () => {
    // 0.01 over Jan–Jun: the average shown is 0.00, the rate 0.01 / 6. Remaining 3.99 → ceil(399 × 6 / 1) = 2394
    // payments → June 30 + 2393 months (199 years and 5 months) = 2225-11-30.
    const p = progress(400, null, [{ date: "2026-01-15", amount: 1 }]);
    expect(p.average_monthly_contribution).toBe(0);
    expect(p.projected_completion_date).toBe("2225-11-30");
    // JPY: 1 yen over May–June, target 3 yen → rate 0.5 yen a month, shown as 0; remaining 2 → 4 payments.
    const yen = progress(3, null, [{ date: "2026-05-20", amount: 1 }]);
    expect(yen.average_monthly_contribution).toBe(0);
    expect(yen.projected_completion_date).toBe("2026-09-30");
    // A rate of zero or less has no projection.
    expect(
      progress(400, null, [{ date: "2026-01-15", amount: 100 }, { date: "2026-02-15", amount: -100 }])
        .projected_completion_date,
    ).toBeNull();
    expect(progress(400, null, [{ date: "2026-01-15", amount: -100 }]).projected_completion_date).toBeNull();
  });

  it("a rate just below the required contribution is behind, though the rounded average equals it", () => {
    // As of 2026-02-15, 0.07 saved on 2026-01-10 (January–February: 2 months), target 0.37 by 2026-09-15.
    // Dates: Feb 15, Mar 15, …, Sep 15 → 8; remaining 0.30 → required ceil(30 / 8) = 0.04.
    // Average shown: 0.07 / 2 = 0.035 → 0.04 (half to even). Rate 0.035 < 0.0375 = 0.30 / 8: ceil(30 × 2 / 7) = 9
    // payments → Feb 15 + 8 months = 2026-10-15, after the target date.
    const p = progress(37, "2026-09-15", [{ date: "2026-01-10", amount: 7 }], "2026-02-15");
    expect(p).toEqual({
      saved_amount: 7,
      remaining_amount: 30,
      percent_complete: 18.92,
      months_remaining: 8,
      required_monthly_contribution: 4,
      average_monthly_contribution: 4,
      projected_completion_date: "2026-10-15",
      status: "behind",
    });
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

  it("an average at least the required contribution is on track, and only then (target date not passed)", () => {
    // Built so that the premise holds often: the average is exact (saved = average × months counted), and the
    // remainder is at most what that average pays over the dates left.
    const facts = fc.record({
      asOf: dateArb,
      ahead: fc.integer({ min: 0, max: 60 }), // months from as_of to the target date
      extraDays: fc.integer({ min: 0, max: 30 }),
      span: fc.integer({ min: 1, max: 24 }), // calendar months counted for the average
      average: fc.integer({ min: 1, max: 10_000_000 }),
      slack: fc.double({ min: 0, max: 1.5, noNaN: true }),
    });
    fc.assert(fc.property(facts, ({ asOf, ahead, extraDays, span, average, slack }) => {
      const end = addMonths(asOf, ahead)!;
      const targetDate = addDays(end, extraDays);
      const first = addMonths(asOf, -(span - 1))!;
      const saved = average * span;
      const remaining = Math.max(1, Math.round(average * (ahead + 1) * slack));
      const p = goalProgress(
        { target: saved + remaining, target_date: targetDate, saved, first_contribution_date: first, count: 1 },
        asOf,
      );
      expect(p.average_monthly_contribution).toBe(average);
      expect(p.remaining_amount).toBe(remaining);
      const meets = p.average_monthly_contribution! >= p.required_monthly_contribution!;
      expect(p.status).toBe(meets ? "on_track" : "behind");
      if (meets) expect(p.projected_completion_date! <= targetDate).toBe(true);
    }));
  });

  it("any goal: the exact rate covers what remains by the target date ⇔ on_track (neither completed, overdue nor dateless)", () => {
    fc.assert(fc.property(contributions, target, dateArb, dateArb, (list, t, td, asOf) => {
      const p = progress(t, td, list, asOf);
      if (p.status === "completed" || p.status === "overdue") return;
      const summary = summarizeContributions(list, asOf);
      // The months the average divides by: the earliest contribution's month through as_of's, both included.
      const first = summary.first_contribution_date;
      const span = first === null ? 0 : monthIndex(asOf) - monthIndex(first) + 1;
      // rate × months_remaining ≥ remaining, with rate = saved / span, in integers.
      const meets = summary.saved > 0 &&
        BigInt(p.remaining_amount) * BigInt(span) <= BigInt(p.months_remaining!) * BigInt(summary.saved);
      expect(p.status).toBe(meets ? "on_track" : "behind");
    }));
  });

  it("months_remaining counts the monthly dates from as_of through the target date", () => {
    fc.assert(fc.property(dateArb, dateArb, (asOf, td) => {
      const p = progress(100, td, [], asOf);
      let count = 0;
      while (addMonths(asOf, count)! <= td) count++;
      expect(p.months_remaining).toBe(count);
      expect(p.status).toBe(td < asOf ? "overdue" : "behind");
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

/** `date` plus `days` days (UTC calendar arithmetic). */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
