/**
 * Net worth with conversion (API.md §11.3, §11.4): a thin layer over the net-worth service. Each account (an
 * `account_name` and a currency) is run through `netWorth` alone, in its own currency; then each of its balances on
 * a series date is converted at that date's rate and rounded once (money held on a date is valued on that date),
 * and the series sums the converted balances. An account whose balance has no usable rate on a date is left out of
 * that point (`total` and `account_count`) and tallied as unconverted. Each account keeps its balance in its own
 * currency and gains `convertedBalanceMinor`: its balance on `to` in the report currency (null without a balance or
 * a usable rate). The last series point is `to`, so that balance is the last point's and is tallied once.
 */
import type { AccountStatement } from "../services/balance-on-date.ts";
import {
  netWorth,
  type NetWorthAccountResult,
  type NetWorthPoint,
  type NetWorthResult,
} from "../services/net-worth.ts";
import type { Converter } from "./converter.ts";
import { checkConvertedRange } from "./out-of-range.ts";

export interface CurrencyAccount<S extends AccountStatement = AccountStatement> {
  readonly name: string;
  /** Upper-case code of the account's currency. */
  readonly currency: string;
  readonly statements: readonly S[];
}

export interface ConvertedNetWorthAccount<S extends AccountStatement = AccountStatement>
  extends NetWorthAccountResult<S> {
  readonly currency: string;
  /** The balance on `to` in the report currency; null without a balance or without a usable rate. */
  readonly convertedBalanceMinor: bigint | null;
}

export interface ConvertedNetWorth<S extends AccountStatement = AccountStatement> extends NetWorthResult<S> {
  /** In the order given; `balance` in the account's own currency. */
  readonly accounts: readonly ConvertedNetWorthAccount<S>[];
}

/** Requires `from` ≤ `to`. Accounts in the order they should be listed. */
export function convertNetWorth<S extends AccountStatement>(
  accounts: readonly CurrencyAccount<S>[],
  from: string,
  to: string,
  converter: Converter,
  at?: { pointer?: string; parameter?: string },
): ConvertedNetWorth<S> {
  let series: { date: string; totalMinor: bigint; accountCount: number }[] | undefined;
  const results: ConvertedNetWorthAccount<S>[] = [];
  for (const account of accounts) {
    const own = netWorth([{ name: account.name, statements: account.statements }], from, to);
    series ??= own.series.map((p) => ({ date: p.date, totalMinor: 0n, accountCount: 0 }));
    let last: bigint | null = null;
    own.series.forEach((p, i) => {
      last = null;
      if (p.accountCount === 0) return;
      const converted = converter.convert(account.currency, p.date, p.totalMinor, p.accountCount, at);
      if (converted === null) return;
      series![i]!.totalMinor += converted;
      series![i]!.accountCount += p.accountCount;
      last = converted;
    });
    const result = own.accounts[0]!;
    results.push({ ...result, currency: account.currency, convertedBalanceMinor: last });
  }
  series ??= netWorth([], from, to).series.map((p) => ({ ...p }));
  for (const p of series) checkConvertedRange(p.totalMinor, `The net worth on ${p.date}`, at);
  const points: NetWorthPoint[] = series;
  const first = points[0]!;
  const lastPoint = points[points.length - 1]!;
  return {
    series: points,
    netWorthMinor: lastPoint.totalMinor,
    changeMinor: lastPoint.totalMinor - first.totalMinor,
    accounts: results,
  };
}
