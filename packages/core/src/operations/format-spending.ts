import { formatMinor } from "../money/format-minor.ts";
import type { Spending } from "../services/spending-by-category.ts";

/** SpendingReport JSON (API.md §2) with a fixed key order. */
export function formatSpending(currency: string, scale: number, from: string | null, to: string | null, r: Spending) {
  return {
    currency,
    from,
    to,
    total: formatMinor(r.total, scale),
    categories: r.categories.map((c) => ({
      category: c.category,
      total: formatMinor(c.total, scale),
      share_percent: c.share_percent,
      transaction_count: c.transaction_count,
    })),
    excluded: {
      income_count: r.excluded.income_count,
      transfer_count: r.excluded.transfer_count,
      outside_period_count: r.excluded.outside_period_count,
    },
  };
}
