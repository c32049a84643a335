/**
 * POST budget summary with `conversion` (API.md §11.3, §11.4): budgets stay in the report currency (they are plans
 * set in one currency); income and expense day groups of the month in other currencies are converted (once each),
 * and, with rollover, the expense day groups of the 24 months before in the categories with a budget row there (the
 * spending the carryover chain reads). Other rows are neither converted nor tallied.
 */
import { monthEnd, monthStart } from "../calendar/months.ts";
import type { DayGroup } from "../conversion/day-groups.ts";
import { convertDayGroups } from "../conversion/day-groups.ts";
import { readRequestRates } from "../conversion/read-request-rates.ts";
import type { ConversionRequest } from "../conversion/read-request-rates.ts";
import type { BudgetMonth } from "../services/budget-rollover.ts";
import type { RolloverPolicy } from "../services/carryover-in.ts";
import { budgetRollover } from "../services/budget-rollover.ts";
import type { Budget } from "../services/budget-summary.ts";
import { budgetSummary } from "../services/budget-summary.ts";
import { checkReportRange } from "./check-report-range.ts";
import { readConvertedTransactions } from "./converted-transactions.ts";
import type { ErrorCollector } from "./error-collector.ts";
import { formatBudget } from "./format-budget.ts";
import type { TransactionInput } from "./normalize-transactions.ts";
import { locateOverflow } from "./overflow.ts";
import type { ResolvedCurrency } from "./resolve-currency.ts";
import { keepConversionShapes } from "./converted-shapes.ts";

/** Which day groups of another currency a budget summary counts. */
export function budgetCounts(
  year: number,
  month: number,
  history: readonly BudgetMonth[],
  policy: RolloverPolicy,
): (g: DayGroup) => boolean {
  const first = monthStart(year, month);
  const last = monthEnd(year, month);
  const target = year * 12 + month - 1;
  const chained = new Set<string>();
  if (policy !== "none") {
    for (const h of history) {
      const index = h.year * 12 + h.month - 1;
      if (index < target - 24 || index >= target) continue;
      for (const b of h.budgets) chained.add(b.category);
    }
  }
  return (g) => {
    if (g.kind === "transfer") return false;
    if (g.date >= first && g.date <= last) return true;
    if (g.kind !== "expense" || g.category === null || !chained.has(g.category)) return false;
    const index = Number(g.date.slice(0, 4)) * 12 + Number(g.date.slice(5, 7)) - 1;
    return index >= target - 24 && index < target;
  };
}

export function convertedBudget(
  input: {
    year: number;
    month: number;
    rollover?: RolloverPolicy | undefined;
    transactions: readonly TransactionInput[];
    conversion: ConversionRequest;
  },
  budgets: Budget[],
  history: BudgetMonth[],
  currency: ResolvedCurrency,
  errors: ErrorCollector,
) {
  keepConversionShapes();
  const converter = readRequestRates(input.conversion, currency.code, "/conversion", errors);
  const { entries, groups } = readConvertedTransactions(input.transactions, currency, "/transactions", errors);
  errors.throwIfAny();
  const policy = input.rollover ?? "none";
  const at = { pointer: "/transactions" };
  const counts = budgetCounts(input.year, input.month, history, policy);
  const all = entries.concat(convertDayGroups(groups.values(), converter!, counts, at));
  const result = locateOverflow(
    "/transactions",
    () => budgetRollover(budgetSummary(all, budgets, input.year, input.month), all, history, policy),
  );
  const report = formatBudget(currency.code, currency.scale, result);
  checkReportRange(report, at);
  return { ...report, conversion: converter!.block(at) };
}
