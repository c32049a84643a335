import { formatMinor } from "../money/format-minor.ts";
import type { ForecastResult } from "../services/cash-flow-forecast.ts";

export interface ForecastHeader {
  readonly currency: string;
  readonly scale: number;
  readonly asOf: string;
  readonly endDate: string;
  readonly horizonDays: number;
  readonly startingBalance: number;
  readonly trailingNet: number;
}

/** ForecastReport JSON (API.md §9.2) with a fixed key order. */
export function formatForecast(h: ForecastHeader, r: ForecastResult) {
  const money = (minor: number) => formatMinor(minor, h.scale);
  return {
    currency: h.currency,
    as_of: h.asOf,
    end_date: h.endDate,
    horizon_days: h.horizonDays,
    starting_balance: money(h.startingBalance),
    ending_balance: money(r.ending_balance),
    projected_inflow: money(r.projected_inflow),
    projected_outflow: money(r.projected_outflow),
    lowest_balance: money(r.lowest_balance),
    lowest_balance_date: r.lowest_balance_date,
    first_negative_date: r.first_negative_date,
    trailing_90_day_net: money(h.trailingNet),
    runway_days: r.runway_days,
    runway_status: r.runway_status,
    events: r.events.map((e) => ({ date: e.date, stream_id: e.stream_id, name: e.name, amount: money(e.amount) })),
    balances: r.balances.map((b) => ({ date: b.date, balance: money(b.balance) })),
  };
}
