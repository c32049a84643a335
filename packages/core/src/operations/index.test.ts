import { describe, expect, it } from "vitest";
import { z } from "zod";
import { problemSchema } from "../contracts/problem.ts";
import { createOperations } from "./index.ts";

const { list, byName } = createOperations();

type JsonSchema = {
  description?: string;
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  examples?: unknown[];
};

/** Paths of object properties without a description, in a JSON Schema. */
function undocumented(schema: JsonSchema, path = ""): string[] {
  const missing: string[] = [];
  for (const [key, value] of Object.entries(schema.properties ?? {})) {
    const options = value.anyOf ?? value.oneOf ?? [];
    const described = value.description !== undefined || options.some((o) => o.description !== undefined);
    if (!described) missing.push(`${path}/${key}`);
    missing.push(...undocumented(value, `${path}/${key}`));
    for (const o of options) missing.push(...undocumented(o, `${path}/${key}`));
    if (value.items) missing.push(...undocumented(value.items, `${path}/${key}/*`));
  }
  if (schema.items) missing.push(...undocumented(schema.items, `${path}/*`));
  return missing;
}

describe("operation registry", () => {
  it("has the ten operations of API.md §6, in order, then those of §9 and §10, with their routes", () => {
    expect(list.map((o) => [o.name, o.kind, o.method, o.path])).toEqual([
      ["calculate_cashflow", "calculation", "post", "/v1/analytics/cashflow"],
      ["calculate_spending_by_category", "calculation", "post", "/v1/analytics/spending-by-category"],
      ["calculate_budget_summary", "calculation", "post", "/v1/budget/summary"],
      ["calculate_goal_progress", "calculation", "post", "/v1/goals/progress"],
      ["get_budget_summary", "account", "get", "/v1/me/budget/summary"],
      ["get_cashflow", "account", "get", "/v1/me/analytics/cashflow"],
      ["get_spending_by_category", "account", "get", "/v1/me/analytics/spending-by-category"],
      ["get_goal_progress", "account", "get", "/v1/me/goals/progress"],
      ["list_statement_imports", "account", "get", "/v1/me/statements/imports"],
      ["list_statement_transactions", "account", "get", "/v1/me/statements/transactions"],
      ["calculate_trends", "calculation", "post", "/v1/analytics/trends"],
      ["get_trends", "account", "get", "/v1/me/analytics/trends"],
      ["calculate_net_worth", "calculation", "post", "/v1/analytics/net-worth"],
      ["get_net_worth", "account", "get", "/v1/me/analytics/net-worth"],
      ["list_accounts", "account", "get", "/v1/me/accounts"],
      ["calculate_recurring", "calculation", "post", "/v1/analytics/recurring"],
      ["get_recurring", "account", "get", "/v1/me/analytics/recurring"],
      ["calculate_forecast", "calculation", "post", "/v1/analytics/forecast"],
      ["get_forecast", "account", "get", "/v1/me/analytics/forecast"],
      ["categorize_transactions", "calculation", "post", "/v1/analytics/categorize"],
      ["calculate_categorization_suggestions", "calculation", "post", "/v1/analytics/categorization/suggestions"],
      ["list_categorization_rules", "account", "get", "/v1/me/categorization/rules"],
      ["get_categorization_suggestions", "account", "get", "/v1/me/categorization/suggestions"],
    ]);
    expect(byName.get_cashflow).toBe(list[5]);
  });

  it("documents every field of every input and output (descriptions become OpenAPI and MCP docs)", () => {
    for (const op of list) {
      expect(op.summary.length).toBeGreaterThan(10);
      expect(op.description.length).toBeGreaterThan(40);
      const input = z.toJSONSchema(op.input, { io: "input", unrepresentable: "any" }) as JsonSchema;
      const output = z.toJSONSchema(op.output, { io: "output", unrepresentable: "any" }) as JsonSchema;
      expect({ op: op.name, missing: undocumented(input) }).toEqual({ op: op.name, missing: [] });
      expect({ op: op.name, missing: undocumented(output) }).toEqual({ op: op.name, missing: [] });
    }
    expect(undocumented(z.toJSONSchema(problemSchema) as JsonSchema)).toEqual([]);
  });

  it("the documentation check itself finds an undescribed field", () => {
    const schema = z.object({ a: z.string().describe("x"), b: z.object({ c: z.int() }).describe("y") });
    expect(undocumented(z.toJSONSchema(schema) as JsonSchema)).toEqual(["/b/c"]);
  });

  it("rejects unknown fields in every POST body (strict objects)", () => {
    for (const op of list.filter((o) => o.kind === "calculation")) {
      const schema = z.toJSONSchema(op.input, { io: "input", unrepresentable: "any" }) as {
        additionalProperties?: boolean;
      };
      expect(schema.additionalProperties).toBe(false);
    }
  });

  it("carries the configured limits into the schemas", () => {
    const custom = createOperations({ text: 10, budgets: 3 });
    const body = z.toJSONSchema(custom.byName.calculate_budget_summary.input, {
      io: "input",
      unrepresentable: "any",
    }) as unknown as {
      properties: { budgets: { maxItems: number }; transactions: { maxItems: number } };
    };
    expect(body.properties.budgets.maxItems).toBe(3);
    expect(body.properties.transactions.maxItems).toBe(50_000);
  });
});
