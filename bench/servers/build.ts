/**
 * The deployed function's handler for in-process measurements (bench/inproc.ts), built exactly as index.ts builds
 * it: loadConfig(env) -> createDependencies -> createFunctionHandler (createApp with the MCP routes). The hosted
 * configuration without DATABASE_URL: the supabase-js driver with an anon key, which no calculation route calls.
 */
import { loadConfig } from "../../supabase/functions/v1/config.ts";
import { createDependencies } from "../../supabase/functions/v1/deps.ts";
import { createFunctionHandler } from "../../supabase/functions/v1/function-handler.ts";

export interface FetchApp {
  fetch(request: Request): Response | Promise<Response>;
}

/** The bench's function environment (also passed to the spawned entry by bench/lib/calc.mjs). */
export const BENCH_FUNCTION_ENV = {
  SUPABASE_URL: "http://127.0.0.1:54321",
  SUPABASE_ANON_KEY: "bench-anon-key",
  // High enough never to refuse the load generator; the limiter still runs on every request.
  PFA_RATE_LIMIT_REQUESTS: "1000000",
};

export function buildCalculationApp(): Promise<FetchApp> {
  const env = { ...BENCH_FUNCTION_ENV, ...Deno.env.toObject() };
  delete (env as Record<string, string | undefined>).DATABASE_URL;
  const handler = createFunctionHandler(createDependencies(loadConfig(env)));
  return Promise.resolve({ fetch: (request) => handler(request) });
}
