/**
 * Where the cold start goes, in the sources (the deployed bundle merges these modules, so its steps cannot be told
 * apart; the cold start measured is the bundle's): a fresh Deno process loads the function the way index.ts does
 * (config.ts, deps.ts, function-handler.ts with everything they import statically), builds the handler and answers
 * one calculation, printing the time since process start after each step (one JSON line). A step's time is what it
 * adds on top of the previous ones; modules loaded lazily on first use are not counted unless that first use is a
 * calculation. The first calculation loads its operation (routes/registry.ts), zod and the core's modules it
 * imports, and builds its schemas; start-up loads none of them.
 */
const marks: Record<string, number> = { runtime_ready: Math.round(performance.now() * 10) / 10 };
const mark = (k: string) => (marks[k] = Math.round(performance.now() * 10) / 10);
const { loadConfig } = await import("../supabase/functions/v1/config.ts");
mark("config.ts");
const { createDependencies } = await import("../supabase/functions/v1/deps.ts");
mark("deps.ts (static imports)");
const { createFunctionHandler } = await import("../supabase/functions/v1/function-handler.ts");
mark("function-handler.ts (app.ts, hono, the HTTP layer, MCP routes: static imports)");
const handler = createFunctionHandler(
  createDependencies(
    loadConfig({ SUPABASE_URL: "http://127.0.0.1:54321", SUPABASE_ANON_KEY: "x", PFA_LOG_REQUESTS: "false" }),
  ),
);
mark("createDependencies + createFunctionHandler");
const response = await handler(
  new Request("http://127.0.0.1/v1/analytics/cashflow", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ currency: "EUR", year: 2025, transactions: [{ date: "2025-01-02", amount: "-1.00" }] }),
  }),
);
await response.text();
if (response.status !== 200) throw new Error(`status ${response.status}`);
mark("first calculation answered (loads its operation, zod, the core's modules it needs)");
console.log(JSON.stringify(marks));
