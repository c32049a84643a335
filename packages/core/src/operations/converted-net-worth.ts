/**
 * POST net worth with `conversion` (API.md §11.3, §11.4): the statements' own currencies, then the thin layer
 * `convertNetWorth` over the net-worth service, formatted as the usual report plus `converted_balance` per account
 * and the `conversion` block. POST responses carry no `other_currencies`: what is unconverted is in `conversion`.
 */
import { convertNetWorth, type CurrencyAccount } from "../conversion/convert-net-worth.ts";
import { readRequestRates } from "../conversion/read-request-rates.ts";
import type { ConversionRequest } from "../conversion/read-request-rates.ts";
import type { AccountStatement } from "../services/balance-on-date.ts";
import { compareCodePoints } from "../services/code-point-order.ts";
import { checkReportRange } from "./check-report-range.ts";
import type { ErrorCollector } from "./error-collector.ts";
import { formatBigMinor, formatNetWorth } from "./format-net-worth.ts";
import { locateOverflow } from "./overflow.ts";
import type { ResolvedCurrency } from "./resolve-currency.ts";
import { keepConversionShapes } from "./converted-shapes.ts";
import { currencyScale } from "../money/currencies.ts";

export function convertedNetWorth(
  input: { from: string; to: string },
  conversion: ConversionRequest,
  currency: ResolvedCurrency,
  byKey: Map<string, AccountStatement[]>,
  currencyOf: Map<string, ResolvedCurrency>,
  excluded: number,
  errors: ErrorCollector,
) {
  keepConversionShapes();
  const converter = readRequestRates(conversion, currency.code, "/conversion", errors);
  errors.throwIfAny();
  const accounts: CurrencyAccount[] = [...byKey.entries()]
    .map(([key, statements]) => ({
      name: key.slice(0, key.lastIndexOf("\u0000")),
      currency: currencyOf.get(key)!.code,
      statements,
    }))
    .sort((a, b) => compareCodePoints(a.name, b.name) || compareCodePoints(a.currency, b.currency));
  const at = { pointer: "/statements" };
  return locateOverflow("/statements", () => {
    const result = convertNetWorth(accounts, input.from, input.to, converter!, at);
    const report = formatNetWorth(currency.code, currency.scale, input.from, input.to, {
      ...result,
      accounts: [],
    }, excluded);
    const formatted = {
      ...report,
      // Each account's own amounts (balance, reconciliation) at its own currency's scale.
      accounts: result.accounts.map((account) => {
        const scale = currencyScale(account.currency)!;
        const empty = { series: [], netWorthMinor: 0n, changeMinor: 0n, accounts: [account] };
        const { statements, ...head } = formatNetWorth(account.currency, scale, input.from, input.to, empty, 0)
          .accounts[0]!;
        return {
          ...head,
          converted_balance: account.convertedBalanceMinor === null
            ? null
            : formatBigMinor(account.convertedBalanceMinor, currency.scale),
          statements,
        };
      }),
      conversion: converter!.block(at),
    };
    checkReportRange(formatted, at);
    return formatted;
  });
}
