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
  const sums = new CashflowSums(year, calc);
  for (const entry of entries) sums.add(entry.date, entry.amount, entry.kind, entry.count);
  return cashflowOf(sums, calc);
}

/**
 * The running sums of `cashflow`, one entry at a time, so an operation can add its transactions as it reads them
 * (one pass, no entry objects). `cashflowOf(sums)` equals `cashflow(entries)` for the same entries in the same
 * order: the same checked additions happen in the same order.
 */
export class CashflowSums {
  readonly year: number;
  readonly income = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  readonly expenseSum = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  readonly counts = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  transferCount = 0;
  outsideCount = 0;
  readonly #prefix: string;
  readonly #calc: Calculator;

  constructor(year: number, calc: Calculator = numberCalculator) {
    this.year = year;
    this.#prefix = String(year).padStart(4, "0") + "-";
    this.#calc = calc;
  }

  add(date: string | null, amount: number, kind: LedgerEntry["kind"], count: number): void {
    const calc = this.#calc;
    if (kind === "transfer") {
      this.transferCount = calc.add(this.transferCount, count);
      return;
    }
    if (date === null || !date.startsWith(this.#prefix)) {
      this.outsideCount = calc.add(this.outsideCount, count);
      return;
    }
    const m = (date.charCodeAt(5) - 48) * 10 + (date.charCodeAt(6) - 48) - 1;
    if (kind === "income") this.income[m] = calc.add(this.income[m]!, amount);
    else this.expenseSum[m] = calc.add(this.expenseSum[m]!, amount);
    this.counts[m] = calc.add(this.counts[m]!, count);
  }
}

/** The report from the sums (see `cashflow`). */
export function cashflowOf(sums: CashflowSums, calc: Calculator = numberCalculator): Cashflow {
  const { year, income, expenseSum, counts, transferCount, outsideCount } = sums;
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
