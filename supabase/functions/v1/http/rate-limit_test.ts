import assert from "node:assert/strict";
import { boundedMemoryStore, type CountingStore, createRateLimiter, limiterOver } from "./rate-limit.ts";

Deno.test("rate limit: `limit` requests per window and key, then refused with the reset time and the headers", async () => {
  const limiter = createRateLimiter({ limit: 2, windowSeconds: 10 });
  const first = await limiter.take("ip:1");
  assert.equal(first.allowed, true);
  assert.equal(first.headers["RateLimit-Policy"], '"default";q=2;w=10');
  assert.equal(first.headers["RateLimit"], '"default";r=1;t=10');
  assert.equal((await limiter.take("ip:1")).headers["RateLimit"], '"default";r=0;t=10');
  const third = await limiter.take("ip:1");
  assert.equal(third.allowed, false);
  assert.ok(third.resetSeconds >= 9 && third.resetSeconds <= 10, String(third.resetSeconds));
  assert.equal((await limiter.take("ip:2")).allowed, true, "another key has its own budget");
  assert.equal(limiter.store, "memory");
});

Deno.test("rate limit: points count several requests at once (an MCP batch's tool calls)", async () => {
  const limiter = createRateLimiter({ limit: 5, windowSeconds: 60 });
  assert.equal((await limiter.take("user:a", 4)).allowed, true);
  assert.equal((await limiter.take("user:a", 2)).allowed, false);
  assert.equal((await limiter.take("user:b", 6)).allowed, false, "a batch larger than the limit is refused whole");
});

Deno.test("rate limit: limit 0 means disabled", () => {
  assert.equal(createRateLimiter({ limit: 0, windowSeconds: 60 }).enabled, false);
  assert.equal(createRateLimiter({ limit: 5, windowSeconds: 60 }).enabled, true);
});

Deno.test("rate limit: the memory store holds at most maxKeys keys; past it the oldest is forgotten, no one locked out", async () => {
  const store = boundedMemoryStore({ limit: 2, windowSeconds: 60, maxKeys: 1000 });
  const limiter = limiterOver({ limit: 2, windowSeconds: 60 }, store);
  // A client that spent its budget, then a flood of 5,000 fresh addresses (the audit's attack, at 1/100 the scale).
  await limiter.take("ip:spent");
  await limiter.take("ip:spent");
  assert.equal((await limiter.take("ip:spent")).allowed, false);
  for (let i = 0; i < 5000; i++) await limiter.take(`ip:${i}`);
  assert.equal(store.size, 1000, "never more than maxKeys keys"); // fails if rate-limiter-flexible moves its map
  // Before: the keys past the bound shared one `overflow` budget, and a brand-new client got 429 at once.
  const fresh = await limiter.take("ip:fresh");
  assert.equal(fresh.allowed, true, "a new client gets its own budget");
  assert.match(fresh.headers.RateLimit!, /r=1;/);
  assert.equal(store.size, 1000);
  // The most recent keys keep their counts: ip:4999 has used one of its two.
  assert.equal((await limiter.take("ip:4999")).allowed, true);
  assert.equal((await limiter.take("ip:4999")).allowed, false, "a held key keeps its own count");
  // The oldest were forgotten: the client that had spent its budget gets a fresh one (what a new address gets).
  assert.equal((await limiter.take("ip:spent")).allowed, true);
});

Deno.test("rate limit: each key expires with its window, so memory is given back without a sweep", async () => {
  const store = boundedMemoryStore({ limit: 1, windowSeconds: 1, maxKeys: 200_000 });
  for (let i = 0; i < 20_000; i++) await store.consume(`ip:${i}`, 1);
  assert.equal(store.size, 20_000);
  await new Promise((r) => setTimeout(r, 1_100));
  assert.equal(store.size, 0, "memory is given back when the windows end");
});

Deno.test("rate limit: a failing store is replaced by the fallback for that request; a refusal is not a failure", async () => {
  let failing = true;
  const memory = boundedMemoryStore({ limit: 1, windowSeconds: 60 });
  const flaky: CountingStore = {
    consume: (key, points) => failing ? Promise.reject(new Error("ECONNREFUSED")) : memory.consume(`p:${key}`, points),
  };
  const fallback = boundedMemoryStore({ limit: 1, windowSeconds: 60 });
  const limiter = limiterOver({ limit: 1, windowSeconds: 60 }, flaky, { fallback });
  assert.equal((await limiter.take("ip:1")).allowed, true);
  assert.equal((await limiter.take("ip:1")).allowed, false, "the fallback counts: its budget is spent");
  failing = false;
  assert.equal((await limiter.take("ip:1")).allowed, true, "the primary counts again, from its own state");
  assert.equal((await limiter.take("ip:1")).allowed, false);
  await assert.rejects(
    limiterOver({ limit: 1, windowSeconds: 60 }, { consume: () => Promise.reject(new Error("x")) })
      .take("ip:1"),
  );
});
