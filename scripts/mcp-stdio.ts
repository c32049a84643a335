/**
 * `npm run -s mcp` / `pfa-mcp`: the MCP server on stdio for local MCP clients (Claude Desktop, MCP Inspector).
 * stdout carries only MCP messages; every log line goes to stderr.
 *
 * The ten tools of /v1/mcp. Calculation tools need nothing. Account tools need a user:
 * - PFA_ACCESS_TOKEN: a Supabase Auth access token, verified at each call like a REST bearer token; or
 * - PFA_DEMO_USER=<demo email> (local mode only): a fresh demo token is minted with the local signing key, so a
 *   client config keeps working after the one-hour lifetime of `npm run token`.
 *
 * Where the data comes from:
 * - local mode (SUPABASE_URL unset), exactly like `npm start`: the local signing keys
 *   (supabase/signing_keys.json, or PFA_SIGNING_KEYS_PATH), and an embedded PGlite holding the demo users (its
 *   template cached in PFA_PGLITE_CACHE_DIR, default .pglite/), or DATABASE_URL
 *   (migrated and seeded unless PFA_SKIP_DB_SETUP=1). The database is opened in the background, only when a user
 *   is configured, so the calculation tools answer at once;
 * - project mode (SUPABASE_URL set): the deployed function's configuration (docs/CONFIGURATION.md), i.e.
 *   supabase-js with SUPABASE_ANON_KEY, or DATABASE_URL; nothing is migrated or seeded.
 */
import process from "node:process";

// Before anything else can print: console.log/info/debug would write to stdout, the MCP stream.
console.log = console.info = console.debug = console.error;

const { createOperations, parseJsonBody } = await import("@pfa/core");
const { coreLimits } = await import("../supabase/functions/v1/app.ts");
const { createTokenVerifier } = await import("../supabase/functions/v1/auth/verifier.ts");
const { loadConfig } = await import("../supabase/functions/v1/config.ts");
const { DatabaseUnavailableError } = await import("../supabase/functions/v1/data/errors.ts");
const { createDependencies } = await import("../supabase/functions/v1/deps.ts");
const { serveStdio } = await import("../supabase/functions/v1/mcp/stdio.ts");
const { problemTypeBase } = await import("../supabase/functions/v1/http/problem.ts");
const { ExactStdioServerTransport } = await import("../supabase/functions/v1/mcp/stdio-transport.ts");
const { toolsFromOperations } = await import("../supabase/functions/v1/mcp/tools.ts");
const { createDemoToken, demoUser, runningLocalSupabaseUrl, TOKEN_LIFETIME_SECONDS } = await import(
  "./local/demo-token.ts"
);
const { openLocalDatabase } = await import("./local/local-database.ts");
const { ensureSigningKeys, publicJwks, signingKeysPath } = await import("./local/signing-keys.ts");

type Provider = import("../supabase/functions/v1/data/provider.ts").AccountDataProvider;

function fail(message: string): never {
  console.error(`pfa-mcp: ${message}`);
  Deno.exit(1);
}

const env = Deno.env.toObject();
const local = !env.SUPABASE_URL;
const demoEmail = env.PFA_DEMO_USER?.trim() || undefined;
const fixedToken = env.PFA_ACCESS_TOKEN?.trim() || undefined;
if (demoEmail && fixedToken) fail("set PFA_ACCESS_TOKEN or PFA_DEMO_USER, not both");
if (demoEmail && !local) fail("PFA_DEMO_USER works only in local mode (without SUPABASE_URL)");

let config;
let keys: Awaited<ReturnType<typeof ensureSigningKeys>>["keys"] = [];
let accountData: Provider;
let description: string;
try {
  if (local) {
    keys = (await ensureSigningKeys(signingKeysPath())).keys;
    config = loadConfig({
      ...env,
      SUPABASE_URL: runningLocalSupabaseUrl(), // the running npm start's port (problem `type` URLs)
      SUPABASE_JWKS: JSON.stringify(publicJwks(keys)),
      SUPABASE_JWKS_URL: undefined,
      SUPABASE_ANON_KEY: undefined,
    });
    const localConfig = config;
    let opened: Promise<Provider> | undefined;
    const open = () =>
      opened ??= openLocalDatabase(localConfig, {
        setup: env.PFA_SKIP_DB_SETUP !== "1",
        cacheDir: env.PFA_PGLITE_CACHE_DIR || undefined,
      }).then(
        (db) => {
          console.error(`pfa-mcp: database ready: ${db.description}`);
          return db.accountData;
        },
        (error) => {
          console.error(`pfa-mcp: the database could not be opened: ${error?.message ?? error}`);
          throw new DatabaseUnavailableError("The local database could not be opened; see the server's log.");
        },
      );
    accountData = {
      withUser: async (user, fn) => (await open()).withUser(user, fn),
      close: async () => {
        if (opened) await (await opened.catch(() => undefined))?.close?.();
      },
    };
    if (demoEmail || fixedToken) open().catch(() => {});
    description = `local (${config.database.url ? "DATABASE_URL" : "embedded PGlite with the demo data"})`;
  } else {
    const deps = createDependencies(loadConfig(env));
    config = deps.config;
    accountData = deps.accountData;
    description = `project ${config.supabaseUrl}`;
  }
} catch (error) {
  fail((error as Error).message);
}

if (demoEmail) {
  try {
    demoUser(demoEmail);
  } catch (error) {
    fail((error as Error).message);
  }
}
let minted: { token: string; expires: number } | undefined;
const localUrl = config.supabaseUrl;
async function accessToken(): Promise<string | undefined> {
  if (!demoEmail) return fixedToken;
  const now = Math.floor(Date.now() / 1000);
  if (!minted || minted.expires - now < 60) {
    minted = {
      token: await createDemoToken({ email: demoEmail, keys, supabaseUrl: localUrl }),
      expires: now + TOKEN_LIFETIME_SECONDS,
    };
  }
  return minted.token;
}

const transport = new ExactStdioServerTransport(parseJsonBody, process.stdin, process.stdout);
const server = await serveStdio({
  tools: toolsFromOperations(createOperations(coreLimits(config.limits)).list),
  verifier: createTokenVerifier(config),
  accountData,
  accessToken,
  transport,
  problemTypeBase: problemTypeBase(config.supabaseUrl),
});
if (fixedToken) {
  // Checked once now so a wrong or expired token shows in the client's server log; every call checks it again.
  createTokenVerifier(config).verify(`Bearer ${fixedToken}`).then(
    (user) => console.error(`pfa-mcp: PFA_ACCESS_TOKEN accepted (sub ${user.sub})`),
    (error) => console.error(`pfa-mcp: PFA_ACCESS_TOKEN is refused: ${error?.message ?? error}`),
  );
}
const who = demoEmail ? `demo user ${demoEmail}` : fixedToken ? "PFA_ACCESS_TOKEN" : "none (account tools answer 401)";
console.error(`pfa-mcp: serving 10 tools on stdio; data: ${description}; user: ${who}`);

let stopping = false;
async function stop(): Promise<never> {
  if (!stopping) {
    stopping = true;
    await server.close().catch(() => {});
    await accountData.close?.().catch(() => {});
  }
  Deno.exit(0);
}
server.onclose = () => void stop();
Deno.addSignalListener("SIGINT", () => void stop());
Deno.addSignalListener("SIGTERM", () => void stop());
