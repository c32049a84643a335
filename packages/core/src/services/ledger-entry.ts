import type { Kind } from "../contracts/account-data.ts";

/**
 * The input of the cashflow, spending and budget services. A raw transaction is one entry with `count: 1`; an
 * aggregated SQL row (docs/ARCHITECTURE.md, `me_ledger_totals`) is one entry whose `amount` is the sum and `count`
 * the number of transactions. `date: null` means "outside the requested period". Amounts are signed minor units.
 */
export interface LedgerEntry {
  readonly date: string | null;
  readonly amount: number;
  readonly kind: Kind;
  readonly category: string | null;
  readonly count: number;
}

/** Kind of a transaction: the given one, else inferred from the sign (positive = income, zero or less = expense). */
export function resolveKind(kind: Kind | undefined, amount: number): Kind {
  if (kind !== undefined) return kind;
  return amount > 0 ? "income" : "expense";
}
