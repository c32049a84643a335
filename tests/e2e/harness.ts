/**
 * One real server per test file: the app built as index.ts builds it (createApp with the MCP routes), the
 * production token verifier trusting a key set generated for this run, and the production direct SQL driver on a
 * fresh migrated database (PGlite, or TEST_DATABASE_URL) holding the fixtures. Served by Deno.serve on port 0 and
 * called over real HTTP.
 */
import assert from "node:assert/strict";
import { createOperations, type Operation } from "@pfa/core";
import { type App, createApp } from "../../supabase/functions/v1/app.ts";
import { createTokenVerifier } from "../../supabase/functions/v1/auth/verifier.ts";
import { type Config, loadConfig } from "../../supabase/functions/v1/config.ts";
import { createDirectDataProvider } from "../../supabase/functions/v1/data/direct/direct-provider.ts";
import { createMigratedTestDatabase, type TestDatabase } from "../helpers/migrated-database.ts";
import type { AccountDataProvider } from "../../supabase/functions/v1/data/provider.ts";
import { createAccountDataProvider } from "../../supabase/functions/v1/deps.ts";
import { silentRequestLogger } from "../../supabase/functions/v1/http/request-log.ts";
import { registerMcpRoutes } from "../../supabase/functions/v1/mcp/routes.ts";
import { FIXTURE_SQL, USER_A } from "./fixtures.ts";
import { claimsFor, es256Key, ISSUER_BASE, type KeyPair, sign } from "./tokens.ts";

export interface HarnessOptions {
  /** Extra environment for loadConfig (e.g. a small rate limit). */
  readonly env?: Record<string, string>;
  /** `fixtures` (default): a migrated database with e2e/fixtures.ts; `none`: no database; `unreachable`: a
   * DATABASE_URL nobody listens on, through the production wiring. */
  readonly database?: "fixtures" | "none" | "unreachable";
  /** Replaces the core's registry (fault injection). */
  readonly operations?: readonly Operation[];
}

export interface Harness {
  readonly base: string;
  readonly app: App;
  readonly config: Config;
  readonly key: KeyPair;
  readonly database: TestDatabase | undefined;
  fetch(path: string, init?: RequestInit): Promise<Response>;
  /** A valid token for `sub` (user A by default), with claim overrides. */
  token(sub?: string, overrides?: Record<string, unknown>): Promise<string>;
  close(): Promise<void>;
}

const noDatabase: AccountDataProvider = {
  withUser: () => Promise.reject(new Error("this harness has no database")),
};

export async function startHarness(options: HarnessOptions = {}): Promise<Harness> {
  const key = await es256Key(`e2e-${crypto.randomUUID()}`);
  const mode = options.database ?? "fixtures";
  const env: Record<string, string> = {
    SUPABASE_URL: ISSUER_BASE,
    SUPABASE_JWKS: JSON.stringify({ keys: [key.publicJwk] }),
    PFA_RATE_LIMIT_REQUESTS: "0",
    PFA_DB_STATEMENT_TIMEOUT_MS: "5000",
    ...(mode === "unreachable"
      ? { DATABASE_URL: "postgres://nobody@127.0.0.1:9/none", PFA_DB_CONNECT_TIMEOUT_SECONDS: "2" }
      : {}),
    ...options.env,
  };
  const config = loadConfig(env);
  let database: TestDatabase | undefined;
  let accountData: AccountDataProvider = noDatabase;
  if (mode === "fixtures") {
    database = await createMigratedTestDatabase();
    await database.client.exec(FIXTURE_SQL);
    accountData = createDirectDataProvider({
      engine: database.client,
      statementTimeoutMs: config.database.statementTimeoutMs,
      maxConcurrency: database.url ? 2 : 1,
      acquireTimeoutMs: 5000,
    });
  } else if (mode === "unreachable") {
    accountData = createAccountDataProvider(config);
  }
  const app = createApp(
    { config, verifier: createTokenVerifier(config), accountData },
    {
      extend: registerMcpRoutes,
      log: silentRequestLogger,
      ...(options.operations ? { operations: options.operations } : {}),
    },
  );
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (request, info) => app.fetch(request, info),
  );
  const base = `http://127.0.0.1:${server.addr.port}`;
  return {
    base,
    app,
    config,
    key,
    database,
    fetch: (path, init) => fetch(base + path, init),
    token: (sub = USER_A, overrides = {}) => sign(key, claimsFor(sub, overrides)),
    async close() {
      await server.shutdown();
      await accountData.close?.();
      await database?.drop();
    },
  };
}

// deno-lint-ignore no-explicit-any
export type ProblemJson = any;

const registry = createOperations().byName;

/** Asserts that a response body conforms to the operation's documented output schema (the OpenAPI 200 schema). */
export function assertConforms(operation: keyof typeof registry, body: unknown): void {
  const result = registry[operation].output.safeParse(body);
  assert.ok(result.success, `${operation}: ${JSON.stringify(result.error?.issues.slice(0, 3))}`);
}

/** Asserts a problem+json response (API.md §5) with this status and code, and returns its body. */
export async function assertProblem(response: Response, status: number, code: string): Promise<ProblemJson> {
  const text = await response.text();
  assert.equal(response.status, status, text);
  assert.equal(response.headers.get("content-type"), "application/problem+json");
  const body = JSON.parse(text);
  assert.equal(body.status, status);
  assert.equal(body.code, code);
  // An absolute URI from SUPABASE_URL (ISSUER_BASE here), resolving to the reference page whatever URL was called.
  assert.equal(body.type, `${ISSUER_BASE}/functions/v1/v1/docs#problem-${code}`);
  assert.equal(typeof body.title, "string");
  assert.equal(typeof body.detail, "string");
  assert.ok(body.request_id, "request_id");
  assert.equal(body.request_id, response.headers.get("x-request-id"));
  return body;
}
