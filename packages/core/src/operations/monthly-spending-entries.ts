import type { MonthlySpendingRow } from "../contracts/account-data.ts";
import type { LedgerEntry } from "../services/ledger-entry.ts";

/** `me_monthly_spending` rows as service entries: one expense entry per month and category, dated the month's start. */
export function monthlySpendingEntries(rows: readonly MonthlySpendingRow[]): LedgerEntry[] {
  return rows.map((r) => ({
    date: r.month,
    amount: r.amount_minor,
    kind: "expense",
    category: r.category,
    count: r.transaction_count,
  }));
}
