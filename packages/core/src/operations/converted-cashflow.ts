/**
 * POST cashflow with `conversion` (API.md §11.3, §11.4): transactions of every currency; the default year is the
 * year of the latest transaction of any currency; income and expense day groups of the year in other currencies are
 * converted (once each) and counted as entries of the report currency; their transfers and out-of-year rows are
 * counted in `excluded` as usual, neither converted nor tallied.
 */
import { yearOf } from "../calendar/dates.ts";
import type { DayGroup } from "../conversion/day-groups.ts";
import { convertDayGroups } from "../conversion/day-groups.ts";
import { readRequestRates } from "../conversion/read-request-rates.ts";
import type { ConversionRequest } from "../conversion/read-request-rates.ts";
import { cashflow, cashflowOf, CashflowSums } from "../services/cashflow.ts";
import { OverflowError } from "../problem/validation-error.ts";
import { checkReportRange } from "./check-report-range.ts";
import { readConvertedTransactions, uncountedEntries } from "./converted-transactions.ts";
import type { ErrorCollector } from "./error-collector.ts";
import { formatCashflow } from "./format-cashflow.ts";
import type { TransactionInput } from "./normalize-transactions.ts";
import { locateOverflow } from "./overflow.ts";
import type { ResolvedCurrency } from "./resolve-currency.ts";

export function convertedCashflow(
  input: { year?: number | undefined; transactions: readonly TransactionInput[]; conversion: ConversionRequest },
  currency: ResolvedCurrency,
  errors: ErrorCollector,
) {
  const converter = readRequestRates(input.conversion, currency.code, "/conversion", errors);
  // With the year known, the report currency's transactions are summed as they are read (no entry objects), as in
  // the plain one-pass path; an overflow is reported after every validation error.
  const known = input.year === undefined ? undefined : new CashflowSums(input.year);
  let overflow = false;
  const { entries, groups, latestDate } = readConvertedTransactions(
    input.transactions,
    currency,
    "/transactions",
    errors,
    known === undefined ? undefined : (date, amount, kind) => {
      if (overflow) return;
      try {
        known.add(date, amount, kind, 1);
      } catch (error) {
        if (!(error instanceof OverflowError)) throw error;
        overflow = true;
      }
    },
  );
  let year = input.year;
  if (year === undefined && latestDate !== null) year = yearOf(latestDate);
  if (year === undefined && input.transactions.length === 0) {
    errors.at("/year", "required", "`/year` is required when there are no transactions to take it from.");
  }
  errors.throwIfAny();
  if (overflow) throw new OverflowError("/transactions");
  const prefix = String(year!).padStart(4, "0") + "-";
  const counts = (g: DayGroup) => g.kind !== "transfer" && g.date.startsWith(prefix);
  const at = { pointer: "/transactions" };
  const list = groups.values();
  const converted = convertDayGroups(list, converter!, counts, at);
  const uncounted = uncountedEntries(list, counts);
  const result = locateOverflow("/transactions", () => {
    if (known === undefined) return cashflow(entries.concat(converted, uncounted), year!);
    for (const e of converted) known.add(e.date, e.amount, e.kind, e.count);
    for (const e of uncounted) known.add(e.date, e.amount, e.kind, e.count);
    return cashflowOf(known);
  });
  const report = formatCashflow(currency.code, currency.scale, result);
  checkReportRange(report, at);
  return { ...report, conversion: converter!.block(at) };
}
