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
import { categorizationSchemas } from "./categorization.ts";

/**
 * `base` with one getter per family: each family is built by its function on first use, then kept.
 */
function builtOnFirstUse<B extends object, F extends Record<string, () => unknown>>(
  base: B,
  families: F,
): B & { readonly [K in keyof F]: ReturnType<F[K]> } {
  for (const [name, build] of Object.entries(families)) {
    let value: unknown;
    Object.defineProperty(base, name, { enumerable: true, get: () => (value ??= build()) });
  }
  return base as B & { readonly [K in keyof F]: ReturnType<F[K]> };
}

/**
 * Every request and response schema, built with the given limits. Each family is built on first use, so start-up
 * builds none and a cold function's first request builds only what it validates against: the operations
 * (operations/*.ts) read `input` and `output` through getters too, and the OpenAPI document and the MCP tool list
 * build the rest when first asked for.
 */
export function createSchemas(limits: Limits = DEFAULT_LIMITS) {
  return builtOnFirstUse({ limits }, {
    transaction: () => transactionSchema(limits),
    cashflow: () => cashflowSchemas(limits),
    spending: () => spendingSchemas(limits),
    budget: () => budgetSchemas(limits),
    goals: () => goalSchemas(limits),
    statements: () => statementSchemas(limits),
    trends: () => trendsSchemas(limits),
    netWorth: () => netWorthSchemas(limits),
    recurring: () => recurringSchemas(limits),
    forecast: () => forecastSchemas(limits),
    categorization: () => categorizationSchemas(limits),
  });
}

export type Schemas = ReturnType<typeof createSchemas>;
