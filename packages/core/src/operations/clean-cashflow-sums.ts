import { dateNumber } from "../calendar/dates.ts";
import { parseMinor } from "../money/parse-minor.ts";
import { CashflowSums } from "../services/cashflow.ts";
import type { TransactionInput } from "./normalize-transactions.ts";
import type { ResolvedCurrency } from "./resolve-currency.ts";

/**
 * The common case of calculate_cashflow with a `year`, in one tight loop: every date real, every amount exact in the
 * request's currency, no transaction currency other than the request's, and no sum beyond the safe range. Returns
 * the sums, or undefined at the first transaction outside that case: the general path (visitTransactions and
 * CashflowSums.add) then runs from the start and reports every problem in order. When it returns sums, they are the
 * general path's: the same additions in the same order (calculate-cashflow-one-pass.test.ts holds both to the
 * two-pass reference).
 */
export function cleanCashflowSums(
  transactions: readonly TransactionInput[],
  currency: ResolvedCurrency,
  year: number,
): CashflowSums | undefined {
  const sums = new CashflowSums(year);
  const { income, expenseSum, counts } = sums;
  const { code, scale } = currency;
  let transfers = 0;
  let outside = 0;
  for (let i = 0; i < transactions.length; i++) {
    const t = transactions[i]!;
    const day = dateNumber(t.date);
    if (day < 0) return undefined;
    const amount = parseMinor(t.amount, scale);
    if (typeof amount !== "number") return undefined;
    const written = t.currency;
    if (written !== undefined && written !== code && written.toUpperCase() !== code) return undefined;
    const kind = t.kind ?? (amount > 0 ? "income" : "expense");
    if (kind === "transfer") {
      transfers++;
      continue;
    }
    if (Math.floor(day / 10000) !== year) {
      outside++;
      continue;
    }
    const m = Math.floor(day / 100) % 100 - 1;
    // Operands are safe integers, so a sum past the safe range is seen before it can round away; the general path
    // then reports the overflow after every validation error.
    if (kind === "income") {
      const sum = income[m]! + amount;
      if (sum > Number.MAX_SAFE_INTEGER || sum < -Number.MAX_SAFE_INTEGER) return undefined;
      income[m] = sum;
    } else {
      const sum = expenseSum[m]! + amount;
      if (sum > Number.MAX_SAFE_INTEGER || sum < -Number.MAX_SAFE_INTEGER) return undefined;
      expenseSum[m] = sum;
    }
    counts[m]!++;
  }
  sums.transferCount = transfers;
  sums.outsideCount = outside;
  return sums;
}
