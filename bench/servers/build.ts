/**
 * Builds the real app (createApp from supabase/functions/v1/app.ts, the same config, verifier and routes as the
 * deployed function) for the calculation benchmarks, with no database driver: account routes answer 503 and
 * never touch a database. Paths are the function's own (`/v1/...`), as the edge runtime hands them over.
 */
import { createApp } from "../../supabase/functions/v1/app.ts";
import { createTokenVerifier } from "../../supabase/functions/v1/auth/verifier.ts";
import { loadConfig } from "../../supabase/functions/v1/config.ts";
import { DatabaseUnavailableError } from "../../supabase/functions/v1/data/errors.ts";

export interface FetchApp {
  fetch(request: Request, env?: unknown): Response | Promise<Response>;
}

/** The environment of the bench servers: a local project URL, and a rate limit high enough not to refuse load. */
export function benchEnv(): Record<string, string | undefined> {
  return {
    SUPABASE_URL: "http://127.0.0.1:54321",
    PFA_RATE_LIMIT_REQUESTS: "1000000",
    ...Deno.env.toObject(),
  };
}

export function buildCalculationApp(env = benchEnv()): Promise<FetchApp> {
  const config = loadConfig(env);
  const app = createApp({
    config: { ...config, logRequests: env.BENCH_LOG_REQUESTS === "1" },
    verifier: createTokenVerifier(config),
    accountData: {
      withUser: () => Promise.reject(new DatabaseUnavailableError("no database in this benchmark server")),
    },
  });
  return Promise.resolve(app);
}
