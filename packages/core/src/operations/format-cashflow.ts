import { formatMinor } from "../money/format-minor.ts";
import type { Cashflow } from "../services/cashflow.ts";

const nullable = (minor: number | null, scale: number) => minor === null ? null : formatMinor(minor, scale);

/** CashflowReport JSON (API.md §2) with a fixed key order. */
export function formatCashflow(currency: string, scale: number, r: Cashflow) {
  return {
    currency,
    year: r.year,
    months: r.months.map((m) => ({
      month: m.month,
      income: formatMinor(m.income, scale),
      expenses: formatMinor(m.expenses, scale),
      net: formatMinor(m.net, scale),
      cumulative_net: formatMinor(m.cumulative_net, scale),
      transaction_count: m.transaction_count,
    })),
    totals: {
      income: formatMinor(r.totals.income, scale),
      expenses: formatMinor(r.totals.expenses, scale),
      net: formatMinor(r.totals.net, scale),
      transaction_count: r.totals.transaction_count,
    },
    months_with_activity: r.months_with_activity,
    monthly_average: {
      income: nullable(r.monthly_average.income, scale),
      expenses: nullable(r.monthly_average.expenses, scale),
      net: nullable(r.monthly_average.net, scale),
    },
    savings_rate_percent: r.savings_rate_percent,
    excluded: { transfer_count: r.excluded.transfer_count, outside_period_count: r.excluded.outside_period_count },
  };
}
