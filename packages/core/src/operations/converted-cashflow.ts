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
import { cashflow } from "../services/cashflow.ts";
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
  const { entries, groups, latestDate } = readConvertedTransactions(
    input.transactions,
    currency,
    "/transactions",
    errors,
  );
  let year = input.year;
  if (year === undefined && latestDate !== null) year = yearOf(latestDate);
  if (year === undefined && input.transactions.length === 0) {
    errors.at("/year", "required", "`/year` is required when there are no transactions to take it from.");
  }
  errors.throwIfAny();
  const prefix = String(year!).padStart(4, "0") + "-";
  const counts = (g: DayGroup) => g.kind !== "transfer" && g.date.startsWith(prefix);
  const at = { pointer: "/transactions" };
  const converted = convertDayGroups(groups.values(), converter!, counts, at);
  const all = entries.concat(converted, uncountedEntries(groups.values(), counts));
  const report = formatCashflow(
    currency.code,
    currency.scale,
    locateOverflow("/transactions", () => cashflow(all, year!)),
  );
  checkReportRange(report, at);
  return { ...report, conversion: converter!.block(at) };
}
