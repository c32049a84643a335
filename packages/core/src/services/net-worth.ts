/**
 * Net worth over time (API.md §9.3): for each date of the month-end series from `from` to `to`, the sum of the
 * balances of every account that has one on that date, by the one balance-on-date rule; the accounts with their
 * balance on `to` and the reconciliation of every statement. Exact: bigint minor units.
 */
import { type AccountBalance, type AccountStatement, balanceOnDate } from "./balance-on-date.ts";
import { monthEndSeries } from "./month-end-series.ts";
import { type ReconciledStatement, reconcileStatements } from "./reconcile-statements.ts";

export interface NetWorthAccount<S extends AccountStatement = AccountStatement> {
  readonly name: string;
  /** Every statement of the account, in any order. */
  readonly statements: readonly S[];
}

export interface NetWorthPoint {
  readonly date: string;
  readonly totalMinor: bigint;
  /** Accounts with a balance on `date`. */
  readonly accountCount: number;
}

export interface NetWorthAccountResult<S extends AccountStatement = AccountStatement> {
  readonly name: string;
  /** The balance on `to`; null when no statement starts on or before it. */
  readonly balance: AccountBalance<S> | null;
  readonly statements: readonly ReconciledStatement<S>[];
}

export interface NetWorthResult<S extends AccountStatement = AccountStatement> {
  readonly series: readonly NetWorthPoint[];
  /** The total on `to` (the last point). */
  readonly netWorthMinor: bigint;
  /** Last point − first point. */
  readonly changeMinor: bigint;
  /** In the order given. */
  readonly accounts: readonly NetWorthAccountResult<S>[];
}

/** Requires `from` ≤ `to`. */
export function netWorth<S extends AccountStatement>(
  accounts: readonly NetWorthAccount<S>[],
  from: string,
  to: string,
): NetWorthResult<S> {
  const series = monthEndSeries(from, to).map((date): NetWorthPoint => {
    let totalMinor = 0n;
    let accountCount = 0;
    for (const account of accounts) {
      const balance = balanceOnDate(account.statements, date);
      if (balance === null) continue;
      totalMinor += balance.balanceMinor;
      accountCount += 1;
    }
    return { date, totalMinor, accountCount };
  });
  const first = series[0]!;
  const last = series[series.length - 1]!;
  return {
    series,
    netWorthMinor: last.totalMinor,
    changeMinor: last.totalMinor - first.totalMinor,
    accounts: accounts.map((account) => ({
      name: account.name,
      balance: balanceOnDate(account.statements, to),
      statements: reconcileStatements(account.statements),
    })),
  };
}
