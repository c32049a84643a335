/**
 * A converted net worth (conversion/convert-net-worth.ts) as the NetWorthReport JSON: the usual report in the report
 * currency, each account's own amounts (balance, reconciliation) at its own currency's scale with
 * `converted_balance` in the report currency, and the `conversion` block. Checks every total against 10^15 − 1
 * minor units (422 `out_of_range` at `at`).
 */
import type { ConvertedNetWorth } from "../conversion/convert-net-worth.ts";
import type { Converter } from "../conversion/converter.ts";
import { currencyScale } from "../money/currencies.ts";
import type { AccountStatement } from "../services/balance-on-date.ts";
import { checkReportRange } from "./check-report-range.ts";
import { formatBigMinor, formatNetWorth } from "./format-net-worth.ts";
import type { ResolvedCurrency } from "./resolve-currency.ts";

export function formatConvertedNetWorth<S extends AccountStatement>(
  currency: ResolvedCurrency,
  from: string,
  to: string,
  result: ConvertedNetWorth<S>,
  excludedStatementCount: number,
  converter: Converter,
  at: { pointer?: string; parameter?: string },
) {
  const report = formatNetWorth(
    currency.code,
    currency.scale,
    from,
    to,
    { ...result, accounts: [] },
    excludedStatementCount,
  );
  const formatted = {
    ...report,
    accounts: result.accounts.map((account) => {
      const scale = currencyScale(account.currency)!;
      const one = { series: [], netWorthMinor: 0n, changeMinor: 0n, accounts: [account] };
      const { statements, ...head } = formatNetWorth(account.currency, scale, from, to, one, 0).accounts[0]!;
      return {
        ...head,
        converted_balance: account.convertedBalanceMinor === null
          ? null
          : formatBigMinor(account.convertedBalanceMinor, currency.scale),
        statements,
      };
    }),
    conversion: converter.block(at),
  };
  checkReportRange(formatted, at);
  return formatted;
}
