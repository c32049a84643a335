/**
 * The function's configuration, read once from the environment. Every variable is documented in
 * docs/CONFIGURATION.md. Invalid configuration fails fast with one ConfigError that lists every problem.
 */
import type { JSONWebKeySet } from "jose";

export interface Limits {
  /** Largest accepted request body, in bytes (default 5 MiB). */
  readonly maxBodyBytes: number;
  /** Transactions per calculation request (default 50,000). */
  readonly maxTransactions: number;
  /** Budgets per budget-summary request (default 1,000). */
  readonly maxBudgets: number;
  /** Goals per goal-progress request (default 1,000). */
  readonly maxGoals: number;
  /** Contributions per goal (default 10,000). */
  readonly maxContributionsPerGoal: number;
  /** Characters per text field (default 200). */
  readonly maxTextLength: number;
  /** Milliseconds a request body may take to arrive, then 408 (default 10,000). */
  readonly bodyReadTimeoutMs: number;
  /** Request bodies read at once; more wait for a slot (503 past the read timeout). Default 64. */
  readonly maxConcurrentBodyReads: number;
  /** JSON-RPC messages per MCP batch (default 20). */
  readonly mcpMaxBatch: number;
  /** Statements per net-worth request (default 1,000). */
  readonly maxStatements: number;
}

export interface RateLimitConfig {
  /** Requests allowed per window, per user or per client IP. 0 disables rate limiting. */
  readonly requests: number;
  readonly windowSeconds: number;
  /** Redis shared by every instance (RATE_LIMIT_REDIS_URL); absent: counted in memory, per instance. */
  readonly redisUrl?: string | undefined;
  /** Proxies whose `X-Forwarded-For` entries are trusted (PFA_TRUSTED_PROXY_HOPS, default 1: Supabase's gateway). */
  readonly trustedProxyHops?: number;
  /** Keys the in-memory store holds at most (PFA_RATE_LIMIT_MAX_KEYS, default 100,000). */
  readonly maxKeys?: number;
}

export interface DatabaseConfig {
  /** Direct Postgres connection string; when set, the direct SQL driver is used. */
  readonly url: string | undefined;
  /** `statement_timeout` of every request transaction, in milliseconds (default 5,000). */
  readonly statementTimeoutMs: number;
  /** Connections in the direct driver's pool (default 5). */
  readonly poolMax: number;
  /** Seconds to wait for a new connection, and for a free pooled connection (default 5). */
  readonly connectTimeoutSeconds: number;
  /** Seconds before an idle pooled connection is closed (default 60). */
  readonly idleTimeoutSeconds: number;
  /** Database transactions one user may run at once (PFA_DB_MAX_PER_USER, default 2); more wait, then 503. */
  readonly maxPerUser: number;
}

export interface AuthConfig {
  /** Expected `iss`: `${SUPABASE_URL}/auth/v1`. */
  readonly issuer: string;
  /** Remote JWKS, used unless `jwks` is set. */
  readonly jwksUrl: URL;
  /** Inline key set (SUPABASE_JWKS, or the local key set of `npm start`); no network when set. */
  readonly jwks: JSONWebKeySet | undefined;
  /** Legacy shared secret: only when it is set are HS256 tokens accepted. */
  readonly jwtSecret: string | undefined;
}

export interface Config {
  /** Project URL without a trailing slash, e.g. `https://abc.supabase.co`. */
  readonly supabaseUrl: string;
  /** Anon (publishable) key, for the supabase-js driver. Never a service-role key. */
  readonly supabaseAnonKey: string | undefined;
  readonly auth: AuthConfig;
  readonly database: DatabaseConfig;
  readonly limits: Limits;
  readonly rateLimit: RateLimitConfig;
  /** One JSON line per request on stdout (PFA_LOG_REQUESTS, default true). Never tokens or bodies. */
  readonly logRequests: boolean;
}

export class ConfigError extends Error {
  override readonly name = "ConfigError";
  constructor(readonly problems: readonly string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}\nSee docs/CONFIGURATION.md.`);
  }
}

export const DEFAULT_LIMITS: Limits = {
  maxBodyBytes: 5 * 1024 * 1024,
  maxTransactions: 50_000,
  maxBudgets: 1_000,
  maxGoals: 1_000,
  maxContributionsPerGoal: 10_000,
  maxTextLength: 200,
  bodyReadTimeoutMs: 10_000,
  maxConcurrentBodyReads: 64,
  mcpMaxBatch: 20,
  maxStatements: 1_000,
};

export const DEFAULT_RATE_LIMIT: RateLimitConfig = { requests: 300, windowSeconds: 60 };

type Env = Record<string, string | undefined>;

/** Reads and validates the configuration. Throws ConfigError listing every problem found. */
export function loadConfig(env: Env): Config {
  const problems: string[] = [];
  const value = (name: string): string | undefined => {
    const v = env[name]?.trim();
    return v === undefined || v === "" ? undefined : v;
  };
  const int = (name: string, fallback: number, min: number, max: number): number => {
    const raw = value(name);
    if (raw === undefined) return fallback;
    if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw))) {
      problems.push(`${name} must be a whole number, got ${JSON.stringify(raw)}`);
      return fallback;
    }
    const n = Number(raw);
    if (n < min || n > max) {
      problems.push(`${name} must be between ${min} and ${max}, got ${n}`);
      return fallback;
    }
    return n;
  };
  const httpUrl = (name: string, raw: string): URL | undefined => {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      problems.push(`${name} is not a valid URL: ${JSON.stringify(raw)}`);
      return undefined;
    }
    if (url.protocol !== "https:" && url.protocol !== "http:") {
      problems.push(`${name} must be an http(s) URL, got ${JSON.stringify(raw)}`);
      return undefined;
    }
    return url;
  };

  const supabaseUrlRaw = value("SUPABASE_URL");
  let supabaseUrl = "";
  if (supabaseUrlRaw === undefined) {
    problems.push("SUPABASE_URL is required (the project URL, e.g. https://<project-ref>.supabase.co)");
  } else if (httpUrl("SUPABASE_URL", supabaseUrlRaw)) {
    supabaseUrl = supabaseUrlRaw.replace(/\/+$/, "");
  }
  const issuer = `${supabaseUrl}/auth/v1`;

  // The remote key set's URL: SUPABASE_JWKS_URL (checked now), else derived from the project URL. A derived one is
  // built when first read (the first remote token check): every `new URL` costs a cold function's start-up time.
  const jwksUrlRaw = value("SUPABASE_JWKS_URL");
  let jwksUrl: URL | undefined;
  let jwksHref = "http://invalid.invalid/";
  if (jwksUrlRaw !== undefined) {
    jwksUrl = httpUrl("SUPABASE_JWKS_URL", jwksUrlRaw);
  } else if (supabaseUrl) {
    jwksHref = `${issuer}/.well-known/jwks.json`;
  }

  let jwks: JSONWebKeySet | undefined;
  const jwksRaw = value("SUPABASE_JWKS");
  if (jwksRaw !== undefined) {
    jwks = parseJwks(jwksRaw, problems);
  }

  const jwtSecret = value("SUPABASE_JWT_SECRET");
  if (jwtSecret !== undefined && new TextEncoder().encode(jwtSecret).length < 32) {
    problems.push("SUPABASE_JWT_SECRET must be at least 32 bytes (Supabase legacy secrets are 40+ characters)");
  }

  const databaseUrl = value("DATABASE_URL");
  if (databaseUrl !== undefined && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push("DATABASE_URL must start with postgres:// or postgresql://");
  }
  const supabaseAnonKey = value("SUPABASE_ANON_KEY");

  const limits: Limits = {
    maxBodyBytes: int("PFA_MAX_BODY_BYTES", DEFAULT_LIMITS.maxBodyBytes, 1024, 100 * 1024 * 1024),
    maxTransactions: int("PFA_MAX_TRANSACTIONS", DEFAULT_LIMITS.maxTransactions, 1, 1_000_000),
    maxBudgets: int("PFA_MAX_BUDGETS", DEFAULT_LIMITS.maxBudgets, 1, 100_000),
    maxGoals: int("PFA_MAX_GOALS", DEFAULT_LIMITS.maxGoals, 1, 100_000),
    maxContributionsPerGoal: int(
      "PFA_MAX_CONTRIBUTIONS_PER_GOAL",
      DEFAULT_LIMITS.maxContributionsPerGoal,
      1,
      1_000_000,
    ),
    maxTextLength: int("PFA_MAX_TEXT_LENGTH", DEFAULT_LIMITS.maxTextLength, 1, 100_000),
    bodyReadTimeoutMs: int("PFA_BODY_READ_TIMEOUT_MS", DEFAULT_LIMITS.bodyReadTimeoutMs, 100, 600_000),
    maxConcurrentBodyReads: int("PFA_MAX_CONCURRENT_BODY_READS", DEFAULT_LIMITS.maxConcurrentBodyReads, 1, 100_000),
    mcpMaxBatch: int("PFA_MCP_MAX_BATCH", DEFAULT_LIMITS.mcpMaxBatch, 1, 1_000),
    maxStatements: int("PFA_MAX_STATEMENTS", DEFAULT_LIMITS.maxStatements, 1, 100_000),
  };
  const rateLimit: RateLimitConfig = {
    requests: int("PFA_RATE_LIMIT_REQUESTS", DEFAULT_RATE_LIMIT.requests, 0, 1_000_000),
    windowSeconds: int("PFA_RATE_LIMIT_WINDOW_SECONDS", DEFAULT_RATE_LIMIT.windowSeconds, 1, 86_400),
    redisUrl: redisUrl(value("RATE_LIMIT_REDIS_URL"), problems),
    trustedProxyHops: int("PFA_TRUSTED_PROXY_HOPS", 1, 0, 10),
    maxKeys: int("PFA_RATE_LIMIT_MAX_KEYS", 100_000, 1_000, 10_000_000),
  };
  const database: DatabaseConfig = {
    url: databaseUrl,
    statementTimeoutMs: int("PFA_DB_STATEMENT_TIMEOUT_MS", 5_000, 100, 600_000),
    poolMax: int("PFA_DB_POOL_MAX", 5, 1, 100),
    connectTimeoutSeconds: int("PFA_DB_CONNECT_TIMEOUT_SECONDS", 5, 1, 120),
    idleTimeoutSeconds: int("PFA_DB_IDLE_TIMEOUT_SECONDS", 60, 1, 3_600),
    maxPerUser: int("PFA_DB_MAX_PER_USER", 2, 1, 100),
  };

  const logRequestsRaw = value("PFA_LOG_REQUESTS")?.toLowerCase();
  let logRequests = true;
  if (logRequestsRaw !== undefined) {
    if (["true", "1", "on", "yes"].includes(logRequestsRaw)) logRequests = true;
    else if (["false", "0", "off", "no"].includes(logRequestsRaw)) logRequests = false;
    else problems.push(`PFA_LOG_REQUESTS must be true or false, got ${JSON.stringify(logRequestsRaw)}`);
  }

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    supabaseUrl,
    supabaseAnonKey,
    auth: {
      issuer,
      get jwksUrl() {
        return jwksUrl ??= new URL(jwksHref);
      },
      jwks,
      jwtSecret,
    },
    database,
    limits,
    rateLimit,
    logRequests,
  };
}

function redisUrl(raw: string | undefined, problems: string[]): string | undefined {
  if (raw === undefined) return undefined;
  if (!/^rediss?:\/\/[^\s]+$/.test(raw)) {
    problems.push("RATE_LIMIT_REDIS_URL must be a redis:// or rediss:// URL");
    return undefined;
  }
  return raw;
}

function parseJwks(raw: string, problems: string[]): JSONWebKeySet | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    problems.push("SUPABASE_JWKS is not valid JSON");
    return undefined;
  }
  const keys = Array.isArray(parsed) ? parsed : (parsed as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys) || keys.length === 0 || !keys.every((k) => typeof k === "object" && k !== null)) {
    problems.push('SUPABASE_JWKS must be a JWKS object ({"keys":[...]}) or an array of JWKs, with at least one key');
    return undefined;
  }
  return { keys: keys.map(publicPart) as JSONWebKeySet["keys"] };
}

/** Drops private key members, so a signing-keys file can be given as a verification key set safely. */
export function publicPart(jwk: Record<string, unknown>): Record<string, unknown> {
  const { d: _d, p: _p, q: _q, dp: _dp, dq: _dq, qi: _qi, oth: _oth, k: _k, key_ops: _ops, ...rest } = jwk;
  return rest;
}
