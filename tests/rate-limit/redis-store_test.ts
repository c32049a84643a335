/**
 * The rate limiter's Redis store (RATE_LIMIT_REDIS_URL) against the Redis at 127.0.0.1:6379 (REDIS_URL overrides),
 * through a TCP proxy the test controls so that Redis can go away mid-test: two limiters (two instances of a fleet)
 * share one budget; while Redis is unreachable every request is still answered, counted in memory, with one log line;
 * when it is back the shared budget counts again. Skipped, with a visible message, when no Redis answers.
 */
import assert from "node:assert/strict";
import { createRateLimiter, type RateLimiter } from "../../supabase/functions/v1/http/rate-limit.ts";
import { startTcpProxy } from "../reliability/helpers/tcp-proxy.ts";

const REDIS = new URL(Deno.env.get("REDIS_URL") || "redis://127.0.0.1:6379");

async function redisAnswers(): Promise<boolean> {
  try {
    const conn = await Deno.connect({ hostname: REDIS.hostname, port: Number(REDIS.port || 6379) });
    await conn.write(new TextEncoder().encode("PING\r\n"));
    const buffer = new Uint8Array(16);
    const n = await Promise.race([conn.read(buffer), new Promise<null>((r) => setTimeout(() => r(null), 1000))]);
    conn.close();
    return n !== null && new TextDecoder().decode(buffer.subarray(0, n ?? 0)).startsWith("+PONG");
  } catch {
    return false;
  }
}

const available = await redisAnswers();
if (!available) console.warn(`[skipped] rate limiter Redis store: no Redis answers at ${REDIS.host} (set REDIS_URL)`);

async function until(what: string, check: () => boolean, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

Deno.test({
  name: "redis store: two instances share one budget; Redis going away mid-test falls back to memory, then recovers",
  ignore: !available,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const proxy = startTcpProxy({ hostname: REDIS.hostname, port: Number(REDIS.port || 6379) });
    const lines: Record<string, unknown>[] = [];
    const log = (line: Record<string, unknown>) => void lines.push(line);
    const url = `redis://127.0.0.1:${proxy.port}`;
    // A fresh key space per run: the budget is 5 per hour, so no window ends during the test.
    const run = crypto.randomUUID();
    const settings = { limit: 5, windowSeconds: 3600, redisUrl: url };
    const a: RateLimiter = createRateLimiter(settings, log);
    const b: RateLimiter = createRateLimiter(settings, log);
    try {
      await until("both instances use Redis", () => a.store === "redis" && b.store === "redis");
      const key = `ip:${run}`;
      const allowed = [];
      for (const limiter of [a, b, a, b, a, b, a]) allowed.push((await limiter.take(key)).allowed);
      assert.deepEqual(allowed, [true, true, true, true, true, false, false], "one budget of 5 across both");
      const refused = await b.take(key);
      assert.match(refused.headers["RateLimit"] ?? "", /^"default";r=0;t=\d+$/);
      assert.ok(refused.resetSeconds > 3500);

      // Redis goes away: every request is still answered, counted in memory (a budget of its own per instance).
      await proxy.setMode("refuse");
      await until("the instances notice", () => a.store !== "redis" && b.store !== "redis");
      const fresh = `ip:${run}:outage`;
      const during = [];
      for (let i = 0; i < 7; i++) during.push((await a.take(fresh)).allowed);
      assert.deepEqual(during, [true, true, true, true, true, false, false], "the memory store enforces the limit");
      assert.equal(a.store, "memory (redis unavailable)");
      assert.ok(
        lines.some((l) => l.event === "redis unavailable; counting in memory"),
        `a log line says so: ${JSON.stringify(lines)}`,
      );
      assert.ok(!JSON.stringify(lines).includes(url), "the log never carries the Redis URL");

      // Redis is back: the shared budget counts again (the key spent before the outage is still spent).
      await proxy.setMode("up");
      await until("the instances reconnect", () => a.store === "redis" && b.store === "redis", 15_000);
      assert.equal((await a.take(key)).allowed, false);
      assert.equal((await b.take(`ip:${run}:after`)).allowed, true);
      assert.ok(lines.some((l) => l.event === "connected"));
    } finally {
      await a.close();
      await b.close();
      await proxy.close();
    }
  },
});

Deno.test({
  name: "redis store: an unreachable RATE_LIMIT_REDIS_URL from the start never fails a request",
  ignore: false,
  sanitizeResources: false,
  sanitizeOps: false,
  async fn() {
    const lines: Record<string, unknown>[] = [];
    const limiter = createRateLimiter(
      { limit: 2, windowSeconds: 60, redisUrl: "redis://127.0.0.1:1" },
      (line) => void lines.push(line),
    );
    try {
      const answers = [];
      for (let i = 0; i < 3; i++) answers.push((await limiter.take("ip:x")).allowed);
      assert.deepEqual(answers, [true, true, false]);
      await until("the outage is logged", () => lines.length > 0, 5_000);
      assert.equal(lines[0]!.event, "redis unavailable; counting in memory");
    } finally {
      await limiter.close();
    }
  },
});
