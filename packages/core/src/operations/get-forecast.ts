import type { AccountOperation } from "../contracts/operation.ts";
import { FORECAST_RULES, RECURRING_RULES } from "../contracts/rule-texts.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { OverflowError } from "../problem/validation-error.ts";
import { accountCurrency, accountDefaults } from "./account-defaults.ts";
import { forecastReport } from "./forecast-report.ts";
import { loadRecurring } from "./load-recurring.ts";
import { netWorthOn } from "./net-worth-on.ts";

export function getForecastOperation(schemas: Schemas) {
  const operation: AccountOperation<Schemas["forecast"]["query"], Schemas["forecast"]["report"]> = {
    kind: "account",
    name: "get_forecast",
    method: "get",
    path: "/v1/me/analytics/forecast",
    tag: "Account",
    summary: "Cash-flow forecast and runway from your own recurring streams and balances.",
    description: "The same calculation as `calculate_forecast`, on your own data in one currency (default: your " +
      "profile's default currency; rows in other currencies are left out). `as_of` defaults to today in your " +
      "profile's time zone. `starting_balance` is your net worth in that currency on `as_of`: the sum of the " +
      "balances on `as_of` of your accounts in that currency, by the balance rules of GET /v1/me/analytics/net-worth " +
      "(an account counts the transactions of all its statement imports, each stored line once; an opening balance " +
      "a statement does not give is derived from its reported closing balance; an account without a balance on " +
      "`as_of`, for want of a statement starting on or before it or of any balance in the statement that decides " +
      "it, is not counted, and with none the balance is 0). Streams and the trailing 90-day net come from your statement transactions dated after " +
      "`as_of` − 25 months and on or before `as_of`, read as occurrences summed by the database (the same window as " +
      "GET /v1/me/analytics/recurring). Requires a bearer token. " + FORECAST_RULES + "Stream rules: " +
      RECURRING_RULES,
    get input() {
      return schemas.forecast.query;
    },
    get output() {
      return schemas.forecast.report;
    },
    async run(input, ctx) {
      const { profile, today } = await accountDefaults(ctx);
      const currency = accountCurrency(input.currency, profile);
      const asOf = input.as_of ?? today;
      const [balance, loaded] = await Promise.all([
        netWorthOn(ctx.data, currency.code, asOf),
        loadRecurring(ctx.data, currency.code, asOf),
      ]);
      if (balance > BigInt(Number.MAX_SAFE_INTEGER) || balance < -BigInt(Number.MAX_SAFE_INTEGER)) {
        throw new OverflowError();
      }
      return forecastReport({
        currency,
        asOf,
        horizonDays: input.horizon_days ?? 90,
        startingBalance: Number(balance),
        trailingNet: loaded.trailingNet,
        streams: loaded.result.streams,
        where: "query",
      });
    },
  };
  return operation;
}
