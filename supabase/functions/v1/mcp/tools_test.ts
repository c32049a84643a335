import assert from "node:assert/strict";
import { z } from "zod";
import type { AccountOperation, CalculationOperation } from "@pfa/core/contracts/operation.ts";
import { createOperations } from "@pfa/core";
import { toolFromOperation, toolsFromOperations } from "./tools.ts";

// Two small operations standing in for registry entries: the thing under test is the derivation.
const money = z.union([z.string(), z.number()]).transform((v) => String(v));
const sum: CalculationOperation = {
  kind: "calculation",
  name: "calculate_sum",
  method: "post",
  path: "/v1/sum",
  summary: "Adds amounts.",
  description: "Adds every amount exactly.",
  tag: "Calculations",
  input: z.object({ amounts: z.array(money).describe("Amounts to add.") }),
  output: z.object({ total: z.string() }),
  run: () => ({ total: "0" }),
};
const mine: AccountOperation = {
  kind: "account",
  name: "get_mine",
  method: "get",
  path: "/v1/me/mine",
  summary: "Reads mine.",
  description: "Reads the caller's rows.",
  tag: "Account",
  input: z.object({ limit: z.coerce.number().int().optional() }),
  output: z.object({ data: z.array(z.string()) }),
  run: () => Promise.resolve({ data: [] }),
};

Deno.test("toolFromOperation: name, title and description come from the operation", () => {
  const tool = toolFromOperation(sum);
  assert.equal(tool.name, "calculate_sum");
  assert.equal(tool.title, "Adds amounts.");
  assert.ok(tool.description.startsWith("Adds amounts.\n\nAdds every amount exactly."));
  assert.match(tool.description, /POST \/v1\/sum/);
  assert.match(tool.description, /no sign-in/);
  assert.match(toolFromOperation(mine).description, /GET \/v1\/me\/mine/);
  assert.match(toolFromOperation(mine).description, /access token/);
});

Deno.test("toolFromOperation: input schema is the input side (money as string or number), output the output side", () => {
  const tool = toolFromOperation(sum);
  assert.equal(tool.inputSchema.type, "object");
  const amounts = (tool.inputSchema.properties as Record<string, { items: unknown; description: string }>).amounts;
  assert.deepEqual(amounts?.items, { anyOf: [{ type: "string" }, { type: "number" }] });
  assert.equal(amounts?.description, "Amounts to add.");
  assert.deepEqual(tool.inputSchema.required, ["amounts"]);
  assert.deepEqual(tool.outputSchema.properties, { total: { type: "string" } });
  assert.equal("$schema" in tool.inputSchema, false, "no $schema: MCP reads such a schema as 2020-12");
});

Deno.test("toolFromOperation: every tool is read-only, idempotent and closed-world", () => {
  for (const op of [sum, mine]) {
    const { annotations } = toolFromOperation(op);
    assert.equal(annotations.readOnlyHint, true);
    assert.equal(annotations.idempotentHint, true);
    assert.equal(annotations.openWorldHint, false);
    assert.equal(annotations.destructiveHint, false);
  }
});

Deno.test("toolFromOperation: account operations need a user, calculations do not", () => {
  assert.equal(toolFromOperation(sum).requiresUser, false);
  assert.equal(toolFromOperation(mine).requiresUser, true);
});

Deno.test("toolsFromOperations: keeps registry order and refuses duplicate names", () => {
  assert.deepEqual(toolsFromOperations([mine, sum]).map((t) => t.name), ["get_mine", "calculate_sum"]);
  assert.throws(() => toolsFromOperations([sum, sum]), /Duplicate operation name calculate_sum/);
});

Deno.test("toolFromOperation: a non-object input cannot become an MCP tool", () => {
  assert.throws(() => toolFromOperation({ ...sum, input: z.array(z.string()) }), /must be JSON objects/);
});

// The real registry: the ten tools of API.md §6, with the REST route each one mirrors.
const CONTRACT: Record<string, string> = {
  calculate_cashflow: "POST /v1/analytics/cashflow",
  calculate_spending_by_category: "POST /v1/analytics/spending-by-category",
  calculate_budget_summary: "POST /v1/budget/summary",
  calculate_goal_progress: "POST /v1/goals/progress",
  get_budget_summary: "GET /v1/me/budget/summary",
  get_cashflow: "GET /v1/me/analytics/cashflow",
  get_spending_by_category: "GET /v1/me/analytics/spending-by-category",
  get_goal_progress: "GET /v1/me/goals/progress",
  list_statement_imports: "GET /v1/me/statements/imports",
  list_statement_transactions: "GET /v1/me/statements/transactions",
  calculate_trends: "POST /v1/analytics/trends",
  get_trends: "GET /v1/me/analytics/trends",
  calculate_net_worth: "POST /v1/analytics/net-worth",
  get_net_worth: "GET /v1/me/analytics/net-worth",
  list_accounts: "GET /v1/me/accounts",
  calculate_recurring: "POST /v1/analytics/recurring",
  get_recurring: "GET /v1/me/analytics/recurring",
  calculate_forecast: "POST /v1/analytics/forecast",
  get_forecast: "GET /v1/me/analytics/forecast",
  categorize_transactions: "POST /v1/analytics/categorize",
  calculate_categorization_suggestions: "POST /v1/analytics/categorization/suggestions",
  list_categorization_rules: "GET /v1/me/categorization/rules",
  get_categorization_suggestions: "GET /v1/me/categorization/suggestions",
};

Deno.test("registry: the ten tools of API.md §6, each naming its REST route, account tools needing a user", () => {
  const tools = toolsFromOperations(createOperations().list);
  assert.deepEqual(tools.map((t) => t.name).sort(), Object.keys(CONTRACT).sort());
  for (const tool of tools) {
    assert.ok(tool.description.includes(`REST ${CONTRACT[tool.name]}.`), tool.name);
    assert.equal(tool.requiresUser, CONTRACT[tool.name]!.startsWith("GET"), tool.name);
    assert.ok(tool.title.length > 0 && !tool.title.includes("\n"), tool.name);
  }
});

Deno.test("registry: query integers accept a JSON integer or digits; unknown arguments are refused", () => {
  const tools = toolsFromOperations(createOperations().list);
  const budget = tools.find((t) => t.name === "get_budget_summary")!;
  const month = (budget.inputSchema.properties as Record<string, { anyOf: { type: string }[] }>).month;
  assert.deepEqual(month?.anyOf.map((s) => s.type), ["integer", "string"]);
  assert.equal(budget.inputSchema.additionalProperties, false);
  assert.deepEqual(tools.find((t) => t.name === "get_goal_progress")!.inputSchema.properties, {});
});

Deno.test("registry: the budget tools take rollover (and POST history) as parameters (API.md §9.6)", () => {
  const tools = toolsFromOperations(createOperations().list);
  const props = (name: string) =>
    tools.find((t) => t.name === name)!.inputSchema.properties as Record<string, { enum?: string[] }>;
  for (const name of ["get_budget_summary", "calculate_budget_summary"]) {
    assert.deepEqual(props(name).rollover?.enum, ["none", "positive", "full"], name);
  }
  assert.ok(props("calculate_budget_summary").history, "calculate_budget_summary takes history");
  assert.ok(props("get_trends").months, "get_trends takes months");
});
