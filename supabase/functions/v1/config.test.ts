import assert from "node:assert/strict";
import { ConfigError, loadConfig } from "./config.ts";

const base = { SUPABASE_URL: "https://abc.supabase.co", SUPABASE_ANON_KEY: "anon" };

function problemsOf(env: Record<string, string | undefined>): readonly string[] {
  try {
    loadConfig(env);
  } catch (e) {
    assert.ok(e instanceof ConfigError, `expected ConfigError, got ${e}`);
    return e.problems;
  }
  assert.fail("expected loadConfig to throw");
}

Deno.test("config: defaults follow API.md §5", () => {
  const c = loadConfig(base);
  assert.equal(c.supabaseUrl, "https://abc.supabase.co");
  assert.equal(c.auth.issuer, "https://abc.supabase.co/auth/v1");
  assert.equal(c.auth.jwksUrl.href, "https://abc.supabase.co/auth/v1/.well-known/jwks.json");
  assert.equal(c.auth.jwtSecret, undefined);
  assert.equal(c.auth.jwks, undefined);
  assert.equal(c.supabaseAnonKey, "anon");
  assert.equal(c.database.url, undefined);
  assert.equal(c.database.statementTimeoutMs, 5000);
  assert.deepEqual(c.limits, {
    maxBodyBytes: 5 * 1024 * 1024,
    maxTransactions: 50000,
    maxBudgets: 1000,
    maxGoals: 1000,
    maxContributionsPerGoal: 10000,
    maxTextLength: 200,
    bodyReadTimeoutMs: 10_000,
    maxConcurrentBodyReads: 64,
    mcpMaxBatch: 20,
    maxStatements: 1000,
  });
  assert.deepEqual(c.rateLimit, {
    requests: 300,
    windowSeconds: 60,
    redisUrl: undefined,
    trustedProxyHops: 1,
    maxKeys: 100_000,
  });
  assert.equal(c.database.maxPerUser, 2);
});

Deno.test("config: a trailing slash on SUPABASE_URL does not change the issuer", () => {
  const c = loadConfig({ ...base, SUPABASE_URL: "http://127.0.0.1:54321/" });
  assert.equal(c.auth.issuer, "http://127.0.0.1:54321/auth/v1");
});

Deno.test("config: every override is read", () => {
  const c = loadConfig({
    ...base,
    DATABASE_URL: "postgres://u@127.0.0.1:5432/db",
    SUPABASE_JWT_SECRET: "x".repeat(40),
    SUPABASE_JWKS_URL: "https://keys.example/jwks.json",
    PFA_MAX_BODY_BYTES: "2048",
    PFA_MAX_TRANSACTIONS: "10",
    PFA_MAX_BUDGETS: "11",
    PFA_MAX_GOALS: "12",
    PFA_MAX_CONTRIBUTIONS_PER_GOAL: "13",
    PFA_MAX_TEXT_LENGTH: "14",
    PFA_MAX_STATEMENTS: "16",
    PFA_RATE_LIMIT_REQUESTS: "0",
    PFA_RATE_LIMIT_WINDOW_SECONDS: "15",
    PFA_DB_STATEMENT_TIMEOUT_MS: "250",
    PFA_DB_POOL_MAX: "2",
    PFA_DB_CONNECT_TIMEOUT_SECONDS: "3",
    PFA_DB_IDLE_TIMEOUT_SECONDS: "4",
    PFA_BODY_READ_TIMEOUT_MS: "1500",
    PFA_MAX_CONCURRENT_BODY_READS: "7",
    PFA_MCP_MAX_BATCH: "9",
    RATE_LIMIT_REDIS_URL: "rediss://default:secret@eu1-example.upstash.io:6379",
    PFA_TRUSTED_PROXY_HOPS: "0",
    PFA_RATE_LIMIT_MAX_KEYS: "5000",
    PFA_DB_MAX_PER_USER: "3",
  });
  assert.equal(c.database.url, "postgres://u@127.0.0.1:5432/db");
  assert.equal(c.auth.jwtSecret, "x".repeat(40));
  assert.equal(c.auth.jwksUrl.href, "https://keys.example/jwks.json");
  assert.deepEqual(c.limits, {
    maxBodyBytes: 2048,
    maxTransactions: 10,
    maxBudgets: 11,
    maxGoals: 12,
    maxContributionsPerGoal: 13,
    maxTextLength: 14,
    bodyReadTimeoutMs: 1500,
    maxConcurrentBodyReads: 7,
    mcpMaxBatch: 9,
    maxStatements: 16,
  });
  assert.deepEqual(c.rateLimit, {
    requests: 0,
    windowSeconds: 15,
    redisUrl: "rediss://default:secret@eu1-example.upstash.io:6379",
    trustedProxyHops: 0,
    maxKeys: 5000,
  });
  assert.deepEqual(c.database, {
    url: "postgres://u@127.0.0.1:5432/db",
    statementTimeoutMs: 250,
    poolMax: 2,
    connectTimeoutSeconds: 3,
    idleTimeoutSeconds: 4,
    maxPerUser: 3,
  });
});

Deno.test("config: SUPABASE_JWKS takes a key set or a signing-keys array, and drops private parts", () => {
  const jwk = { kty: "EC", kid: "k1", crv: "P-256", x: "xx", y: "yy", d: "secret", key_ops: ["sign", "verify"] };
  for (const raw of [JSON.stringify([jwk]), JSON.stringify({ keys: [jwk] })]) {
    const c = loadConfig({ ...base, SUPABASE_JWKS: raw });
    assert.deepEqual(c.auth.jwks, { keys: [{ kty: "EC", kid: "k1", crv: "P-256", x: "xx", y: "yy" }] });
  }
});

Deno.test("config: invalid values fail fast, all reported at once", () => {
  const problems = problemsOf({
    SUPABASE_URL: "not a url",
    DATABASE_URL: "mysql://x",
    SUPABASE_JWT_SECRET: "short",
    SUPABASE_JWKS: "{",
    PFA_MAX_BODY_BYTES: "5MB",
    PFA_MAX_TRANSACTIONS: "0",
    PFA_RATE_LIMIT_WINDOW_SECONDS: "-1",
    PFA_DB_STATEMENT_TIMEOUT_MS: "1.5",
  });
  const text = problems.join("\n");
  for (
    const name of [
      "SUPABASE_URL",
      "DATABASE_URL",
      "SUPABASE_JWT_SECRET",
      "SUPABASE_JWKS",
      "PFA_MAX_BODY_BYTES",
      "PFA_MAX_TRANSACTIONS",
      "PFA_RATE_LIMIT_WINDOW_SECONDS",
      "PFA_DB_STATEMENT_TIMEOUT_MS",
    ]
  ) {
    assert.ok(text.includes(name), `${name} not reported in:\n${text}`);
  }
  assert.equal(problems.length, 8);
});

Deno.test("config: SUPABASE_URL is required, and the message says what it is", () => {
  const problems = problemsOf({});
  assert.equal(problems.length, 1);
  assert.match(problems[0]!, /SUPABASE_URL is required/);
});

Deno.test("config: a non-http SUPABASE_URL and an empty key set are refused", () => {
  assert.match(problemsOf({ SUPABASE_URL: "ftp://x" }).join(), /http\(s\)/);
  assert.match(problemsOf({ ...base, SUPABASE_JWKS: '{"keys":[]}' }).join(), /at least one key/);
});

Deno.test("config: PFA_LOG_REQUESTS turns the request log off, defaults on, and refuses other words", () => {
  assert.equal(loadConfig(base).logRequests, true);
  assert.equal(loadConfig({ ...base, PFA_LOG_REQUESTS: "false" }).logRequests, false);
  assert.equal(loadConfig({ ...base, PFA_LOG_REQUESTS: "OFF" }).logRequests, false);
  assert.equal(loadConfig({ ...base, PFA_LOG_REQUESTS: "1" }).logRequests, true);
  assert.throws(() => loadConfig({ ...base, PFA_LOG_REQUESTS: "quiet" }), /PFA_LOG_REQUESTS must be true or false/);
});
