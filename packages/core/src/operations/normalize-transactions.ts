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

/** Receives each normalized transaction, in order (also the invalid ones, with amount 0: errors decide). */
export type TransactionVisitor = (date: string, amount: number, kind: Kind, category: string | null) => void;

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
  let i = 0;
  const latestDate = visitTransactions(transactions, currency, base, errors, (date, amount, kind, category) => {
    entries[i++] = { date, amount, kind, category, count: 1 };
  });
  return { entries, latestDate };
}

/**
 * normalizeTransactions without the entries: hands each transaction to `visit` (an operation that aggregates as
 * it goes, in the same pass). Returns the latest valid date (transfers included), or null.
 */
export function visitTransactions(
  transactions: readonly TransactionInput[],
  currency: ResolvedCurrency,
  base: string,
  errors: ErrorCollector,
  visit: TransactionVisitor,
): string | null {
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
    visit(date, minor, kind, t.category ?? null);
  }
  return latest;
}
