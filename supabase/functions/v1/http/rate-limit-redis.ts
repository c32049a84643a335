/**
 * The Redis store of the rate limiter (RATE_LIMIT_REDIS_URL): rate-limiter-flexible's RateLimiterRedis over ioredis,
 * one atomic increment per request, keys expiring with their window. Built not to wait for Redis: no offline queue
 * (a command while disconnected fails at once), one try per command, a short connect timeout, and reconnection in the
 * background. The limiter (rate-limit.ts) counts in memory whenever this store fails. One log line when Redis becomes
 * unreachable and one when it is back; never its URL (which may carry a password).
 */
import { Redis } from "ioredis";
import { RateLimiterRedis } from "rate-limiter-flexible";
import type { CountingStore, RateLimitLog, RateLimitSettings } from "./rate-limit.ts";

export interface RedisStore extends CountingStore {
  /** Whether the connection is ready (commands go to Redis). */
  readonly ready: boolean;
  close(): Promise<void>;
}

export function redisStore(settings: RateLimitSettings, url: string, log: RateLimitLog): RedisStore {
  const client = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: 500,
    // Reconnect every 0.1–2 s, for as long as it takes.
    retryStrategy: (times) => Math.min(100 * times, 2_000),
  });
  let up: boolean | undefined;
  const report = (now: boolean, reason?: string) => {
    if (up === now) return;
    up = now;
    log(
      now
        ? { rate_limit_store: "redis", event: "connected" }
        : { rate_limit_store: "memory", event: "redis unavailable; counting in memory", reason },
    );
  };
  client.on("ready", () => report(true));
  client.on("error", (error: Error) => report(false, (error as { code?: string }).code ?? error.message));
  client.on("end", () => report(false, "connection ended"));
  client.on("close", () => {
    if (up) report(false, "connection closed");
  });
  const limiter = new RateLimiterRedis({
    storeClient: client,
    points: settings.limit,
    duration: settings.windowSeconds,
    keyPrefix: "pfa-rl",
    rejectIfRedisNotReady: true,
  });
  return {
    get ready() {
      return client.status === "ready";
    },
    consume: (key, points) => limiter.consume(key, points),
    close: async () => {
      client.disconnect();
      await Promise.resolve();
    },
  };
}
