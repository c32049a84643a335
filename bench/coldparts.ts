/**
 * Where the cold start goes: a fresh Deno process imports the deployed function's module graph piece by piece,
 * in the order index.ts loads it, builds the handler and answers one calculation, printing the time since process
 * start after each step (one JSON line). Indicative: the pieces share dependencies, so each step's time is what it
 * adds on top of the previous ones.
 */
const marks: Record<string, number> = { runtime_ready: performance.now() };
const mark = (k: string) => (marks[k] = Math.round(performance.now() * 10) / 10);
await import("hono");
mark("hono");
await import("zod");
mark("zod");
await import("@pfa/core");
mark("core (@pfa/core)");
await import("@hono/zod-openapi");
mark("@hono/zod-openapi");
await import("../supabase/functions/v1/app.ts");
mark("app.ts (rest of the REST app)");
await import("../supabase/functions/v1/deps.ts");
mark("deps.ts (postgres.js, supabase-js drivers)");
const { createFunctionHandler } = await import("../supabase/functions/v1/function-handler.ts");
mark("function-handler.ts (MCP SDK)");
const { loadConfig } = await import("../supabase/functions/v1/config.ts");
const { createDependencies } = await import("../supabase/functions/v1/deps.ts");
const handler = createFunctionHandler(
  createDependencies(
    loadConfig({ SUPABASE_URL: "http://127.0.0.1:54321", SUPABASE_ANON_KEY: "x", PFA_LOG_REQUESTS: "false" }),
  ),
);
mark("createDependencies + createApp");
const response = await handler(
  new Request("http://127.0.0.1/v1/analytics/cashflow", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ currency: "EUR", year: 2025, transactions: [{ date: "2025-01-02", amount: "-1.00" }] }),
  }),
);
await response.text();
if (response.status !== 200) throw new Error(`status ${response.status}`);
mark("first calculation answered");
console.log(JSON.stringify(marks));
