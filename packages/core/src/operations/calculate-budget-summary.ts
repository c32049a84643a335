import type { CalculationOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { moneyIssueMessage, parseMinor } from "../money/parse-minor.ts";
import { type Budget, budgetSummary } from "../services/budget-summary.ts";
import { ErrorCollector } from "./error-collector.ts";
import { formatBudget } from "./format-budget.ts";
import { normalizeTransactions } from "./normalize-transactions.ts";
import { locateOverflow } from "./overflow.ts";
import { resolveBodyCurrency } from "./resolve-currency.ts";

export function calculateBudgetSummaryOperation(schemas: Schemas) {
  const { body, report } = schemas.budget;
  const operation: CalculationOperation<typeof body, typeof report> = {
    kind: "calculation",
    name: "calculate_budget_summary",
    method: "post",
    path: "/v1/budget/summary",
    tag: "Calculations",
    summary: "Budget versus actual spending for one month, from the budgets and transactions you send.",
    description: "For the given month: income, total budgeted, total spent (all expense spending, refunds " +
      "deducted), remaining and the part spent without a budget, then one row per budgeted or spent-in category " +
      "with its status (`under`, `near` at ≥ 90 % used, `over`, `unbudgeted`). Transactions outside the month and " +
      "transfers are ignored. Deterministic.",
    input: body,
    output: report,
    run(input) {
      const errors = new ErrorCollector();
      const currency = resolveBodyCurrency(input.currency, "/currency", errors);
      if (currency === undefined) throw errors.toError();
      const budgets: Budget[] = [];
      const seen = new Map<string, number>();
      input.budgets.forEach((b, i) => {
        const amount = parseMinor(b.amount, currency.scale);
        const pointer = `/budgets/${i}/amount`;
        if (typeof amount !== "number") {
          errors.at(pointer, amount, moneyIssueMessage(amount, `\`${pointer}\``, currency.code, currency.scale));
        } else if (amount < 0) {
          errors.at(pointer, "out_of_range", `\`${pointer}\` is negative; a budget is zero or more.`);
        }
        const first = seen.get(b.category);
        if (first !== undefined) {
          errors.at(
            `/budgets/${i}/category`,
            "duplicate",
            `\`/budgets/${i}/category\` repeats the category "${b.category}" of \`/budgets/${first}\`.`,
          );
        } else seen.set(b.category, i);
        budgets.push({ category: b.category, amount: typeof amount === "number" ? amount : 0 });
      });
      const { entries } = normalizeTransactions(input.transactions, currency, "/transactions", errors);
      errors.throwIfAny();
      const result = locateOverflow("/transactions", () => budgetSummary(entries, budgets, input.year, input.month));
      return formatBudget(currency.code, currency.scale, result);
    },
  };
  return operation;
}
