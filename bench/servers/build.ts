/**
 * Builds the real function for the calculation benchmarks exactly as production wires it (deps.ts
 * createDependencies + createApp with the MCP routes, as scripts/local/function-app.ts and index.ts do), in the
 * hosted configuration without a database URL: the supabase-js driver with an anon key, which no calculation
 * route ever calls. Paths are the function's own (`/v1/...`), as the edge runtime hands them over.
 */
import { createApp } from "../../supabase/functions/v1/app.ts";
import { loadConfig } from "../../supabase/functions/v1/config.ts";
import { createDependencies } from "../../supabase/functions/v1/deps.ts";
import { registerMcpRoutes } from "../../supabase/functions/v1/mcp/routes.ts";

export interface FetchApp {
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
}

/** The bench servers' environment: a local project URL, an anon key, a rate limit that never refuses the load. */
export function benchEnv(): Record<string, string | undefined> {
  return {
    SUPABASE_URL: "http://127.0.0.1:54321",
    SUPABASE_ANON_KEY: "bench-anon-key",
    PFA_RATE_LIMIT_REQUESTS: "1000000",
    ...Deno.env.toObject(),
    DATABASE_URL: undefined,
  };
}

export function buildCalculationApp(env = benchEnv()): Promise<FetchApp> {
  const config = loadConfig(env);
  const deps = createDependencies(config);
  // The request log stays on, as in production (one JSON line per request on stdout); BENCH_LOG_REQUESTS=0 turns
  // it off to see its cost.
  const app = createApp(
    { ...deps, config: { ...deps.config, logRequests: env.BENCH_LOG_REQUESTS !== "0" } },
    { extend: registerMcpRoutes },
  );
  return Promise.resolve(app);
}
