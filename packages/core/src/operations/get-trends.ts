import { monthOf, yearOf } from "../calendar/dates.ts";
import { monthStart } from "../calendar/months.ts";
import type { AccountOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { TRENDS_RULES } from "../contracts/rule-texts.ts";
import { spendingTrends } from "../services/spending-trends.ts";
import { accountCurrency, accountDefaults } from "./account-defaults.ts";
import { formatTrends } from "./format-trends.ts";
import { monthlySpendingEntries } from "./monthly-spending-entries.ts";
import { trendsWindowStart } from "./trends-window.ts";

export function getTrendsOperation(schemas: Schemas) {
  const operation: AccountOperation<Schemas["trends"]["query"], Schemas["trends"]["report"]> = {
    kind: "account",
    name: "get_trends",
    method: "get",
    path: "/v1/me/analytics/trends",
    tag: "Account",
    summary: "Monthly spending trends of your own statement transactions.",
    description: "The same calculation as `calculate_trends`, over your statement transactions in one currency " +
      "(default: your profile's default currency; other currencies are left out), for the window ending with " +
      "`year` and `month` (default: the current month in your profile's time zone), `months` long (2–24, default " +
      "12). It reads your monthly expense totals per category from the monthly rollup, never raw transactions. " +
      "Requires a bearer token. " + TRENDS_RULES,
    get input() {
      return schemas.trends.query;
    },
    get output() {
      return schemas.trends.report;
    },
    async run(input, ctx) {
      const { profile, today } = await accountDefaults(ctx);
      const currency = accountCurrency(input.currency, profile);
      const year = input.year ?? yearOf(today);
      const month = input.month ?? monthOf(today);
      const months = input.months ?? 12;
      const from = trendsWindowStart(year, month, months, "query");
      const rows = await ctx.data.monthlySpending(currency.code, from, monthStart(year, month));
      const result = spendingTrends(monthlySpendingEntries(rows), year, month, months);
      return formatTrends(currency.code, currency.scale, result);
    },
  };
  return operation;
}
