/**
 * The operation registry: every operation of the API (API.md §6, §9, §10), in that order. REST routes, the OpenAPI document and
 * the MCP tools are all derived from it.
 */
import { DEFAULT_LIMITS, type Limits } from "../contracts/limits.ts";
import type { Operation } from "../contracts/operation.ts";
import { createSchemas } from "../contracts/schemas.ts";
import { calculateBudgetSummaryOperation } from "./calculate-budget-summary.ts";
import { calculateCashflowOperation } from "./calculate-cashflow.ts";
import { calculateGoalProgressOperation } from "./calculate-goal-progress.ts";
import { calculateSpendingByCategoryOperation } from "./calculate-spending-by-category.ts";
import { getBudgetSummaryOperation } from "./get-budget-summary.ts";
import { getCashflowOperation } from "./get-cashflow.ts";
import { getGoalProgressOperation } from "./get-goal-progress.ts";
import { getSpendingByCategoryOperation } from "./get-spending-by-category.ts";
import { listStatementImportsOperation } from "./list-statement-imports.ts";
import { listStatementTransactionsOperation } from "./list-statement-transactions.ts";
import { calculateTrendsOperation } from "./calculate-trends.ts";
import { getTrendsOperation } from "./get-trends.ts";
import { calculateNetWorthOperation } from "./calculate-net-worth.ts";
import { getNetWorthOperation } from "./get-net-worth.ts";
import { listAccountsOperation } from "./list-accounts.ts";
import { calculateRecurringOperation } from "./calculate-recurring.ts";
import { getRecurringOperation } from "./get-recurring.ts";
import { calculateForecastOperation } from "./calculate-forecast.ts";
import { getForecastOperation } from "./get-forecast.ts";
import { categorizeTransactionsOperation } from "./categorize-transactions.ts";
import { calculateCategorizationSuggestionsOperation } from "./calculate-categorization-suggestions.ts";
import { listCategorizationRulesOperation } from "./list-categorization-rules.ts";
import { getCategorizationSuggestionsOperation } from "./get-categorization-suggestions.ts";
import * as convertedReportsModule from "./converted-reports.ts";
import { provideConvertedReports } from "./converted-on-demand.ts";

// Every caller of createOperations (Node, the CLIs, tests) runs conversions without awaiting a `prepare`.
provideConvertedReports(convertedReportsModule);

/** Builds the schemas and the operations with the given limits (default: API.md §5). */
export function createOperations(limits: Partial<Limits> = {}) {
  const schemas = createSchemas({ ...DEFAULT_LIMITS, ...limits });
  const byName = {
    calculate_cashflow: calculateCashflowOperation(schemas),
    calculate_spending_by_category: calculateSpendingByCategoryOperation(schemas),
    calculate_budget_summary: calculateBudgetSummaryOperation(schemas),
    calculate_goal_progress: calculateGoalProgressOperation(schemas),
    get_budget_summary: getBudgetSummaryOperation(schemas),
    get_cashflow: getCashflowOperation(schemas),
    get_spending_by_category: getSpendingByCategoryOperation(schemas),
    get_goal_progress: getGoalProgressOperation(schemas),
    list_statement_imports: listStatementImportsOperation(schemas),
    list_statement_transactions: listStatementTransactionsOperation(schemas),
    calculate_trends: calculateTrendsOperation(schemas),
    get_trends: getTrendsOperation(schemas),
    calculate_net_worth: calculateNetWorthOperation(schemas),
    get_net_worth: getNetWorthOperation(schemas),
    list_accounts: listAccountsOperation(schemas),
    calculate_recurring: calculateRecurringOperation(schemas),
    get_recurring: getRecurringOperation(schemas),
    calculate_forecast: calculateForecastOperation(schemas),
    get_forecast: getForecastOperation(schemas),
    categorize_transactions: categorizeTransactionsOperation(schemas),
    calculate_categorization_suggestions: calculateCategorizationSuggestionsOperation(schemas),
    list_categorization_rules: listCategorizationRulesOperation(schemas),
    get_categorization_suggestions: getCategorizationSuggestionsOperation(schemas),
  };
  const list: readonly Operation[] = Object.values(byName);
  return { schemas, byName, list };
}

export type Operations = ReturnType<typeof createOperations>;
