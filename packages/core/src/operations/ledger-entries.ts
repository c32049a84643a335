import type { LedgerTotalRow } from "../contracts/account-data.ts";
import type { LedgerEntry } from "../services/ledger-entry.ts";

/**
 * Turns aggregated `me_ledger_totals` rows into service entries for one currency. A row inside the range has
 * `month` = the first day of its month, which can be before a period that starts mid-month; such a row is dated
 * `clampFrom` instead, so the service sees it inside the period (the SQL already filtered it by the exact dates).
 * Also returns the other currencies that have rows inside the range.
 */
export function ledgerEntries(
  rows: readonly LedgerTotalRow[],
  currency: string,
  clampFrom: string,
): { entries: LedgerEntry[]; currencies: string[] } {
  const entries: LedgerEntry[] = [];
  const currencies: string[] = [];
  for (const row of rows) {
    if (row.currency !== currency) {
      if (row.month !== null) currencies.push(row.currency);
      continue;
    }
    const date = row.month === null ? null : row.month < clampFrom ? clampFrom : row.month;
    entries.push({
      date,
      amount: row.amount_minor,
      kind: row.kind,
      category: row.category,
      count: row.transaction_count,
    });
  }
  return { entries, currencies };
}
