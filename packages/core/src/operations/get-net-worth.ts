import { yearOf } from "../calendar/dates.ts";
import { monthStart } from "../calendar/months.ts";
import { BALANCE_RULES, SERIES_RULES } from "../contracts/net-worth.ts";
import type { AccountOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { monthEndSeries } from "../services/month-end-series.ts";
import { netWorth } from "../services/net-worth.ts";
import { storedAccounts } from "./account-statements.ts";
import { accountCurrency, accountDefaults } from "./account-defaults.ts";
import { formatNetWorth } from "./format-net-worth.ts";
import { checkNetWorthRange } from "./net-worth-range.ts";

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
      SERIES_RULES,
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
      const { accounts, excludedCount } = storedAccounts(await ctx.data.statementBalances(currency.code, dates), dates);
      const result = netWorth(accounts.map((a) => ({ name: a.account_name, statements: a.statements })), from, to);
      return formatNetWorth(currency.code, currency.scale, from, to, result, excludedCount);
    },
  };
  return operation;
}
