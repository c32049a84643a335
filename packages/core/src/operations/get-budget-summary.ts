import { monthOf, yearOf } from "../calendar/dates.ts";
import { monthEnd, monthStart } from "../calendar/months.ts";
import { ROLLOVER_RULES } from "../contracts/budget.ts";
import type { AccountOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { budgetRollover } from "../services/budget-rollover.ts";
import { budgetSummary } from "../services/budget-summary.ts";
import { accountCurrency, accountDefaults, otherCurrencies } from "./account-defaults.ts";
import { formatBudget } from "./format-budget.ts";
import { ledgerEntries } from "./ledger-entries.ts";
import { loadRolloverHistory } from "./load-rollover-history.ts";

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
      "zero, `available` equals `remaining`, and every other field is exactly as without rollover.",
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
      const summary = budgetSummary(entries, budgets, year, month);
      const result = budgetRollover(summary, earlier.entries, earlier.history, policy);
      const report = formatBudget(currency.code, currency.scale, result);
      return { ...report, other_currencies: otherCurrencies(currencies, currency.code) };
    },
  };
  return operation;
}
