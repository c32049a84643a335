import { yearOf } from "../calendar/dates.ts";
import { monthStart } from "../calendar/months.ts";
import type { AccountOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { ValidationError } from "../problem/validation-error.ts";
import { spendingByCategory } from "../services/spending-by-category.ts";
import { accountCurrency, accountDefaults, otherCurrencies } from "./account-defaults.ts";
import { formatSpending } from "./format-spending.ts";
import { ledgerEntries } from "./ledger-entries.ts";
import { STORED_RATES_RULES } from "../contracts/rule-texts.ts";
import { CONVERSION_RULES } from "../contracts/rule-texts.ts";
import type { DayGroup } from "../conversion/day-groups.ts";
import { checkReportRange } from "./check-report-range.ts";
import { maxRateAge, otherCurrencyOutside, STORED_AT, storedFlows } from "./stored-conversion.ts";

export function getSpendingByCategoryOperation(schemas: Schemas) {
  const operation: AccountOperation<Schemas["spending"]["query"], Schemas["spending"]["accountReport"]> = {
    kind: "account",
    name: "get_spending_by_category",
    method: "get",
    path: "/v1/me/analytics/spending-by-category",
    tag: "Account",
    summary: "Spending by category of your own statement transactions.",
    description: "The same calculation as `calculate_spending_by_category`, over your statement transactions in " +
      "one currency (default: your profile's default currency), from `from` (default: 1 January of the year of " +
      "`to`) to `to` (default: today in your profile's time zone). Requires a bearer token.\n\nConversion: " +
      STORED_RATES_RULES + " Expense day groups from `from` to `to` in other currencies are converted; their " +
      "income, transfers and rows outside the period are counted in `excluded`. " + CONVERSION_RULES,
    get input() {
      return schemas.spending.query;
    },
    get output() {
      return schemas.spending.accountReport;
    },
    async run(input, ctx) {
      const { profile, today } = await accountDefaults(ctx);
      const currency = accountCurrency(input.currency, profile);
      const to = input.to ?? today;
      const from = input.from ?? monthStart(yearOf(to), 1);
      if (to < from) {
        throw new ValidationError([{
          parameter: input.to === undefined ? "from" : "to",
          code: "invalid_range",
          message: input.to === undefined
            ? `Parameter \`from\` (${from}) is after today (${to}), the default \`to\`.`
            : `Parameter \`to\` (${to}) is before \`from\` (${from}).`,
        }]);
      }
      const rows = await ctx.data.ledgerTotals(from, to);
      const { entries, currencies } = ledgerEntries(rows, currency.code, from);
      if (input.convert === true) {
        const counts = (g: DayGroup) => g.kind === "expense";
        const flows = await storedFlows(ctx.data, currency.code, currencies, from, to, maxRateAge(input), counts);
        const all = entries.concat(flows.entries, otherCurrencyOutside(rows, currency.code));
        const result = spendingByCategory(all, from, to);
        const report = formatSpending(currency.code, currency.scale, from, to, result);
        checkReportRange(report, STORED_AT);
        return {
          ...report,
          from,
          to,
          other_currencies: flows.converter.unconvertedCurrencies(),
          conversion: flows.converter.block(STORED_AT),
        };
      }
      const report = formatSpending(currency.code, currency.scale, from, to, spendingByCategory(entries, from, to));
      return { ...report, from, to, other_currencies: otherCurrencies(currencies, currency.code) };
    },
  };
  return operation;
}
