import { formatMinor } from "../money/format-minor.ts";
import type { RecurringResult } from "../services/recurring-streams.ts";

/** RecurringReport JSON (API.md §9.1) with a fixed key order. */
export function formatRecurring(currency: string, scale: number, asOf: string, r: RecurringResult) {
  return {
    currency,
    as_of: asOf,
    streams: r.streams.map((s) => ({
      id: s.id,
      name: s.name,
      key: s.key,
      direction: s.direction,
      category: s.category,
      frequency: s.row.frequency,
      status: s.status,
      first_date: s.first_date,
      last_date: s.last_date,
      predicted_next_date: s.predicted_next_date,
      occurrence_count: s.occurrence_count,
      average_amount: formatMinor(s.average_amount, scale),
      last_amount: formatMinor(s.last_amount, scale),
      monthly_amount: formatMinor(s.monthly_amount, scale),
      transaction_ids: s.transaction_ids,
    })),
    totals: {
      monthly_inflow: formatMinor(r.totals.monthly_inflow, scale),
      monthly_outflow: formatMinor(r.totals.monthly_outflow, scale),
      monthly_net: formatMinor(r.totals.monthly_net, scale),
      active_count: r.totals.active_count,
      late_count: r.totals.late_count,
      ended_count: r.totals.ended_count,
    },
  };
}
