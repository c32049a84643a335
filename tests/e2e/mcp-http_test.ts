/**
 * MCP over real HTTP with the official SDK client: the real app (createApp with the MCP routes, as index.ts builds
 * it) on Deno.serve, the production token verifier with real signed tokens, and the direct SQL driver on a migrated
 * database holding the e2e fixtures. Every tool is called and its result compared with the REST response to the
 * same input, byte for byte.
 */
import assert from "node:assert/strict";
import { assertProblem, type Harness, startHarness } from "./harness.ts";
import { IMPORT_A1, USER_B } from "./fixtures.ts";
import { ISSUER, ISSUER_BASE } from "./tokens.ts";
import { Client, StreamableHTTPClientTransport } from "../../supabase/functions/v1/mcp/sdk.ts";
import {
  CALCULATION_CALLS,
  CATEGORIZATION_CALLS,
  RECURRING_CALLS,
  restRequest,
  type ToolCall,
} from "../helpers/mcp-test-calls.ts";

let h: Harness;
let tokenA: string;
let tokenB: string;

Deno.test.beforeAll(async () => {
  h = await startHarness();
  tokenA = await h.token();
  tokenB = await h.token(USER_B);
});
Deno.test.afterAll(async () => {
  await h?.close();
});

const MCP_ACCEPT = "application/json, text/event-stream";
const PUBLIC_MCP = `${ISSUER_BASE}/functions/v1/v1/mcp`;
const METADATA_URL = `${PUBLIC_MCP}/.well-known/oauth-protected-resource`;

async function connect(token?: string): Promise<Client> {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  const transport = new StreamableHTTPClientTransport(new URL(`${h.base}/v1/mcp`), { requestInit: { headers } });
  const client = new Client({ name: "e2e", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

/** The REST response for the same input. */
function rest(method: "get" | "post", path: string, args: Record<string, unknown>, token?: string) {
  return fetch(restRequest(h.base, { method, path, args }, token));
}

type TextBlock = { type: string; text: string };

// Account tools on the e2e fixtures (user A); the REST route of each is the contract's (API.md §6).
const ACCOUNT_CALLS: readonly ToolCall[] = [
  { tool: "get_budget_summary", method: "get", path: "/v1/me/budget/summary", args: { month: 2, year: 2026 } },
  { tool: "get_cashflow", method: "get", path: "/v1/me/analytics/cashflow", args: { year: "2026", currency: "EUR" } },
  {
    tool: "get_spending_by_category",
    method: "get",
    path: "/v1/me/analytics/spending-by-category",
    args: { from: "2026-01-01", to: "2026-03-31" },
  },
  { tool: "get_goal_progress", method: "get", path: "/v1/me/goals/progress", args: {} },
  {
    tool: "get_trends",
    method: "get",
    path: "/v1/me/analytics/trends",
    args: { currency: "EUR", year: 2026, month: 3, months: 3 },
  },
  {
    tool: "get_net_worth",
    method: "get",
    path: "/v1/me/analytics/net-worth",
    args: { currency: "EUR", from: "2026-01-01", to: "2026-03-31" },
  },
  { tool: "list_accounts", method: "get", path: "/v1/me/accounts", args: { as_of: "2026-02-15" } },
  { tool: "list_statement_imports", method: "get", path: "/v1/me/statements/imports", args: { limit: 2 } },
  {
    tool: "list_statement_transactions",
    method: "get",
    path: "/v1/me/statements/transactions",
    args: { limit: 3, kind: "expense", statement_import_id: IMPORT_A1 },
  },
  { tool: "get_recurring", method: "get", path: "/v1/me/analytics/recurring", args: { as_of: "2026-03-20" } },
  {
    tool: "get_forecast",
    method: "get",
    path: "/v1/me/analytics/forecast",
    args: { as_of: "2026-03-20", horizon_days: "30" },
  },
  { tool: "list_categorization_rules", method: "get", path: "/v1/me/categorization/rules", args: {} },
  {
    tool: "get_categorization_suggestions",
    method: "get",
    path: "/v1/me/categorization/suggestions",
    args: { from: "2026-01-01", to: "2026-03-31" },
  },
];
const CALLS = [...CALCULATION_CALLS, ...RECURRING_CALLS, ...CATEGORIZATION_CALLS, ...ACCOUNT_CALLS];

Deno.test("tools/list: every registered tool, read-only, idempotent, closed-world, with input and output schemas", async () => {
  const client = await connect();
  const { tools } = await client.listTools();
  assert.deepEqual(tools.map((t) => t.name).sort(), CALLS.map((c) => c.tool).sort());
  for (const tool of tools) {
    assert.equal(tool.annotations?.readOnlyHint, true, tool.name);
    assert.equal(tool.annotations?.idempotentHint, true, tool.name);
    assert.equal(tool.annotations?.openWorldHint, false, tool.name);
    assert.equal(tool.inputSchema.type, "object", tool.name);
    assert.equal(tool.outputSchema?.type, "object", tool.name);
    assert.ok((tool.description ?? "").length > 100, tool.name);
  }
  const byName = new Map(tools.map((t) => [t.name, t]));
  assert.deepEqual(byName.get("calculate_cashflow")?.inputSchema.required, ["currency", "transactions"]);
  assert.deepEqual(byName.get("get_goal_progress")?.inputSchema.properties, {});
  const cashflowOut = byName.get("get_cashflow")?.outputSchema?.properties as Record<string, unknown>;
  assert.ok("other_currencies" in cashflowOut && "months" in cashflowOut);
  await client.close();
});

Deno.test("every tool: structuredContent is the REST body, and the text block is the REST body byte for byte", async () => {
  const client = await connect(tokenA);
  for (const call of CALLS) {
    const result = await client.callTool({ name: call.tool, arguments: call.args });
    const response = await rest(call.method, call.path, call.args, tokenA);
    const body = await response.text();
    assert.equal(response.status, 200, `${call.tool}: ${body}`);
    assert.equal(result.isError, undefined, `${call.tool}: ${JSON.stringify(result.content)}`);
    assert.equal((result.content as TextBlock[])[0]?.text, body, call.tool);
    assert.deepEqual(result.structuredContent, JSON.parse(body), call.tool);
  }
  await client.close();
});

Deno.test("account tools read the caller's own data: user B sees B's imports only", async () => {
  const client = await connect(tokenB);
  const result = await client.callTool({ name: "list_statement_imports", arguments: {} });
  const page = result.structuredContent as { data: { id: string }[] };
  assert.deepEqual(page.data.map((i) => i.id), ["1b000000-0000-4000-8000-000000000001"]);
  await client.close();
});

Deno.test("without a token: calculation tools work, an account tool is HTTP 401 pointing at the metadata", async () => {
  const client = await connect();
  const calc = await client.callTool({
    name: "calculate_goal_progress",
    arguments: { as_of: "2026-01-01", goals: [] },
  });
  assert.deepEqual(calc.structuredContent, { as_of: "2026-01-01", goals: [] });
  await assert.rejects(client.callTool({ name: "get_cashflow", arguments: {} }), /401/);
  await client.close();

  const response = await h.fetch("/v1/mcp", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: MCP_ACCEPT },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name: "get_cashflow" } }),
  });
  assert.equal(response.headers.get("www-authenticate"), `Bearer resource_metadata="${METADATA_URL}"`);
  await assertProblem(response, 401, "unauthorized");
});

Deno.test("a token that fails verification is 401 invalid_token, whatever the message", async () => {
  const expired = await h.token(undefined, { exp: Math.floor(Date.now() / 1000) - 3600 });
  for (const token of ["not-a-jwt", expired]) {
    const response = await h.fetch("/v1/mcp", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: MCP_ACCEPT, Authorization: `Bearer ${token}` },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/list" }),
    });
    assert.equal(
      response.headers.get("www-authenticate"),
      `Bearer error="invalid_token", resource_metadata="${METADATA_URL}"`,
    );
    await assertProblem(response, 401, "unauthorized");
  }
});

Deno.test("the protected-resource metadata names Supabase Auth as the authorization server", async () => {
  const response = await h.fetch("/v1/mcp/.well-known/oauth-protected-resource");
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "application/json");
  const doc = await response.json();
  assert.equal(doc.resource, PUBLIC_MCP);
  assert.deepEqual(doc.authorization_servers, [ISSUER]);
  assert.deepEqual(doc.bearer_methods_supported, ["header"]);
});

Deno.test("GET and DELETE on /v1/mcp are 405 (stateless: no stream, no session)", async () => {
  for (const method of ["GET", "DELETE"]) {
    const response = await h.fetch("/v1/mcp", { method, headers: { Accept: "text/event-stream" } });
    assert.match(response.headers.get("allow") ?? "", /POST/);
    await assertProblem(response, 405, "method_not_allowed");
  }
});

/** The problem without its request id, which differs between any two requests. */
function sameProblem(toolText: string | undefined, restText: string): void {
  const { request_id: a, ...tool } = JSON.parse(toolText ?? "null");
  const { request_id: b, ...restProblem } = JSON.parse(restText);
  assert.ok(a && b);
  assert.deepEqual(tool, restProblem);
}

Deno.test("validation errors are isError results carrying REST's problem (body pointers, query parameters)", async () => {
  const client = await connect(tokenA);
  const cases: [string, "get" | "post", string, Record<string, unknown>][] = [
    ["calculate_cashflow", "post", "/v1/analytics/cashflow", {
      currency: "EUR",
      transactions: [{ date: "2026-02-30", amount: "1.234" }],
    }],
    ["calculate_budget_summary", "post", "/v1/budget/summary", { currency: "XXX", year: 2026 }],
    ["get_budget_summary", "get", "/v1/me/budget/summary", { month: 13 }],
    ["list_statement_transactions", "get", "/v1/me/statements/transactions", { kind: "gift", limit: 0 }],
  ];
  for (const [tool, method, path, args] of cases) {
    const result = await client.callTool({ name: tool, arguments: args });
    const response = await rest(method, path, args, tokenA);
    const restText = await response.text();
    assert.equal(response.status, 422, restText);
    assert.equal(result.isError, true, tool);
    sameProblem((result.content as TextBlock[])[0]?.text, restText);
  }
  await client.close();
});

Deno.test("numbers REST refuses (exponent, over 15 digits) are refused by the tool with the same problem", async () => {
  const args = '{"currency":"EUR","transactions":[{"date":"2026-01-01","amount":1e3},' +
    '{"date":"2026-01-02","amount":0.1000000000000000055}]}';
  const response = await h.fetch("/v1/mcp", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: MCP_ACCEPT },
    body: `{"jsonrpc":"2.0","id":9,"method":"tools/call","params":{"name":"calculate_cashflow","arguments":${args}}}`,
  });
  assert.equal(response.status, 200);
  const message = await response.json();
  assert.equal(message.id, 9);
  assert.equal(message.result.isError, true);
  const restResponse = await h.fetch("/v1/analytics/cashflow", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: args,
  });
  const restText = await restResponse.text();
  assert.equal(restResponse.status, 422);
  sameProblem(message.result.content[0].text, restText);
  assert.equal(JSON.parse(restText).errors.length, 2);
});
