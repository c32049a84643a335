/**
 * The per-request cost of the rate limiter (issue 12) on both stores: `take()` alone (memory, a held key and a new key
 * per request; Redis at 127.0.0.1:6379, a held key), and a whole in-process calculation request (POST
 * /v1/analytics/cashflow, one transaction) with the limiter off, in memory, and on Redis. Prints one `BENCH:{json}`
 * line. Redis figures are null when no Redis answers (REDIS_URL overrides the address).
 */
import { createTokenVerifier } from "../supabase/functions/v1/auth/verifier.ts";
import { loadConfig } from "../supabase/functions/v1/config.ts";
import { createFunctionHandler } from "../supabase/functions/v1/function-handler.ts";
import { createRateLimiter, type RateLimiter } from "../supabase/functions/v1/http/rate-limit.ts";
import { Redis } from "ioredis";

const quick = Deno.env.get("BENCH_QUICK") === "1";
const redisUrl = Deno.env.get("REDIS_URL") || "redis://127.0.0.1:6379";
const emit = (data: Record<string, unknown>) =>
  console.error(`BENCH:${JSON.stringify({ event: "ratelimit", ...data })}`);
const round = (x: number) => Math.round(x * 100) / 100;

/** Mean microseconds per call over `n` sequential calls, after `n / 10` warm-ups. */
async function microseconds(n: number, run: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < n / 10; i++) await run(-1 - i);
  const started = performance.now();
  for (let i = 0; i < n; i++) await run(i);
  return round(((performance.now() - started) * 1000) / n);
}

async function redisLimiter(): Promise<RateLimiter | undefined> {
  const limiter = createRateLimiter({ limit: 1e9, windowSeconds: 3600, redisUrl }, () => {});
  const deadline = Date.now() + 3000;
  while (limiter.store !== "redis" && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  if (limiter.store === "redis") return limiter;
  await limiter.close();
  return undefined;
}

const n = quick ? 5_000 : 50_000;
const memory = createRateLimiter({ limit: 1e9, windowSeconds: 3600, maxKeys: 10_000_000 });
const memoryHeld = await microseconds(n, () => memory.take("ip:held"));
const memoryNew = await microseconds(n, (i) => memory.take(`ip:new:${i}`));
const redis = await redisLimiter();
const run = crypto.randomUUID();
const redisHeld = redis ? await microseconds(quick ? 1_000 : 10_000, () => redis.take(`ip:${run}`)) : null;
/** A bare PING on its own connection: the round trip every Redis figure includes (the machine's, not the limiter's). */
async function redisPing(): Promise<number | null> {
  if (!redis) return null;
  const client = new Redis(redisUrl);
  try {
    await client.ping();
    return await microseconds(quick ? 1_000 : 10_000, () => client.ping());
  } finally {
    client.disconnect();
  }
}
const ping = await redisPing();

const body = JSON.stringify({
  currency: "EUR",
  year: 2026,
  transactions: [{ date: "2026-01-05", amount: "2500.00", category: "Salary", kind: "income" }],
});
async function requestCost(env: Record<string, string>): Promise<number> {
  const config = loadConfig({
    SUPABASE_URL: "http://127.0.0.1:54321",
    SUPABASE_JWKS: '{"keys":[{"kty":"EC"}]}',
    ...env,
  });
  const handler = createFunctionHandler({
    config: { ...config, logRequests: false },
    verifier: createTokenVerifier(config),
    accountData: { withUser: () => Promise.reject(new Error("not used")) },
  });
  const post = () =>
    Promise.resolve(handler(
      new Request("http://127.0.0.1/v1/analytics/cashflow", {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "203.0.113.9" },
        body,
      }),
    )).then((r) => r.arrayBuffer());
  // The Redis client loads and connects in the background (memory counts meanwhile): start it, then give it a second.
  await post();
  if (env.RATE_LIMIT_REDIS_URL) await new Promise((r) => setTimeout(r, 1000));
  return await microseconds(quick ? 2_000 : 20_000, post);
}
// A first round warms the whole request path up (JIT), so that "off" is not charged with it.
await requestCost({ PFA_RATE_LIMIT_REQUESTS: "0" });
const off = await requestCost({ PFA_RATE_LIMIT_REQUESTS: "0" });
const inMemory = await requestCost({ PFA_RATE_LIMIT_REQUESTS: "1000000", PFA_RATE_LIMIT_WINDOW_SECONDS: "3600" });
const onRedis = redis
  ? await requestCost({
    PFA_RATE_LIMIT_REQUESTS: "1000000",
    PFA_RATE_LIMIT_WINDOW_SECONDS: "3600",
    RATE_LIMIT_REDIS_URL: redisUrl,
  })
  : null;
await redis?.close();

const what = "mean µs per call, sequential, in process (Deno)";
emit({
  values: {
    rate_limit_memory_us: memoryHeld,
    rate_limit_redis_us: redisHeld,
    rate_limit_request_overhead_memory_us: round(inMemory - off),
    rate_limit_request_overhead_redis_us: onRedis === null ? null : round(onRedis - off),
  },
  measurements: {
    rate_limit_memory_us: {
      method: `take() on the memory store, one held key; ${what}`,
      held: memoryHeld,
      new_key: memoryNew,
      n,
    },
    rate_limit_redis_us: {
      method: `take() on the Redis store (${new URL(redisUrl).host}), one held key; ${what}`,
      held: redisHeld,
      ping,
    },
    rate_limit_request_overhead_memory_us: {
      method:
        `POST /v1/analytics/cashflow (1 transaction) through the function handler: limiter in memory minus limiter off; ${what}`,
      off,
      memory: inMemory,
      redis: onRedis,
    },
  },
});
Deno.exit(0);
