import { divideHalfEven } from "../api/divideHalfEven.ts";
import { percentage } from "../api/percentage.ts";
import { type Calculator, numberCalculator } from "../money/calculator.ts";
import type { LedgerEntry } from "./ledger-entry.ts";

export interface CashflowMonth {
  readonly month: number;
  readonly income: number;
  readonly expenses: number;
  readonly net: number;
  readonly cumulative_net: number;
  readonly transaction_count: number;
}

export interface Cashflow {
  readonly year: number;
  readonly months: readonly CashflowMonth[];
  readonly totals: {
    readonly income: number;
    readonly expenses: number;
    readonly net: number;
    readonly transaction_count: number;
  };
  readonly months_with_activity: number;
  readonly monthly_average: {
    readonly income: number | null;
    readonly expenses: number | null;
    readonly net: number | null;
  };
  readonly savings_rate_percent: number | null;
  readonly excluded: { readonly transfer_count: number; readonly outside_period_count: number };
}

/**
 * Annual cashflow (API.md §2 CashflowReport), amounts in minor units.
 * Transfers are excluded whatever their date (`transfer_count`); income and expense entries dated outside `year`
 * (or with a null date) are `outside_period_count`. `expenses` is the magnitude of the summed expense amounts
 * (refunds reduce it), `income` the sum of income amounts (reversals reduce it).
 */
export function cashflow(entries: readonly LedgerEntry[], year: number, calc: Calculator = numberCalculator): Cashflow {
  const prefix = String(year).padStart(4, "0") + "-";
  const income = new Array<number>(12).fill(0);
  const expenseSum = new Array<number>(12).fill(0);
  const counts = new Array<number>(12).fill(0);
  let transferCount = 0;
  let outsideCount = 0;
  for (const entry of entries) {
    if (entry.kind === "transfer") {
      transferCount = calc.add(transferCount, entry.count);
      continue;
    }
    const date = entry.date;
    if (date === null || !date.startsWith(prefix)) {
      outsideCount = calc.add(outsideCount, entry.count);
      continue;
    }
    const m = (date.charCodeAt(5) - 48) * 10 + (date.charCodeAt(6) - 48) - 1;
    if (entry.kind === "income") income[m] = calc.add(income[m]!, entry.amount);
    else expenseSum[m] = calc.add(expenseSum[m]!, entry.amount);
    counts[m] = calc.add(counts[m]!, entry.count);
  }

  const months: CashflowMonth[] = [];
  let totalIncome = 0;
  let totalExpenses = 0;
  let totalCount = 0;
  let cumulative = 0;
  let active = 0;
  for (let i = 0; i < 12; i++) {
    const expenses = calc.subtract(0, expenseSum[i]!);
    const net = calc.subtract(income[i]!, expenses);
    cumulative = calc.add(cumulative, net);
    totalIncome = calc.add(totalIncome, income[i]!);
    totalExpenses = calc.add(totalExpenses, expenses);
    totalCount = calc.add(totalCount, counts[i]!);
    if (counts[i]! > 0) active++;
    months.push({
      month: i + 1,
      income: income[i]!,
      expenses,
      net,
      cumulative_net: cumulative,
      transaction_count: counts[i]!,
    });
  }
  const totalNet = calc.subtract(totalIncome, totalExpenses);
  return {
    year,
    months,
    totals: { income: totalIncome, expenses: totalExpenses, net: totalNet, transaction_count: totalCount },
    months_with_activity: active,
    monthly_average: active === 0 ? { income: null, expenses: null, net: null } : {
      income: divideHalfEven(totalIncome, active),
      expenses: divideHalfEven(totalExpenses, active),
      net: divideHalfEven(totalNet, active),
    },
    savings_rate_percent: percentage(totalNet, totalIncome),
    excluded: { transfer_count: transferCount, outside_period_count: outsideCount },
  };
}
