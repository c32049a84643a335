import { yearOf } from "../calendar/dates.ts";
import { monthEnd, monthStart } from "../calendar/months.ts";
import type { AccountOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { cashflow } from "../services/cashflow.ts";
import { accountCurrency, accountDefaults, otherCurrencies } from "./account-defaults.ts";
import { formatCashflow } from "./format-cashflow.ts";
import { ledgerEntries } from "./ledger-entries.ts";

export function getCashflowOperation(schemas: Schemas) {
  const operation: AccountOperation<Schemas["cashflow"]["query"], Schemas["cashflow"]["accountReport"]> = {
    kind: "account",
    name: "get_cashflow",
    method: "get",
    path: "/v1/me/analytics/cashflow",
    tag: "Account",
    summary: "Annual cashflow of your own statement transactions.",
    description: "The same calculation as `calculate_cashflow`, over your statement transactions in one currency " +
      "(default: your profile's default currency) for one year (default: the current year in your profile's time " +
      "zone). Currencies left out are listed in `other_currencies`. Requires a bearer token.",
    get input() {
      return schemas.cashflow.query;
    },
    get output() {
      return schemas.cashflow.accountReport;
    },
    async run(input, ctx) {
      // The profile gives only the defaults: with both parameters the report does not depend on it, so it is not
      // read (one statement fewer in the request's transaction).
      const needsDefaults = input.currency === undefined || input.year === undefined;
      const { profile, today } = needsDefaults ? await accountDefaults(ctx) : { profile: null, today: undefined };
      const currency = accountCurrency(input.currency, profile);
      const year = input.year ?? yearOf(today!);
      const from = monthStart(year, 1);
      const rows = await ctx.data.ledgerTotals(from, monthEnd(year, 12));
      const { entries, currencies } = ledgerEntries(rows, currency.code, from);
      const report = formatCashflow(currency.code, currency.scale, cashflow(entries, year));
      return { ...report, other_currencies: otherCurrencies(currencies, currency.code) };
    },
  };
  return operation;
}
