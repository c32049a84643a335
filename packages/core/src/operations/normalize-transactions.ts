import { isValidDate } from "../calendar/dates.ts";
import type { Kind } from "../contracts/account-data.ts";
import { currencyScale } from "../money/currencies.ts";
import { moneyIssueMessage, parseMinor } from "../money/parse-minor.ts";
import type { LedgerEntry } from "../services/ledger-entry.ts";
import type { ErrorCollector } from "./error-collector.ts";
import type { ResolvedCurrency } from "./resolve-currency.ts";

/** A transaction as validated by the zod schema (amount still a string or number). */
export interface TransactionInput {
  readonly date: string;
  readonly amount: string | number;
  readonly currency?: string | undefined;
  readonly category?: string | null | undefined;
  readonly kind?: Kind | undefined;
}

export interface NormalizedTransactions {
  readonly entries: LedgerEntry[];
  /** Latest date of any transaction (transfers included); null when there are none. */
  readonly latestDate: string | null;
}

/**
 * One pass over the transactions: checks real dates, parses amounts into minor units (never rounding), checks each
 * transaction currency against the request's, and resolves the kind from the sign when omitted. Every problem is
 * recorded with its JSON pointer (`/transactions/3/amount`).
 */
export function normalizeTransactions(
  transactions: readonly TransactionInput[],
  currency: ResolvedCurrency,
  base: string,
  errors: ErrorCollector,
): NormalizedTransactions {
  const entries: LedgerEntry[] = new Array(transactions.length);
  const { code, scale } = currency;
  let latest: string | null = null;
  for (let i = 0; i < transactions.length; i++) {
    const t = transactions[i]!;
    const date = t.date;
    if (!isValidDate(date)) {
      errors.at(`${base}/${i}/date`, "invalid_date", `\`${base}/${i}/date\` is not a real calendar date ("${date}").`);
    } else if (latest === null || date > latest) latest = date;
    const amount = parseMinor(t.amount, scale);
    if (typeof amount !== "number") {
      errors.at(`${base}/${i}/amount`, amount, moneyIssueMessage(amount, `\`${base}/${i}/amount\``, code, scale));
    }
    if (t.currency !== undefined && t.currency !== code && t.currency.toUpperCase() !== code) {
      const known = currencyScale(t.currency.toUpperCase()) !== undefined;
      errors.at(
        `${base}/${i}/currency`,
        known ? "currency_mismatch" : "unknown_currency",
        known
          ? `\`${base}/${i}/currency\` is ${t.currency.toUpperCase()} but the request's currency is ${code}; ` +
            "v1 does no currency conversion."
          : `\`${base}/${i}/currency\` is "${t.currency}", which is not an active ISO 4217 currency code.`,
      );
    }
    const minor = typeof amount === "number" ? amount : 0;
    const kind: Kind = t.kind ?? (minor > 0 ? "income" : "expense");
    entries[i] = { date, amount: minor, kind, category: t.category ?? null, count: 1 };
  }
  return { entries, latestDate: latest };
}
