/**
 * POST cashflow with `conversion` (API.md §11.3, §11.4): transactions of every currency; the default year is the
 * year of the latest transaction of any currency; income and expense day groups of the year in other currencies are
 * converted (once each) and counted as entries of the report currency; their transfers and out-of-year rows are
 * counted in `excluded` as usual, neither converted nor tallied.
 */
import { yearOf } from "../calendar/dates.ts";
import type { ConversionUnit } from "../conversion/converter.ts";
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
  // One prepared rate choice per (currency, date), kept by its number; the converted amounts summed per kind and
  // month as they come, with the sum of their magnitudes.
  const order = groups.order();
  const units: (ConversionUnit | undefined)[] = new Array(groups.currencyDayCount);
  const convertedGroups: number[] = [];
  const convertedMinor: number[] = [];
  const uncountedGroups: number[] = [];
  const total = new Array<number>(24).fill(0);
  const magnitude = new Array<number>(24).fill(0);
  const count = new Array<number>(24).fill(0);
  for (let i = 0; i < order.length; i++) {
    const g = order[i]!;
    const kind = groups.kindOf(g);
    if (kind === "transfer" || groups.yearOf(g) !== year) {
      uncountedGroups.push(g);
      continue;
    }
    const cd = groups.currencyDayOf(g);
    let unit = units[cd];
    if (unit === undefined) units[cd] = unit = converter!.unitOf(groups.currencyOf(g), groups.dateOf(g));
    const n = groups.countOf(g);
    const minor = converter!.convertUnit(unit, groups.amountOf(g), n, at);
    if (minor === null) continue;
    convertedGroups.push(g);
    convertedMinor.push(minor);
    const slot = (kind === "income" ? 0 : 12) + groups.monthOf(g) - 1;
    total[slot] = total[slot]! + minor;
    magnitude[slot] = magnitude[slot]! + (minor < 0 ? -minor : minor);
    count[slot] = count[slot]! + n;
  }
  const result = locateOverflow("/transactions", () => {
    let sums = known;
    if (sums === undefined) {
      sums = new CashflowSums(year!);
      for (const e of entries) sums.add(e.date, e.amount, e.kind, e.count);
    }
    // Adding a month's converted amounts one by one or as one sum gives the same total and the same overflow (none)
    // when even the sum of their magnitudes, with the month's sum so far, is a safe integer: every partial sum then
    // is. (Sums of safe integers in doubles are exact while they stay safe, and a magnitude sum that passes 2^53 can
    // never come back below it.) Otherwise they are added one by one, in order, as the report always did.
    let oneByOne = false;
    for (let slot = 0; slot < 24 && !oneByOne; slot++) {
      const before = slot < 12 ? sums.income[slot]! : sums.expenseSum[slot - 12]!;
      const counted = sums.counts[slot % 12]!;
      oneByOne = !Number.isSafeInteger(Math.abs(before) + magnitude[slot]!) ||
        !Number.isSafeInteger(counted + count[slot]! + count[(slot + 12) % 24]!);
    }
    if (oneByOne) {
      for (let i = 0; i < convertedGroups.length; i++) {
        const g = convertedGroups[i]!;
        sums.add(groups.dateOf(g), convertedMinor[i]!, groups.kindOf(g), groups.countOf(g));
      }
    } else {
      for (let slot = 0; slot < 24; slot++) {
        if (count[slot] === 0) continue;
        const month = slot % 12 + 1;
        const date = `${prefix}${month < 10 ? "0" : ""}${month}-01`;
        sums.add(date, total[slot]!, slot < 12 ? "income" : "expense", count[slot]!);
      }
    }
    // The groups the report does not count, as amounts of 0 with their counts (`excluded`).
    for (const g of uncountedGroups) sums.add(groups.dateOf(g), 0, groups.kindOf(g), groups.countOf(g));
    return cashflowOf(sums);
  });
  const report = formatCashflow(currency.code, currency.scale, result);
  checkReportRange(report, at);
  return { ...report, conversion: converter!.block(at) };
}
