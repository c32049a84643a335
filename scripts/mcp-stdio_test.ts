/**
 * The stdio MCP server, spawned as a real process and driven by the official SDK client over its stdin/stdout:
 * every registered tool, every calculation tool against REST, every account tool (demo user alice) against REST on the same
 * local demo database as `npm start`, the 401 without a user, and the `pfa-mcp` launcher.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createApp } from "../supabase/functions/v1/app.ts";
import { createTokenVerifier } from "../supabase/functions/v1/auth/verifier.ts";
import { loadConfig } from "../supabase/functions/v1/config.ts";
import { silentRequestLogger } from "../supabase/functions/v1/http/request-log.ts";
import { Client, StdioClientTransport } from "../supabase/functions/v1/mcp/sdk.ts";
import {
  CALCULATION_CALLS,
  CATEGORIZATION_CALLS,
  RECURRING_CALLS,
  restRequest,
  type ToolCall,
} from "../tests/helpers/mcp-test-calls.ts";
import { createDemoToken, localSupabaseUrl } from "./local/demo-token.ts";
import { type LocalDatabase, openLocalDatabase } from "./local/local-database.ts";
import { ensureSigningKeys, publicJwks } from "./local/signing-keys.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DEMO_EMAIL = "alice@example.com";
const TOOLS = [
  "calculate_budget_summary",
  "calculate_cashflow",
  "calculate_categorization_suggestions",
  "calculate_forecast",
  "calculate_goal_progress",
  "calculate_net_worth",
  "calculate_recurring",
  "calculate_spending_by_category",
  "calculate_trends",
  "categorize_transactions",
  "get_budget_summary",
  "get_cashflow",
  "get_categorization_suggestions",
  "get_forecast",
  "get_goal_progress",
  "get_net_worth",
  "get_recurring",
  "get_spending_by_category",
  "get_trends",
  "list_accounts",
  "list_categorization_rules",
  "list_statement_imports",
  "list_statement_transactions",
];
// Account tools on the demo data (API.md §6 routes); the demo data covers the months up to today.
const ACCOUNT_CALLS: readonly ToolCall[] = [
  { tool: "get_budget_summary", method: "get", path: "/v1/me/budget/summary", args: { month: 10, year: 2026 } },
  { tool: "get_cashflow", method: "get", path: "/v1/me/analytics/cashflow", args: { year: 2026 } },
  {
    tool: "get_spending_by_category",
    method: "get",
    path: "/v1/me/analytics/spending-by-category",
    args: { from: "2026-01-01", to: "2026-06-30" },
  },
  { tool: "get_goal_progress", method: "get", path: "/v1/me/goals/progress", args: {} },
  { tool: "get_trends", method: "get", path: "/v1/me/analytics/trends", args: {} },
  { tool: "get_net_worth", method: "get", path: "/v1/me/analytics/net-worth", args: { from: "2026-01-01" } },
  { tool: "list_accounts", method: "get", path: "/v1/me/accounts", args: {} },
  { tool: "list_statement_imports", method: "get", path: "/v1/me/statements/imports", args: { limit: 2 } },
  {
    tool: "list_statement_transactions",
    method: "get",
    path: "/v1/me/statements/transactions",
    args: { limit: 4, kind: "expense" },
  },
  { tool: "get_recurring", method: "get", path: "/v1/me/analytics/recurring", args: {} },
  { tool: "get_forecast", method: "get", path: "/v1/me/analytics/forecast", args: { horizon_days: 30 } },
  { tool: "list_categorization_rules", method: "get", path: "/v1/me/categorization/rules", args: {} },
  { tool: "get_categorization_suggestions", method: "get", path: "/v1/me/categorization/suggestions", args: {} },
];

type TextBlock = { type: string; text: string };

let keysDir: string;
let db: LocalDatabase;
let app: ReturnType<typeof createApp>;
let token: string;

/** The same local setup as `npm start` (its signing keys, its demo database), in this process, for REST. */
Deno.test.beforeAll(async () => {
  keysDir = await Deno.makeTempDir();
  const { keys } = await ensureSigningKeys(join(keysDir, "signing_keys.json"));
  const supabaseUrl = localSupabaseUrl({ get: () => undefined });
  const config = loadConfig({
    SUPABASE_URL: supabaseUrl,
    SUPABASE_JWKS: JSON.stringify(publicJwks(keys)),
    PFA_RATE_LIMIT_REQUESTS: "0",
  });
  db = await openLocalDatabase(config, { setup: true });
  app = createApp({ config, verifier: createTokenVerifier(config), accountData: db.accountData }, {
    log: silentRequestLogger,
  });
  token = await createDemoToken({ email: DEMO_EMAIL, keys, supabaseUrl });
});
Deno.test.afterAll(async () => {
  await db?.accountData.close?.();
  if (keysDir) await Deno.remove(keysDir, { recursive: true });
});

async function spawn(command: string, args: string[], env: Record<string, string> = {}) {
  const transport = new StdioClientTransport({
    command,
    args,
    cwd: ROOT,
    env: { PFA_SIGNING_KEYS_PATH: join(keysDir, "signing_keys.json"), ...env },
    stderr: "pipe",
  });
  const client = new Client({ name: "stdio-test", version: "1.0.0" });
  await client.connect(transport);
  return client;
}

const denoStdio = (env?: Record<string, string>) =>
  spawn(Deno.execPath(), ["run", "-A", "--quiet", "scripts/mcp-stdio.ts"], env);

async function restText(call: ToolCall, withToken?: string): Promise<[number, string]> {
  const response = await app.fetch(restRequest("http://local", call, withToken));
  return [response.status, await response.text()];
}

Deno.test("stdio: every registered tool; every tool's result is the REST body byte for byte", async () => {
  const client = await denoStdio({ PFA_DEMO_USER: DEMO_EMAIL });
  try {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), TOOLS);
    assert.ok(tools.every((t) => t.annotations?.readOnlyHint === true && t.annotations?.idempotentHint === true));
    for (const call of [...CALCULATION_CALLS, ...RECURRING_CALLS, ...CATEGORIZATION_CALLS, ...ACCOUNT_CALLS]) {
      const result = await client.callTool({ name: call.tool, arguments: call.args });
      const [status, body] = await restText(call, token);
      assert.equal(status, 200, `${call.tool}: ${body}`);
      assert.equal(result.isError, undefined, `${call.tool}: ${JSON.stringify(result.content)}`);
      assert.equal((result.content as TextBlock[])[0]?.text, body, call.tool);
      assert.deepEqual(result.structuredContent, JSON.parse(body), call.tool);
    }
  } finally {
    await client.close();
  }
});

Deno.test("stdio without a user: account tools are isError 401 problems; validation matches REST", async () => {
  const client = await denoStdio();
  try {
    const denied = await client.callTool({ name: "get_goal_progress", arguments: {} });
    assert.equal(denied.isError, true);
    const problem = JSON.parse((denied.content as TextBlock[])[0]!.text);
    assert.equal(problem.status, 401);
    assert.equal(problem.code, "unauthorized");
    assert.match(problem.detail, /PFA_ACCESS_TOKEN/);

    const bad: ToolCall = {
      tool: "calculate_spending_by_category",
      method: "post",
      path: "/v1/analytics/spending-by-category",
      args: { currency: "JPY", transactions: [{ date: "2026-13-01", amount: "1.5" }] },
    };
    const result = await client.callTool({ name: bad.tool, arguments: bad.args });
    const [status, body] = await restText(bad);
    assert.equal(status, 422);
    assert.equal(result.isError, true);
    const { request_id: a, ...fromTool } = JSON.parse((result.content as TextBlock[])[0]!.text);
    const { request_id: b, ...fromRest } = JSON.parse(body);
    assert.ok(a && b);
    assert.deepEqual(fromTool, fromRest);
  } finally {
    await client.close();
  }
});

Deno.test("pfa-mcp launcher (package.json bin): serves the same tools", async () => {
  const client = await spawn("node", [join(ROOT, "scripts", "pfa-mcp.mjs")]);
  try {
    const { tools } = await client.listTools();
    assert.deepEqual(tools.map((t) => t.name).sort(), TOOLS);
  } finally {
    await client.close();
  }
});
