/**
 * `npm start`: the edge function on http://127.0.0.1:54321/functions/v1, as hosted Supabase would serve it, with
 * an embedded PGlite (or DATABASE_URL's Postgres) migrated and seeded with the demo users, and a local Auth JWKS
 * at /auth/v1/.well-known/jwks.json. Tokens: `npm run -s token -- alice@example.com`.
 *
 * At start-up it writes its URL (and DATABASE_URL, if any) to a small state file beside the signing keys
 * (scripts/local/local-state.ts), so `npm run token` and `npm run mcp` follow its port; removed when it stops.
 * With DATABASE_URL, restarting never loses data: the seed replaces only demo users holding nothing but what it
 * wrote itself (scripts/db/seed.ts), and the banner says which it re-seeded and which it kept.
 *
 * Environment: HOST (127.0.0.1), PORT (54321), PFA_SIGNING_KEYS_PATH (supabase/signing_keys.json), DATABASE_URL,
 * PFA_SKIP_DB_SETUP=1 (with DATABASE_URL: no migrations, no seed), PFA_PGLITE_CACHE_DIR (.pglite), and every
 * variable of docs/CONFIGURATION.md.
 */
import { DEMO_USERS } from "./db/demo-data.ts";
import { bundleDocs } from "./docs/bundle.mjs";
import { createTokenVerifier } from "../supabase/functions/v1/auth/verifier.ts";
import { loadConfig } from "../supabase/functions/v1/config.ts";
import { localSupabaseUrl } from "./local/demo-token.ts";
import { createFunctionHandler } from "./local/function-app.ts";
import { openLocalDatabase } from "./local/local-database.ts";
import { removeLocalState, writeLocalState } from "./local/local-state.ts";
import { createLocalHandler, FUNCTIONS_PREFIX, JWKS_PATH } from "./local/local-server.ts";
import { type NodeHttpServer, serveOnNodeHttp } from "./local/node-http-server.ts";
import { ensureSigningKeys, publicJwks, signingKeysPath } from "./local/signing-keys.ts";
import { failStartup } from "./local/startup-failure.ts";

const started = performance.now();
const host = Deno.env.get("HOST") || "127.0.0.1";
const port = Number(Deno.env.get("PORT") || 54321);
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`npm start failed: PORT must be a port number (1-65535), got ${JSON.stringify(Deno.env.get("PORT"))}`);
  Deno.exit(1);
}
const supabaseUrl = localSupabaseUrl();
const context = { host, port, databaseUrl: Deno.env.get("DATABASE_URL") };
try {
  bundleDocs({ quiet: true }); // Scalar's bundle into the function folder, as deployed (written only when missing or stale).
} catch (error) {
  console.warn(`warning: /v1/docs will not render: ${(error as Error).message}`);
}

/** Everything that can fail before the server listens; each failure is one line and exit code 1 (failStartup). */
async function prepare() {
  // The port first: a port in use is found in milliseconds, before the database is opened.
  Deno.listen({ hostname: host, port }).close();
  const signing = await ensureSigningKeys(signingKeysPath());
  const jwks = publicJwks(signing.keys);
  const config = loadConfig({
    ...Deno.env.toObject(),
    SUPABASE_URL: supabaseUrl,
    // Verified against the local key set, in process: no network, no JWKS fetch.
    SUPABASE_JWKS: JSON.stringify(jwks),
    SUPABASE_JWKS_URL: undefined,
    SUPABASE_ANON_KEY: undefined,
  });
  const db = await openLocalDatabase(config, {
    setup: Deno.env.get("PFA_SKIP_DB_SETUP") !== "1",
    cacheDir: Deno.env.get("PFA_PGLITE_CACHE_DIR") || undefined,
  });
  return { signing, jwks, config, db };
}

const { signing, jwks, config, db } = await prepare().catch((error) => failStartup("npm start", error, context));
const deps = { config, verifier: createTokenVerifier(config), accountData: db.accountData };
const handler = createLocalHandler({ fn: createFunctionHandler(deps), jwks, supabaseUrl });

// node:http rather than Deno.serve: it gives the real peer address, and it can close the connection of a body that
// stalled (408) or was too large (413), which Deno.serve keeps open (scripts/local/node-http-server.ts).
let server: NodeHttpServer;
try {
  server = await serveOnNodeHttp({
    hostname: host,
    port,
    requestTimeoutMs: config.limits.bodyReadTimeoutMs + 20_000,
    onListen() {
      try {
        writeLocalState({
          supabaseUrl,
          port,
          pid: Deno.pid,
          ...(config.database.url ? { databaseUrl: config.database.url } : {}),
        });
      } catch (error) {
        console.warn(`warning: npm run token will not know this port: ${(error as Error).message}`);
      }
      const base = `${supabaseUrl}${FUNCTIONS_PREFIX}`;
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      console.log(
        [
          "",
          "Personal Finance API (local)",
          `  Base URL      ${base}   (routes: ${base}/v1/...)`,
          `  Health        curl ${base}/v1/health`,
          `  Reference     ${base}/v1/docs`,
          `  JWKS          ${supabaseUrl}${JWKS_PATH}`,
          `  Database      ${db.description}${
            db.transactions === undefined ? "" : `, migrated, demo data (${db.transactions} transactions)`
          }`,
          ...(db.seeding ? [`  Demo seed     ${db.seeding}`] : []),
          ...(config.database.url ? [] : [
            "                (a fresh copy at every start: for data that lasts, DATABASE_URL=postgres://... npm start)",
          ]),
          `  Signing keys  ${signing.path}${signing.created ? " (created)" : ""}`,
          `  Demo users    ${Object.values(DEMO_USERS).map((u) => u.email).join(", ")}`,
          "  Token         npm run -s token -- alice@example.com",
          `  Try           curl -H "Authorization: Bearer $(npm run -s token -- alice@example.com)" ${base}/v1/me/goals/progress`,
          "",
          `Ready in ${seconds} s. Ctrl+C to stop.`,
        ].join("\n"),
      );
    },
  }, handler);
} catch (error) {
  failStartup("npm start", error, context);
}

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  removeLocalState(Deno.pid);
  await server.shutdown();
  await db.accountData.close?.();
  Deno.exit(0);
}
Deno.addSignalListener("SIGINT", stop);
Deno.addSignalListener("SIGTERM", stop);
