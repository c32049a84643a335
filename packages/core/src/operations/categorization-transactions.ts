/**
 * The transactions of POST categorize and POST suggestions (API.md §10.2, §10.4), checked in one pass: real dates,
 * each amount exact in its own currency's scale (without a currency: at most 4 fractional digits), known currency
 * codes. Transactions of any currencies mix freely.
 */
import { isValidDate } from "../calendar/dates.ts";
import type { CategorizeTransaction } from "../categorization/transaction-view.ts";
import { currencyScale } from "../money/currencies.ts";
import { moneyIssueMessage, parseMinor } from "../money/parse-minor.ts";
import type { ErrorCollector } from "./error-collector.ts";

/** Fractional digits an amount without a currency may have (CLF, the ISO 4217 currency with the most, has 4). */
export const SCALE_WITHOUT_CURRENCY = 4;

export interface CategorizationTransactionInput {
  readonly id?: string | null | undefined;
  readonly date: string;
  readonly amount: string | number;
  readonly currency?: string | undefined;
  readonly category?: string | null | undefined;
  readonly kind?: "income" | "expense" | "transfer" | undefined;
  readonly description?: string | null | undefined;
  readonly counterparty?: string | null | undefined;
  readonly account?: string | null | undefined;
}

export interface CheckedTransaction extends CategorizeTransaction {
  readonly amountMinor: number;
  readonly date: string;
  readonly id: string | null;
}

/** The checked amounts of a transaction list, one entry per transaction (0 where an amount was rejected). */
export interface CheckedAmounts {
  /** Signed amount in minor units of `scale` decimals (a safe integer). */
  readonly amountMinor: Float64Array;
  /** Decimals of each amount: its currency's ISO 4217 minor unit, else SCALE_WITHOUT_CURRENCY. */
  readonly scale: Uint8Array;
}

/** Checks every transaction's date, currency and amount (issues into `errors`); the amounts as columns. */
export function checkCategorizationAmounts(
  transactions: readonly CategorizationTransactionInput[],
  base: string,
  errors: ErrorCollector,
): CheckedAmounts {
  const amountMinor = new Float64Array(transactions.length);
  const scales = new Uint8Array(transactions.length);
  // Transactions repeat a few currency codes, in any order: each code's scale (-1: not a currency) is looked up once.
  const scaleOf = new Map<string, number>();
  for (let i = 0; i < transactions.length; i++) {
    const t = transactions[i]!;
    if (!isValidDate(t.date)) {
      errors.at(
        `${base}/${i}/date`,
        "invalid_date",
        `\`${base}/${i}/date\` is not a real calendar date ("${t.date}").`,
      );
    }
    let scale = SCALE_WITHOUT_CURRENCY;
    const currency = t.currency;
    if (currency !== undefined) {
      let s = scaleOf.get(currency);
      if (s === undefined) {
        s = currencyScale(currency.toUpperCase()) ?? -1;
        // Bounded: a body of 50,000 different made-up codes keeps 64 of them.
        if (scaleOf.size < 64) scaleOf.set(currency, s);
      }
      if (s < 0) {
        errors.at(
          `${base}/${i}/currency`,
          "unknown_currency",
          `\`${base}/${i}/currency\` is "${currency}", which is not an active ISO 4217 currency code.`,
        );
      } else scale = s;
    }
    const amount = parseMinor(t.amount, scale);
    if (typeof amount !== "number") {
      const code = currency === undefined ? "" : currency.toUpperCase();
      const where = `\`${base}/${i}/amount\``;
      errors.at(
        `${base}/${i}/amount`,
        amount,
        code === "" && amount === "too_many_decimals"
          ? `${where} has more than ${SCALE_WITHOUT_CURRENCY} fractional digits; give the transaction's ` +
            "`currency` to check it against that currency instead."
          : moneyIssueMessage(amount, where, code === "" ? "an amount without a currency" : code, scale),
      );
    } else amountMinor[i] = amount;
    scales[i] = scale;
  }
  return { amountMinor, scale: scales };
}

/** As checkCategorizationAmounts, each transaction as one object (what the engine's object API reads). */
export function checkCategorizationTransactions(
  transactions: readonly CategorizationTransactionInput[],
  base: string,
  errors: ErrorCollector,
): CheckedTransaction[] {
  const { amountMinor, scale } = checkCategorizationAmounts(transactions, base, errors);
  const out = new Array<CheckedTransaction>(transactions.length);
  for (let i = 0; i < transactions.length; i++) {
    const t = transactions[i]!;
    out[i] = {
      id: t.id ?? null,
      date: t.date,
      amountMinor: amountMinor[i]!,
      scale: scale[i]!,
      category: t.category,
      kind: t.kind,
      description: t.description,
      counterparty: t.counterparty,
      account: t.account,
    };
  }
  return out;
}
