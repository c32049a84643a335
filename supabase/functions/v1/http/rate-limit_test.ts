import assert from "node:assert/strict";
import { clientIp, FixedWindowRateLimiter } from "./rate-limit.ts";

Deno.test("rate limit: allows `limit` requests per window and key, then refuses with the reset time", () => {
  let now = 1_000_000; // 1000 s: a window boundary for a 10 s window
  const limiter = new FixedWindowRateLimiter({ limit: 2, windowSeconds: 10 }, () => now);
  const first = limiter.take("ip:1");
  assert.equal(first.allowed, true);
  assert.equal(first.headers["RateLimit-Policy"], '"default";q=2;w=10');
  assert.equal(first.headers["RateLimit"], '"default";r=1;t=10');
  now += 3_500;
  assert.deepEqual(limiter.take("ip:1").headers["RateLimit"], '"default";r=0;t=7'); // 6.5 s left, rounded up
  const third = limiter.take("ip:1");
  assert.equal(third.allowed, false);
  assert.equal(third.resetSeconds, 7);
  assert.equal(limiter.take("ip:2").allowed, true, "another key has its own window");
  now = 1_010_000; // next window
  assert.equal(limiter.take("ip:1").allowed, true);
});

Deno.test("rate limit: limit 0 means disabled", () => {
  assert.equal(new FixedWindowRateLimiter({ limit: 0, windowSeconds: 60 }).enabled, false);
  assert.equal(new FixedWindowRateLimiter({ limit: 5, windowSeconds: 60 }).enabled, true);
});

Deno.test("rate limit: expired windows are swept once many keys are held", () => {
  let now = 0;
  const limiter = new FixedWindowRateLimiter({ limit: 1, windowSeconds: 1 }, () => now);
  for (let i = 0; i < 10_000; i++) limiter.take(`ip:${i}`);
  now = 5_000;
  limiter.take("ip:new"); // triggers the sweep
  now = 5_100;
  assert.equal(limiter.take("ip:0").allowed, true);
  assert.equal(limiter.take("ip:0").allowed, false);
});

Deno.test("client ip: last X-Forwarded-For hop (the proxy's), then X-Real-IP, then socket, then unknown", () => {
  // the first entries are the client's own claims: a forged first hop must not select the bucket
  assert.equal(clientIp(new Headers({ "x-forwarded-for": "203.0.113.7, 10.0.0.1" })), "10.0.0.1");
  assert.equal(clientIp(new Headers({ "x-forwarded-for": "203.0.113.7" })), "203.0.113.7");
  assert.equal(clientIp(new Headers({ "x-forwarded-for": "198.51.100.9, 203.0.113.7 , " })), "203.0.113.7");
  assert.equal(clientIp(new Headers({ "x-real-ip": "198.51.100.2" })), "198.51.100.2");
  assert.equal(clientIp(new Headers(), "127.0.0.1"), "127.0.0.1");
  assert.equal(clientIp(new Headers()), "unknown");
});
