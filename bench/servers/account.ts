/**
 * Serves the deployed function's handler (function-handler.ts, as index.ts) on a benchmark database: with a URL,
 * production's deps.ts direct SQL driver (one transaction per request, `set local role authenticated`, the
 * request's claims); the production token verifier with a key set generated for this run; a token of the
 * measured user signed with that key.
 */
import { exportJWK, generateKeyPair, SignJWT } from "jose";
import { createTokenVerifier } from "../../supabase/functions/v1/auth/verifier.ts";
import { loadConfig } from "../../supabase/functions/v1/config.ts";
import { createDirectDataProvider } from "../../supabase/functions/v1/data/direct/direct-provider.ts";
import type { SqlEngine } from "../../supabase/functions/v1/data/direct/sql-engine.ts";
import type { AccountDataProvider } from "../../supabase/functions/v1/data/provider.ts";
import { createDependencies } from "../../supabase/functions/v1/deps.ts";
import { createFunctionHandler } from "../../supabase/functions/v1/function-handler.ts";
import type { SqlClient } from "../../scripts/db/sql-client.ts";

const ISSUER_BASE = "http://127.0.0.1:54321";

export interface ServeOptions {
  readonly databaseUrl: string | undefined;
  readonly pglite: SqlClient | null;
  readonly user: { id: string; currency: string; year: number; budgetMonth: string };
}

export async function serveAccountApp(options: ServeOptions) {
  const { publicKey, privateKey } = await generateKeyPair("ES256");
  const kid = "bench";
  const jwk = { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig" };
  const config = loadConfig({
    PFA_RATE_LIMIT_REQUESTS: "1000000",
    ...Deno.env.toObject(),
    SUPABASE_URL: ISSUER_BASE,
    SUPABASE_JWKS: JSON.stringify({ keys: [jwk] }),
    SUPABASE_JWKS_URL: undefined,
    SUPABASE_ANON_KEY: undefined,
    DATABASE_URL: options.databaseUrl,
  });
  // With a URL: production's own wiring (deps.ts: the direct driver's postgres.js pool). PGlite: the same driver
  // on the embedded database, one transaction at a time (as npm start runs it).
  let accountData: AccountDataProvider;
  if (options.databaseUrl) {
    accountData = createDependencies(config).accountData;
  } else {
    const client = options.pglite!;
    const engine: SqlEngine = {
      transaction: (fn) =>
        client.transaction((tx) => fn({ query: (text, params = []) => tx.query(text, [...params]) })),
      close: () => Promise.resolve(),
    };
    accountData = createDirectDataProvider({
      engine,
      statementTimeoutMs: config.database.statementTimeoutMs,
      maxConcurrency: 1,
      acquireTimeoutMs: config.database.connectTimeoutSeconds * 1000,
    });
  }
  const handler = createFunctionHandler({ config, verifier: createTokenVerifier(config), accountData });
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ role: "authenticated", email: "bench@example.com", is_anonymous: false })
    .setProtectedHeader({ alg: "ES256", kid, typ: "JWT" })
    .setIssuer(`${ISSUER_BASE}/auth/v1`)
    .setAudience("authenticated")
    .setSubject(options.user.id)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(privateKey);
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen: () => {} }, handler);
  const [year, month] = options.user.budgetMonth.split("-").map(Number);
  const url = `http://127.0.0.1:${server.addr.port}/v1/me/budget/summary?year=${year}&month=${month}` +
    `&currency=${options.user.currency}`;
  return {
    url,
    token,
    user: options.user.id,
    served_by: `bench/servers/account.ts: function-handler.ts + the direct SQL driver (${
      options.databaseUrl ? `deps.ts, postgres.js pool of ${config.database.poolMax}` : "PGlite, one connection"
    }), in the bench/db.ts process`,
  };
}
