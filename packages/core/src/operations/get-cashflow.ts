import { yearOf } from "../calendar/dates.ts";
import { monthEnd, monthStart } from "../calendar/months.ts";
import type { AccountOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { cashflow, cashflowOf, CashflowSums } from "../services/cashflow.ts";
import { accountCurrency, accountDefaults, otherCurrencies } from "./account-defaults.ts";
import { formatCashflow } from "./format-cashflow.ts";
import { ledgerEntries } from "./ledger-entries.ts";
import { STORED_RATES_RULES } from "../contracts/rule-texts.ts";
import { CONVERSION_RULES } from "../contracts/rule-texts.ts";
import { checkReportRange } from "./check-report-range.ts";
import { maxRateAge, otherCurrencyOutside, STORED_AT, storedUnitsOfOthers } from "./stored-conversion.ts";

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
      "zone). Currencies left out are listed in `other_currencies`. Requires a bearer token.\n\nConversion: " +
      STORED_RATES_RULES + " Income and expense day groups of the year in other currencies are converted; their " +
      "transfers and rows outside the year are counted in `excluded`. " + CONVERSION_RULES,
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
      const to = monthEnd(year, 12);
      if (input.convert === true) {
        // The report's rows and what it converts in one go: the conversion's read needs nothing from the first.
        const [rows, units] = await Promise.all([
          ctx.data.ledgerTotals(from, to),
          storedUnitsOfOthers(ctx.data, currency.code, from, to, maxRateAge(input), (kind) => kind !== "transfer"),
        ]);
        // As `cashflow` over the report's entries, the converted and uncounted day groups, then the other
        // currencies' rows outside the year, without an entry object per day group.
        const sums = new CashflowSums(year);
        for (const e of ledgerEntries(rows, currency.code, from).entries) sums.add(e.date, e.amount, e.kind, e.count);
        units.forEach((date, amount, kind, count) => sums.add(date, amount, kind, count));
        for (const e of otherCurrencyOutside(rows, currency.code)) sums.add(e.date, e.amount, e.kind, e.count);
        const report = formatCashflow(currency.code, currency.scale, cashflowOf(sums));
        checkReportRange(report, STORED_AT);
        return {
          ...report,
          other_currencies: units.converter.unconvertedCurrencies(),
          conversion: units.converter.block(STORED_AT),
        };
      }
      const rows = await ctx.data.ledgerTotals(from, to);
      const { entries, currencies } = ledgerEntries(rows, currency.code, from);
      const report = formatCashflow(currency.code, currency.scale, cashflow(entries, year));
      return { ...report, other_currencies: otherCurrencies(currencies, currency.code) };
    },
  };
  return operation;
}
