/** Test support: a stored statement transaction with a fresh id, for InMemoryAccountData fixtures. */
import type { StoredTransaction } from "./in-memory-account-data.ts";

let seq = 0;

/** A transaction without a kind (resolved from the sign) unless `extra` gives one; ids count up per process. */
export function storedTransaction(
  date: string,
  amount_minor: number,
  category: string | null,
  currency = "EUR",
  extra: Partial<StoredTransaction> = {},
): StoredTransaction {
  return {
    id: `00000000-0000-4000-9000-${String(++seq).padStart(12, "0")}`,
    statement_import_id: "imp-1",
    date,
    amount_minor,
    currency,
    description: null,
    counterparty: null,
    category,
    kind: null,
    ...extra,
  };
}
