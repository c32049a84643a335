import { describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "./limits.ts";
import { createSchemas } from "./schemas.ts";
import { createOperations } from "../operations/index.ts";

describe("createSchemas", () => {
  it("builds each family once, on first use, and keeps it", () => {
    const schemas = createSchemas();
    const first = schemas.cashflow;
    expect(schemas.cashflow).toBe(first);
    expect(schemas.cashflow.body).toBe(first.body);
  });

  it("builds with the limits it was given", () => {
    const schemas = createSchemas({ ...DEFAULT_LIMITS, transactions: 2 });
    const three = Array.from({ length: 3 }, () => ({ date: "2025-01-01", amount: "1.00" }));
    expect(schemas.cashflow.body.safeParse({ currency: "EUR", transactions: three.slice(0, 2) }).success).toBe(true);
    expect(schemas.cashflow.body.safeParse({ currency: "EUR", transactions: three }).success).toBe(false);
  });

  it("gives every operation the schemas of its own family, the same objects each time", () => {
    const { schemas, byName } = createOperations();
    expect(byName.calculate_cashflow.input).toBe(schemas.cashflow.body);
    expect(byName.calculate_cashflow.output).toBe(schemas.cashflow.report);
    expect(byName.get_cashflow.input).toBe(byName.get_cashflow.input);
    expect(byName.list_statement_transactions.output).toBe(schemas.statements.transactionsPage);
  });
});
