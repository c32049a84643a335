/**
 * The real edge function over real HTTP, in this process: the production assembly (function-handler.ts: createApp
 * with the MCP routes, exactly what index.ts deploys and `npm start` serves), the production token
 * verifier trusting a key set generated for this run, and the production direct SQL driver on a fresh database.
 *
 * Every secret the server holds (the private signing key, the legacy HS256 secret, the database password) is a
 * recognisable canary listed in `secrets`, so suites can prove that no response ever echoes one.
 */
import type { JWTPayload } from "jose";
import { sign, type TestKey, testKey, userClaims } from "../../helpers/test-keys.ts";
import { createTokenVerifier } from "../../../supabase/functions/v1/auth/verifier.ts";
import { type Config, loadConfig } from "../../../supabase/functions/v1/config.ts";
import { createDirectDataProvider } from "../../../supabase/functions/v1/data/direct/direct-provider.ts";
import type { AccountDataProvider } from "../../../supabase/functions/v1/data/provider.ts";
import { createAccountDataProvider } from "../../../supabase/functions/v1/deps.ts";
import { createFunctionHandler } from "../../../supabase/functions/v1/function-handler.ts";
import type { FreshDatabase } from "./database.ts";
import { withPassword } from "./database.ts";

export const SUPABASE_URL = "http://127.0.0.1:54321";
export const ISSUER = `${SUPABASE_URL}/auth/v1`;
/** Legacy HS256 secret of the test server (only set when `legacySecret` is asked for). */
export const LEGACY_SECRET = "canary-legacy-jwt-secret-0123456789abcdef";
export const DB_PASSWORD = "canaryDbPassw0rd";

export type SigningKey = TestKey;

/** An ES256 key pair (the kind Supabase Auth signs with); a random kid unless one is given. */
export const es256Key = (kid?: string): Promise<SigningKey> => testKey("ES256", kid);

/** Claims of a normal Supabase Auth access token for `sub`, valid for an hour; `undefined` overrides delete. */
export function claimsFor(sub: string | undefined, overrides: Record<string, unknown> = {}): JWTPayload {
  return userClaims({ sub, email: undefined, aal: "aal1", session_id: crypto.randomUUID(), ...overrides }, ISSUER);
}

export const signWith = (key: SigningKey, claims: JWTPayload): Promise<string> => sign(key, claims);

export interface AppServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  readonly config: Config;
  readonly key: SigningKey;
  /** Strings that must never appear in any response (headers or body). */
  readonly secrets: readonly string[];
  /** fetch(origin + path) with a generous "never hangs" guard (30 s). */
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** A valid token for `sub`, signed with the trusted key. */
  token(sub: string, overrides?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

export interface AppOptions {
  readonly db: FreshDatabase;
  /** Extra environment (PFA_* limits etc.). Default: rate limiting off (PFA_RATE_LIMIT_REQUESTS=0). */
  readonly env?: Record<string, string>;
  /** Configure the legacy HS256 secret too. */
  readonly legacySecret?: boolean;
  /** Database URL the server uses instead of the fresh database's own (e.g. a proxy in front of it). */
  readonly databaseUrl?: string;
  /** Writes the request log (console.log) even without RELIABILITY_LOG=1, for suites that read it. */
  readonly logRequests?: boolean;
}

export const HANG_GUARD_MS = 30_000;

export async function startApp(options: AppOptions): Promise<AppServer> {
  const key = await es256Key();
  const dbUrl = options.databaseUrl ?? options.db.url;
  const databaseUrl = dbUrl ? withPassword(dbUrl, DB_PASSWORD) : undefined;
  const config = loadConfig({
    SUPABASE_URL,
    SUPABASE_JWKS: JSON.stringify({ keys: [key.publicJwk] }),
    PFA_RATE_LIMIT_REQUESTS: "0",
    ...(options.legacySecret ? { SUPABASE_JWT_SECRET: LEGACY_SECRET } : {}),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...options.env,
  });
  let accountData: AccountDataProvider;
  if (databaseUrl) {
    accountData = createAccountDataProvider(config);
  } else {
    // PGlite: one connection, so one transaction at a time (as scripts/local/local-database.ts serves it).
    accountData = createDirectDataProvider({
      engine: options.db.client,
      statementTimeoutMs: config.database.statementTimeoutMs,
      maxConcurrency: 1,
      acquireTimeoutMs: config.database.connectTimeoutSeconds * 1000,
    });
  }
  const handler = createFunctionHandler({
    config: { ...config, logRequests: options.logRequests ?? Deno.env.get("RELIABILITY_LOG") === "1" } as Config,
    verifier: createTokenVerifier(config),
    accountData,
  });
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handler);
  const origin = `http://127.0.0.1:${server.addr.port}`;
  const secrets = [key.privateD, DB_PASSWORD, ...(options.legacySecret ? [LEGACY_SECRET] : [])];
  if (databaseUrl) secrets.push(databaseUrl);
  return {
    origin,
    config,
    key,
    secrets,
    fetch(path, init = {}) {
      return fetch(origin + path, { ...init, signal: init.signal ?? AbortSignal.timeout(HANG_GUARD_MS) });
    },
    token: (sub, overrides) => signWith(key, claimsFor(sub, overrides)),
    async close() {
      await server.shutdown();
      await accountData.close?.();
    },
  };
}
