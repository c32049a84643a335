import { yearOf } from "../calendar/dates.ts";
import { monthStart } from "../calendar/months.ts";
import { BALANCE_RULES, SERIES_RULES } from "../contracts/rule-texts.ts";
import type { AccountOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { monthEndSeries } from "../services/month-end-series.ts";
import { netWorth } from "../services/net-worth.ts";
import { storedAccounts } from "./account-statements.ts";
import { accountCurrency, accountDefaults } from "./account-defaults.ts";
import { formatNetWorth } from "./format-net-worth.ts";
import { checkNetWorthRange } from "./net-worth-range.ts";
import { STORED_RATES_RULES } from "../contracts/rule-texts.ts";
import { CONVERSION_RULES } from "../contracts/rule-texts.ts";
import { convertNetWorth } from "../conversion/convert-net-worth.ts";
import { formatConvertedNetWorth } from "./format-converted-net-worth.ts";
import { maxRateAge, STORED_AT, storedConverter } from "./stored-conversion.ts";

export function getNetWorthOperation(schemas: Schemas) {
  const operation: AccountOperation<Schemas["netWorth"]["query"], Schemas["netWorth"]["report"]> = {
    kind: "account",
    name: "get_net_worth",
    method: "get",
    path: "/v1/me/analytics/net-worth",
    tag: "Account",
    summary: "Your net worth month by month, your accounts' balances and the reconciliation of your statements.",
    description: "The same calculation as `calculate_net_worth`, over your statement imports in one currency " +
      "(default: your profile's default currency; other currencies are left out), from `from` (default: 1 January " +
      "of the year of `to`) to `to` (default: today in your profile's time zone). Imports that are `processing` or " +
      "`failed` are ignored and not counted anywhere. It reads each account's transaction totals per day from " +
      "the database (a rollup), never raw transactions. Requires a bearer token. " + BALANCE_RULES + " " +
      SERIES_RULES + "\n\nConversion: " + STORED_RATES_RULES + " Every account of every currency is then " +
      "included: each balance on each series date is converted at that date's rate (the last point's date is " +
      "`to`), and an account without a usable rate is left out of that point and disclosed. " + CONVERSION_RULES,
    get input() {
      return schemas.netWorth.query;
    },
    get output() {
      return schemas.netWorth.report;
    },
    async run(input, ctx) {
      const { profile, today } = await accountDefaults(ctx);
      const currency = accountCurrency(input.currency, profile);
      const to = input.to ?? today;
      const from = input.from ?? monthStart(yearOf(to), 1);
      checkNetWorthRange(from, to, "query", input.to === undefined);
      const dates = monthEndSeries(from, to);
      if (input.convert === true) {
        // A thin layer: every currency's accounts, each balance converted by the shared conversion service.
        const all = storedAccounts(await ctx.data.statementBalances(null, dates), dates);
        const maxAge = maxRateAge(input);
        const converter = await storedConverter(
          ctx.data,
          currency.code,
          all.accounts.map((a) => a.currency),
          from,
          to,
          maxAge,
        );
        const accounts = all.accounts.map((a) => ({
          name: a.account_name,
          currency: a.currency,
          statements: a.statements,
        }));
        const result = convertNetWorth(accounts, from, to, converter, STORED_AT);
        return formatConvertedNetWorth(currency, from, to, result, all.excludedCount, converter, STORED_AT);
      }
      const { accounts, excludedCount } = storedAccounts(await ctx.data.statementBalances(currency.code, dates), dates);
      const result = netWorth(accounts.map((a) => ({ name: a.account_name, statements: a.statements })), from, to);
      return formatNetWorth(currency.code, currency.scale, from, to, result, excludedCount);
    },
  };
  return operation;
}
