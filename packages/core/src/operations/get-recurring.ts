import type { AccountOperation } from "../contracts/operation.ts";
import { RECURRING_RULES } from "../contracts/rule-texts.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { accountCurrency, accountDefaults } from "./account-defaults.ts";
import { formatRecurring } from "./format-recurring.ts";
import { loadRecurring } from "./load-recurring.ts";

export function getRecurringOperation(schemas: Schemas) {
  const operation: AccountOperation<Schemas["recurring"]["query"], Schemas["recurring"]["report"]> = {
    kind: "account",
    name: "get_recurring",
    method: "get",
    path: "/v1/me/analytics/recurring",
    tag: "Account",
    summary: "Recurring streams (subscriptions, bills, paychecks) in your own statement transactions.",
    description: "The same calculation as `calculate_recurring`, over your statement transactions in one currency " +
      "(default: your profile's default currency; rows in other currencies are left out) dated after `as_of` − 25 " +
      "months and on or before `as_of` (default: today in your profile's time zone). The database normalizes the " +
      "keys and sums each (key, direction, date) into one occurrence, so raw transactions are read only for the " +
      "streams found; a transaction's input order is its date, then its id. Requires a bearer token. " +
      RECURRING_RULES,
    get input() {
      return schemas.recurring.query;
    },
    get output() {
      return schemas.recurring.report;
    },
    async run(input, ctx) {
      const { profile, today } = await accountDefaults(ctx);
      const currency = accountCurrency(input.currency, profile);
      const asOf = input.as_of ?? today;
      const { result } = await loadRecurring(ctx.data, currency.code, asOf);
      return formatRecurring(currency.code, currency.scale, asOf, result);
    },
  };
  return operation;
}
