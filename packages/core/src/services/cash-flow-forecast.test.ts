import { describe, expect, it } from "vitest";
import { numberCalculator } from "../money/calculator.ts";
import { OverflowError } from "../problem/validation-error.ts";
import { cashFlowForecast, type ProjectedStream, runwayDays } from "./cash-flow-forecast.ts";
import { FREQUENCY_TABLE } from "./recurring-frequency.ts";

const [weekly, , monthly] = FREQUENCY_TABLE;
const stream = (
  id: string,
  row: typeof weekly,
  last_date: string,
  average_amount: number,
  status: ProjectedStream["status"] = "active",
): ProjectedStream => ({ id, name: id, status, last_date, row: row!, average_amount });

describe("cashFlowForecast (worked by hand)", () => {
  it("projects active and late streams after as_of through the end date, with end-of-day balances", () => {
    const r = cashFlowForecast({
      asOf: "2026-03-20",
      endDate: "2026-04-03",
      startingBalance: 50000,
      trailingNet: -90000,
      streams: [
        stream("rs_b", monthly, "2026-03-01", -100000), // next 04-01
        stream("rs_a", weekly, "2026-03-16", -1000), // 03-23, 03-30 (04-06 is after the end)
        stream("rs_c", weekly, "2026-03-27", 5000, "ended"), // never projected
        stream("rs_d", monthly, "2026-01-31", 2000, "late"), // 02-28 and 03-31 → only 03-31 is after as_of
      ],
    }, numberCalculator);
    expect(r.events.map((e) => [e.date, e.stream_id, e.amount])).toEqual([
      ["2026-03-23", "rs_a", -1000],
      ["2026-03-30", "rs_a", -1000],
      ["2026-03-31", "rs_d", 2000],
      ["2026-04-01", "rs_b", -100000],
    ]);
    expect(r.balances).toEqual([
      { date: "2026-03-23", balance: 49000 },
      { date: "2026-03-30", balance: 48000 },
      { date: "2026-03-31", balance: 50000 },
      { date: "2026-04-01", balance: -50000 },
    ]);
    expect(r).toMatchObject({
      ending_balance: -50000,
      projected_inflow: 2000,
      projected_outflow: 102000,
      lowest_balance: -50000,
      lowest_balance_date: "2026-04-01",
      first_negative_date: "2026-04-01",
      runway_days: 50, // floor(500.00 × 90 / 900.00)
      runway_status: "watch",
    });
  });

  it("sums same-day events into one balance and orders them by stream id", () => {
    const r = cashFlowForecast({
      asOf: "2026-03-20",
      endDate: "2026-03-23",
      startingBalance: 0,
      trailingNet: 0,
      streams: [stream("rs_2", weekly, "2026-03-16", 700), stream("rs_1", weekly, "2026-03-16", -300)],
    }, numberCalculator);
    expect(r.events.map((e) => e.stream_id)).toEqual(["rs_1", "rs_2"]);
    expect(r.balances).toEqual([{ date: "2026-03-23", balance: 400 }]);
    expect(r).toMatchObject({ lowest_balance: 0, lowest_balance_date: "2026-03-20", first_negative_date: null });
  });

  it("reports as_of for a negative starting balance, and the earliest date of a repeated lowest balance", () => {
    const negative = cashFlowForecast({
      asOf: "2026-03-20",
      endDate: "2026-03-31",
      startingBalance: -100,
      trailingNet: 100,
      streams: [stream("rs_a", weekly, "2026-03-16", -50), stream("rs_b", weekly, "2026-03-19", 50)],
    }, numberCalculator);
    // 03-23: −150; 03-26: −100; 03-30: −150 (lowest first reached on 03-23).
    expect(negative).toMatchObject({
      first_negative_date: "2026-03-20",
      lowest_balance: -150,
      lowest_balance_date: "2026-03-23",
      runway_days: null,
      runway_status: "stable",
    });
  });
});

describe("runwayDays", () => {
  it("applies the rules in order: net ≥ 0 → null whatever the balance; balance ≤ 0 → 0; else the floor", () => {
    expect(runwayDays(-500, 0)).toBeNull();
    expect(runwayDays(-500, 1)).toBeNull();
    expect(runwayDays(0, -1)).toBe(0);
    expect(runwayDays(-1, -1)).toBe(0);
    expect(runwayDays(100, -90)).toBe(100);
    expect(runwayDays(99, -100)).toBe(89); // 99 × 90 / 100 = 89.1
    expect(runwayDays(1, -3)).toBe(30);
    expect(runwayDays(100000000000000, -1)).toBe(9000000000000000);
    expect(() => runwayDays(999999999999999, -1)).toThrow(OverflowError); // beyond 2^53 − 1 days
  });
});
