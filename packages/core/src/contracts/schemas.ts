import { budgetSchemas } from "./budget.ts";
import { cashflowSchemas } from "./cashflow.ts";
import { goalSchemas } from "./goals.ts";
import { DEFAULT_LIMITS, type Limits } from "./limits.ts";
import { netWorthSchemas } from "./net-worth.ts";
import { spendingSchemas } from "./spending.ts";
import { statementSchemas } from "./statements.ts";
import { transactionSchema } from "./transaction.ts";
import { trendsSchemas } from "./trends.ts";
import { forecastSchemas, recurringSchemas } from "./recurring.ts";

/** Every request and response schema, built with the given limits. */
export function createSchemas(limits: Limits = DEFAULT_LIMITS) {
  return {
    limits,
    transaction: transactionSchema(limits),
    cashflow: cashflowSchemas(limits),
    spending: spendingSchemas(limits),
    budget: budgetSchemas(limits),
    goals: goalSchemas(limits),
    statements: statementSchemas(limits),
    trends: trendsSchemas(limits),
    netWorth: netWorthSchemas(limits),
    recurring: recurringSchemas(limits),
    forecast: forecastSchemas(limits),
  };
}

export type Schemas = ReturnType<typeof createSchemas>;
