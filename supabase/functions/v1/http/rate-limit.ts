/**
 * The rate limiter: `limit` requests (each request of an MCP batch counts one) per window and key (`user:<sub>` or `ip:<address>`).
 * One store:
 * - in memory (default): per instance, a fixed window per key from its first request (memory-window.ts, the counting
 *   of rate-limiter-flexible's memory store without its CommonJS module, which made Deno load its Node layer at
 *   start-up, about 45 ms of a cold start); keys expire with their window, and at most `maxKeys` keys
 *   are held: past that, a new key makes the oldest one forgotten, so a flood of addresses cannot grow memory. (It
 *   used to put new keys past the bound on one shared `overflow` budget, which a flood of addresses spent, so that
 *   every new client was refused on its first request. Forgetting a key only ever gives its client a fresh budget,
 *   which a flood of fresh addresses has anyway.);
 * - Redis, when `redisUrl` (RATE_LIMIT_REDIS_URL) is set: one budget shared by every instance of a fleet, counted by
 *   rate-limiter-flexible's Redis store (loaded only then, rate-limit-redis.ts). When Redis
 *   is unreachable the in-memory store counts instead (one log line when that starts and when Redis is back): a limiter
 *   outage never takes the API down.
 *
 * Headers follow draft-ietf-httpapi-ratelimit-headers (structured fields):
 * `RateLimit-Policy: "default";q=<limit>;w=<window seconds>` and `RateLimit: "default";r=<remaining>;t=<seconds
 * to reset>`. A refused request also gets `Retry-After: <seconds to reset>`.
 */
import { type WindowCount, windowCounter } from "./memory-window.ts";
import type { RedisStore } from "./rate-limit-redis.ts";

/** What a store answers: the points counted in the key's window so far, and the milliseconds until it ends. */
export type RateLimiterRes = WindowCount;

export interface RateLimitSettings {
  /** Requests allowed per window and key; 0 turns limiting off. */
  readonly limit: number;
  readonly windowSeconds: number;
  /** Keys the in-memory store holds at most (default 100,000). */
  readonly maxKeys?: number;
  /** `redis://` or `rediss://` URL of a Redis shared by the fleet; absent: in memory. */
  readonly redisUrl?: string | undefined;
}

export interface RateLimitDecision {
  readonly allowed: boolean;
  readonly headers: Record<string, string>;
  /** Seconds until the window resets (the `Retry-After` value of a refusal). */
  readonly resetSeconds: number;
}

export interface RateLimiter {
  readonly enabled: boolean;
  /** Which store counts right now: `memory`, `redis`, or `memory (redis unavailable)`. */
  readonly store: string;
  /** Counts `points` requests (default 1) for `key` and says whether they may proceed. */
  take(key: string, points?: number): Promise<RateLimitDecision>;
  /** Closes the Redis connection, if any. */
  close(): Promise<void>;
}

/** The store a limiter counts in: rate-limiter-flexible's `consume`, resolving or rejecting with a RateLimiterRes. */
export interface CountingStore {
  consume(key: string, points: number): Promise<RateLimiterRes>;
}

export type RateLimitLog = (line: Record<string, unknown>) => void;

export const DEFAULT_MAX_KEYS = 100_000;

const consoleLog: RateLimitLog = (line) => console.error(JSON.stringify(line));

/** An in-memory store holding at most `maxKeys` keys; a new key past it makes the oldest one forgotten. */
export function boundedMemoryStore(settings: RateLimitSettings): CountingStore & { readonly size: number } {
  const counter = windowCounter(settings.windowSeconds * 1000, settings.maxKeys ?? DEFAULT_MAX_KEYS);
  return {
    get size() {
      return counter.size;
    },
    consume(key, points) {
      const count = counter.add(key, points);
      return count.consumedPoints > settings.limit ? Promise.reject(count) : Promise.resolve(count);
    },
  };
}

function decision(res: RateLimiterRes, allowed: boolean, limit: number, policy: string): RateLimitDecision {
  const resetSeconds = Math.max(1, Math.ceil(res.msBeforeNext / 1000));
  const remaining = Math.max(0, limit - res.consumedPoints);
  return {
    allowed,
    resetSeconds,
    headers: { "RateLimit-Policy": policy, "RateLimit": `"default";r=${remaining};t=${resetSeconds}` },
  };
}

/** A limiter over `primary`, counting in `fallback` whenever `primary` fails (not when it refuses). */
export function limiterOver(
  settings: RateLimitSettings,
  primary: CountingStore,
  options: { fallback?: CountingStore; storeName?: () => string; close?: () => Promise<void> } = {},
): RateLimiter {
  const policy = `"default";q=${settings.limit};w=${settings.windowSeconds}`;
  const enabled = settings.limit > 0 && settings.windowSeconds > 0;
  const settle = async (store: CountingStore, key: string, points: number) => {
    try {
      return decision(await store.consume(key, points), true, settings.limit, policy);
    } catch (refusal) {
      if (refusal instanceof Error) throw refusal; // the store failed; a refusal is a RateLimiterRes
      return decision(refusal as RateLimiterRes, false, settings.limit, policy);
    }
  };
  return {
    enabled,
    get store() {
      return options.storeName?.() ?? "memory";
    },
    async take(key, points = 1) {
      try {
        return await settle(primary, key, points);
      } catch (error) {
        if (!options.fallback) throw error;
        return await settle(options.fallback, key, points);
      }
    },
    close: options.close ?? (() => Promise.resolve()),
  };
}

/**
 * The limiter the settings ask for. With `redisUrl`, the Redis client (ioredis) is loaded and connects in the
 * background; until it is ready, and whenever it is not, the in-memory store counts.
 */
export function createRateLimiter(settings: RateLimitSettings, log: RateLimitLog = consoleLog): RateLimiter {
  const memory = boundedMemoryStore(settings);
  if (!settings.redisUrl || settings.limit <= 0) return limiterOver(settings, memory);
  let redis: RedisStore | undefined;
  const loading = import("./rate-limit-redis.ts").then(({ redisStore }) => {
    redis = redisStore(settings, settings.redisUrl!, log);
  }).catch((error) => log({ rate_limit_store: "memory", event: "redis client failed to load", reason: String(error) }));
  const notYet = Promise.reject(new Error("the Redis store is not loaded yet"));
  notYet.catch(() => {});
  return limiterOver(settings, { consume: (key, points) => redis ? redis.consume(key, points) : notYet }, {
    fallback: memory,
    storeName: () => redis?.ready ? "redis" : "memory (redis unavailable)",
    close: async () => {
      await loading;
      await redis?.close();
    },
  });
}
