import { ROLLOVER_RULES } from "../contracts/rule-texts.ts";
import type { CalculationOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { budgetRollover } from "../services/budget-rollover.ts";
import { budgetSummary } from "../services/budget-summary.ts";
import { ErrorCollector } from "./error-collector.ts";
import { formatBudget } from "./format-budget.ts";
import { normalizeTransactions } from "./normalize-transactions.ts";
import { parseBudgetHistory } from "./parse-budget-history.ts";
import { parseBudgets } from "./parse-budgets.ts";
import { locateOverflow } from "./overflow.ts";
import { resolveBodyCurrency } from "./resolve-currency.ts";
import { convertedReports, prepareConversion } from "./converted-on-demand.ts";
import { CONVERSION_RULES } from "../contracts/rule-texts.ts";

export function calculateBudgetSummaryOperation(schemas: Schemas) {
  const operation: CalculationOperation<Schemas["budget"]["body"], Schemas["budget"]["report"]> = {
    kind: "calculation",
    name: "calculate_budget_summary",
    method: "post",
    path: "/v1/budget/summary",
    tag: "Calculations",
    summary: "Budget versus actual spending for one month, from the budgets and transactions you send.",
    description: "For the given month: income, total budgeted, total spent (all expense spending, refunds " +
      "deducted), remaining and the part spent without a budget, then one row per budgeted or spent-in category " +
      "with its status (`under`, `near` at ≥ 90 % used, `over`, `unbudgeted`). Transactions outside the month and " +
      "transfers are ignored. Deterministic.\n\nRollover: " + ROLLOVER_RULES + " Send the budget rows " +
      "of earlier months in `history` (at most 24 months, each once, strictly before the month and within the 24 " +
      "months before it; otherwise 422) and their transactions in `transactions`. Every category row and the top " +
      "level carry `carryover_in` and `available`; with `none` (or no `rollover`) `carryover_in` is zero, `available` " +
      "equals `remaining`, and every other field is exactly as without rollover.\n\nConversion: with `conversion`, " +
      "transactions in other currencies are converted into `currency` (budgets are plans in `currency` and are " +
      "never converted) and the response gains `conversion`. With rollover, the expenses of the 24 months before " +
      "are converted too, in the categories with a budget row there. " + CONVERSION_RULES,
    prepare: prepareConversion,
    get input() {
      return schemas.budget.body;
    },
    get output() {
      return schemas.budget.report;
    },
    run(input) {
      const errors = new ErrorCollector();
      const currency = resolveBodyCurrency(input.currency, "/currency", errors);
      if (currency === undefined) throw errors.toError();
      const budgets = parseBudgets(input.budgets, currency, "/budgets", errors);
      const history = parseBudgetHistory(input.history ?? [], input.year, input.month, currency, errors);
      if (input.conversion !== undefined) {
        return convertedReports().convertedBudget(
          { ...input, conversion: input.conversion },
          budgets,
          history,
          currency,
          errors,
        );
      }
      const { entries } = normalizeTransactions(input.transactions, currency, "/transactions", errors);
      errors.throwIfAny();
      const policy = input.rollover ?? "none";
      const result = locateOverflow(
        "/transactions",
        () => budgetRollover(budgetSummary(entries, budgets, input.year, input.month), entries, history, policy),
      );
      return formatBudget(currency.code, currency.scale, result);
    },
  };
  return operation;
}
