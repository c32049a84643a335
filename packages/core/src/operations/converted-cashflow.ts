/**
 * POST cashflow with `conversion` (API.md §11.3, §11.4): transactions of every currency; the default year is the
 * year of the latest transaction of any currency; income and expense day groups of the year in other currencies are
 * converted (once each) and counted as entries of the report currency; their transfers and out-of-year rows are
 * counted in `excluded` as usual, neither converted nor tallied.
 */
import { yearOf } from "../calendar/dates.ts";
import { readRequestRates } from "../conversion/read-request-rates.ts";
import type { ConversionRequest } from "../conversion/read-request-rates.ts";
import { cashflowOf, CashflowSums } from "../services/cashflow.ts";
import { OverflowError } from "../problem/validation-error.ts";
import { checkReportRange } from "./check-report-range.ts";
import { readConvertedTransactions } from "./converted-transactions.ts";
import type { ErrorCollector } from "./error-collector.ts";
import { formatCashflow } from "./format-cashflow.ts";
import type { TransactionInput } from "./normalize-transactions.ts";
import { locateOverflow } from "./overflow.ts";
import type { ResolvedCurrency } from "./resolve-currency.ts";
import { keepConversionShapes } from "./converted-shapes.ts";

export function convertedCashflow(
  input: { year?: number | undefined; transactions: readonly TransactionInput[]; conversion: ConversionRequest },
  currency: ResolvedCurrency,
  errors: ErrorCollector,
) {
  keepConversionShapes();
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
  const at = { pointer: "/transactions" };
  // Income and expense groups of the year are converted (each once, in the groups' order, before anything is
  // summed, so a converted amount out of range is reported as such); the others are only counted in `excluded`.
  const order = groups.order();
  const convertedGroups: number[] = [];
  const convertedMinor: number[] = [];
  const uncountedGroups: number[] = [];
  for (let i = 0; i < order.length; i++) {
    const g = order[i]!;
    const date = groups.dateOf(g);
    if (groups.kindOf(g) === "transfer" || !date.startsWith(prefix)) {
      uncountedGroups.push(g);
      continue;
    }
    const minor = converter!.convertToNumber(groups.currencyOf(g), date, groups.amountOf(g), groups.countOf(g), at);
    if (minor === null) continue;
    convertedGroups.push(g);
    convertedMinor.push(minor);
  }
  const result = locateOverflow("/transactions", () => {
    let sums = known;
    if (sums === undefined) {
      sums = new CashflowSums(year!);
      for (const e of entries) sums.add(e.date, e.amount, e.kind, e.count);
    }
    for (let i = 0; i < convertedGroups.length; i++) {
      const g = convertedGroups[i]!;
      sums.add(groups.dateOf(g), convertedMinor[i]!, groups.kindOf(g), groups.countOf(g));
    }
    // The groups the report does not count, as amounts of 0 with their counts (`excluded`).
    for (const g of uncountedGroups) sums.add(groups.dateOf(g), 0, groups.kindOf(g), groups.countOf(g));
    return cashflowOf(sums);
  });
  const report = formatCashflow(currency.code, currency.scale, result);
  checkReportRange(report, at);
  return { ...report, conversion: converter!.block(at) };
}
