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

/** A value built on first use, then kept. */
function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= build());
}

/**
 * Every request and response schema, built with the given limits. Each family is built on first use (the getters
 * below), so start-up builds none and a cold function's first request builds only what it validates against: the
 * operations (operations/*.ts) read `input` and `output` through getters too, and the OpenAPI document and the MCP
 * tool list build the rest when first asked for.
 */
export function createSchemas(limits: Limits = DEFAULT_LIMITS) {
  const transaction = once(() => transactionSchema(limits));
  const cashflow = once(() => cashflowSchemas(limits));
  const spending = once(() => spendingSchemas(limits));
  const budget = once(() => budgetSchemas(limits));
  const goals = once(() => goalSchemas(limits));
  const statements = once(() => statementSchemas(limits));
  const trends = once(() => trendsSchemas(limits));
  const netWorth = once(() => netWorthSchemas(limits));
  const recurring = once(() => recurringSchemas(limits));
  const forecast = once(() => forecastSchemas(limits));
  return {
    limits,
    get transaction() {
      return transaction();
    },
    get cashflow() {
      return cashflow();
    },
    get spending() {
      return spending();
    },
    get budget() {
      return budget();
    },
    get goals() {
      return goals();
    },
    get statements() {
      return statements();
    },
    get trends() {
      return trends();
    },
    get netWorth() {
      return netWorth();
    },
    get recurring() {
      return recurring();
    },
    get forecast() {
      return forecast();
    },
  };
}

export type Schemas = ReturnType<typeof createSchemas>;
