/**
 * The shared pipeline of POST recurring and POST forecast: validates the transactions (dates, exact amounts,
 * currency), groups the candidates, detects the streams and orders them.
 */
import type { ResolvedCurrency } from "./resolve-currency.ts";
import { numberCalculator } from "../money/calculator.ts";
import type { LedgerEntry } from "../services/ledger-entry.ts";
import { detectStream } from "../services/recurring-detection.ts";
import { groupCandidates, type TransactionText } from "../services/recurring-groups.ts";
import { type DetectedStream, type RecurringResult, recurringStreams } from "../services/recurring-streams.ts";
import { ErrorCollector } from "./error-collector.ts";
import { normalizeTransactions, type TransactionInput } from "./normalize-transactions.ts";
import { locateOverflow } from "./overflow.ts";
import { resolveBodyCurrency } from "./resolve-currency.ts";

export interface RecurringBody {
  readonly currency: string;
  readonly as_of: string;
  readonly transactions: readonly (TransactionInput & TransactionText)[];
}

export interface ValidatedRecurringBody {
  readonly currency: ResolvedCurrency;
  readonly entries: LedgerEntry[];
}

/**
 * Checks the body's currency and transactions; further fields are checked by `extra` (which records into the same
 * collector, so every problem is reported at once). Throws the 422 when anything is wrong.
 */
export function validateRecurringBody(
  input: RecurringBody,
  extra?: (errors: ErrorCollector, currency: ResolvedCurrency | undefined) => void,
): ValidatedRecurringBody {
  const errors = new ErrorCollector();
  const currency = resolveBodyCurrency(input.currency, "/currency", errors);
  extra?.(errors, currency);
  if (currency === undefined) throw errors.toError();
  const { entries } = normalizeTransactions(input.transactions, currency, "/transactions", errors);
  errors.throwIfAny();
  return { currency, entries };
}

/** The recurring streams of validated transactions at `asOf`. */
export function recurringFromTransactions(
  currency: string,
  asOf: string,
  entries: readonly LedgerEntry[],
  texts: readonly TransactionText[],
): RecurringResult {
  return locateOverflow("/transactions", () => {
    const { groups, members } = groupCandidates(entries, texts, asOf, numberCalculator);
    const detected: DetectedStream[] = [];
    for (let g = 0; g < groups.length; g++) {
      const schedule = detectStream(groups[g]!, asOf, numberCalculator);
      if (schedule !== null) detected.push({ group: groups[g]!, schedule, members: members(g) });
    }
    return recurringStreams(currency, detected, numberCalculator);
  });
}
