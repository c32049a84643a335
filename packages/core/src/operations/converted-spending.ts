/**
 * POST spending by category with `conversion` (API.md §11.3, §11.4): expense day groups in [from, to] in other
 * currencies are converted (once each) and counted as entries of the report currency; their income, transfers and
 * rows outside the period are counted in `excluded` as usual, neither converted nor tallied.
 */
import type { DayGroup } from "../conversion/day-groups.ts";
import { convertDayGroups } from "../conversion/day-groups.ts";
import { readRequestRates } from "../conversion/read-request-rates.ts";
import type { ConversionRequest } from "../conversion/read-request-rates.ts";
import { spendingByCategory } from "../services/spending-by-category.ts";
import { checkReportRange } from "./check-report-range.ts";
import { readConvertedTransactions, uncountedEntries } from "./converted-transactions.ts";
import type { ErrorCollector } from "./error-collector.ts";
import { formatSpending } from "./format-spending.ts";
import type { TransactionInput } from "./normalize-transactions.ts";
import { locateOverflow } from "./overflow.ts";
import type { ResolvedCurrency } from "./resolve-currency.ts";
import { keepConversionShapes } from "./converted-shapes.ts";

export function convertedSpending(
  input: { transactions: readonly TransactionInput[]; conversion: ConversionRequest },
  from: string | null,
  to: string | null,
  currency: ResolvedCurrency,
  errors: ErrorCollector,
) {
  keepConversionShapes();
  const converter = readRequestRates(input.conversion, currency.code, "/conversion", errors);
  const { entries, groups } = readConvertedTransactions(input.transactions, currency, "/transactions", errors);
  errors.throwIfAny();
  const counts = (g: DayGroup) =>
    g.kind === "expense" && (from === null || g.date >= from) && (to === null || g.date <= to);
  const at = { pointer: "/transactions" };
  const converted = convertDayGroups(groups.values(), converter!, counts, at);
  const all = entries.concat(converted, uncountedEntries(groups.values(), counts));
  const result = locateOverflow("/transactions", () => spendingByCategory(all, from, to));
  const report = formatSpending(currency.code, currency.scale, from, to, result);
  checkReportRange(report, at);
  return { ...report, conversion: converter!.block(at) };
}
