import { formatMinor } from "../money/format-minor.ts";
import { OverflowError } from "../problem/validation-error.ts";
import type { AccountStatement } from "../services/balance-on-date.ts";
import type { NetWorthResult } from "../services/net-worth.ts";

/** Exact bigint minor units as a decimal string; beyond the safe-integer range it is 422 `out_of_range`. */
export function formatBigMinor(minor: bigint, scale: number): string {
  if (minor > BigInt(Number.MAX_SAFE_INTEGER) || minor < -BigInt(Number.MAX_SAFE_INTEGER)) throw new OverflowError();
  return formatMinor(Number(minor), scale);
}

const nullable = (minor: bigint | null, scale: number) => (minor === null ? null : formatBigMinor(minor, scale));

/** NetWorthReport JSON (API.md §9.3) with a fixed key order. */
export function formatNetWorth<S extends AccountStatement>(
  currency: string,
  scale: number,
  from: string,
  to: string,
  r: NetWorthResult<S>,
  excludedStatementCount: number,
) {
  return {
    currency,
    from,
    to,
    net_worth: formatBigMinor(r.netWorthMinor, scale),
    change: formatBigMinor(r.changeMinor, scale),
    series: r.series.map((p) => ({
      date: p.date,
      total: formatBigMinor(p.totalMinor, scale),
      account_count: p.accountCount,
    })),
    accounts: r.accounts.map((a) => ({
      account_name: a.name,
      balance: a.balance === null ? null : formatBigMinor(a.balance.balanceMinor, scale),
      balance_date: a.balance === null ? null : a.balance.balanceDate,
      statements: a.statements.map(({ statement: s, differenceMinor, continuityDifferenceMinor }) => ({
        statement_start: s.start,
        statement_end: s.end,
        opening_balance: nullable(s.openingMinor, scale),
        opening_balance_source: s.openingSource,
        computed_closing_balance: nullable(s.computedClosingMinor, scale),
        reported_closing_balance: nullable(s.reportedClosingMinor, scale),
        difference: nullable(differenceMinor, scale),
        continuity_difference: nullable(continuityDifferenceMinor, scale),
      })),
    })),
    excluded_statement_count: excludedStatementCount,
  };
}
