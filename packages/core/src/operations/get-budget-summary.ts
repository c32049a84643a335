import { monthOf, yearOf } from "../calendar/dates.ts";
import { monthEnd, monthStart } from "../calendar/months.ts";
import { ROLLOVER_RULES } from "../contracts/rule-texts.ts";
import type { AccountOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { budgetRollover } from "../services/budget-rollover.ts";
import { budgetSummary } from "../services/budget-summary.ts";
import { accountCurrency, accountDefaults, otherCurrencies } from "./account-defaults.ts";
import { formatBudget } from "./format-budget.ts";
import { ledgerEntries } from "./ledger-entries.ts";
import { loadRolloverHistory } from "./load-rollover-history.ts";
import { addMonths } from "../calendar/months.ts";
import { STORED_RATES_RULES } from "../contracts/rule-texts.ts";
import { CONVERSION_RULES } from "../contracts/rule-texts.ts";
import { checkReportRange } from "./check-report-range.ts";
import { budgetCounts } from "./converted-budget.ts";
import { maxRateAge, STORED_AT, storedFlows } from "./stored-conversion.ts";

export function getBudgetSummaryOperation(schemas: Schemas) {
  const operation: AccountOperation<Schemas["budget"]["query"], Schemas["budget"]["accountReport"]> = {
    kind: "account",
    name: "get_budget_summary",
    method: "get",
    path: "/v1/me/budget/summary",
    tag: "Account",
    summary: "Budget versus actual spending of your own data for one month.",
    description: "The same calculation as `calculate_budget_summary`, over your budgets and statement " +
      "transactions in one currency (default: your profile's default currency) for one month (default: the current " +
      "month and year in your profile's time zone). Requires a bearer token.\n\nRollover: " +
      ROLLOVER_RULES + " The earlier months are your budget rows and your monthly expense totals (from the monthly " +
      "rollup, never raw transactions) in the same currency for the 24 months before the requested month. " +
      "`other_currencies` still looks at the requested month only. With `none` (or no `rollover`) `carryover_in` is " +
      "zero, `available` equals `remaining`, and every other field is exactly as without rollover.\n\nConversion: " +
      STORED_RATES_RULES + " Budgets are plans in `currency` and are never converted (budget rows in other " +
      "currencies stay listed in `other_currencies`); income and expense day groups of the month in other " +
      "currencies are converted, and with rollover the expense day groups of the 24 months before in the " +
      "categories with a budget row there. " + CONVERSION_RULES,
    get input() {
      return schemas.budget.query;
    },
    get output() {
      return schemas.budget.accountReport;
    },
    async run(input, ctx) {
      const { profile, today } = await accountDefaults(ctx);
      const currency = accountCurrency(input.currency, profile);
      const year = input.year ?? yearOf(today);
      const month = input.month ?? monthOf(today);
      const start = monthStart(year, month);
      const policy = input.rollover ?? "none";
      const [rows, budgetRows, earlier] = await Promise.all([
        ctx.data.ledgerTotals(start, monthEnd(year, month)),
        ctx.data.budgets(start),
        loadRolloverHistory(ctx.data, currency.code, start, policy),
      ]);
      const { entries, currencies } = ledgerEntries(rows, currency.code, start);
      const budgets = budgetRows.filter((b) => b.currency === currency.code).map((b) => ({
        category: b.category,
        amount: b.amount_minor,
      }));
      for (const b of budgetRows) if (b.currency !== currency.code) currencies.push(b.currency);
      if (input.convert === true) {
        const counts = budgetCounts(year, month, earlier.history, policy);
        const windowFrom = policy === "none" ? start : addMonths(start, -24) ?? "0001-01-01";
        // The currencies of the window: the month's (from its rows), or with rollover the 24 months' before too.
        const window = policy === "none" ? rows : await ctx.data.ledgerTotals(windowFrom, monthEnd(year, month));
        const inWindow = window.filter((r) => r.month !== null).map((r) => r.currency);
        const flows = await storedFlows(
          ctx.data,
          currency.code,
          inWindow,
          windowFrom,
          monthEnd(year, month),
          maxRateAge(input),
          counts,
          { uncounted: false },
        );
        const summary = budgetSummary(entries.concat(flows.converted), budgets, year, month);
        const result = budgetRollover(summary, earlier.entries.concat(flows.converted), earlier.history, policy);
        const report = formatBudget(currency.code, currency.scale, result);
        checkReportRange(report, STORED_AT);
        const unconverted = flows.converter.unconvertedCurrencies();
        for (const b of budgetRows) if (b.currency !== currency.code) unconverted.push(b.currency);
        return {
          ...report,
          other_currencies: otherCurrencies(unconverted, currency.code),
          conversion: flows.converter.block(STORED_AT),
        };
      }
      const summary = budgetSummary(entries, budgets, year, month);
      const result = budgetRollover(summary, earlier.entries, earlier.history, policy);
      const report = formatBudget(currency.code, currency.scale, result);
      return { ...report, other_currencies: otherCurrencies(currencies, currency.code) };
    },
  };
  return operation;
}
