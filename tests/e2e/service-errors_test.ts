/**
 * The failure statuses that need a special server, over real HTTP: 429 (a small rate limit), 503 (a database
 * nobody listens on, through the production wiring), 500 (an operation that throws), plus the headers every
 * response carries (request id, CORS, security headers).
 */
import assert from "node:assert/strict";
import { createOperations, type Operation } from "@pfa/core";
import { USER_A, USER_B } from "./fixtures.ts";
import { assertProblem, type Harness, startHarness } from "./harness.ts";

let limited: Harness;
let unreachable: Harness;
let faulty: Harness;

const SECRET = "canary-internal-detail-7f3a";

Deno.test.beforeAll(async () => {
  limited = await startHarness({
    database: "none",
    env: { PFA_RATE_LIMIT_REQUESTS: "3", PFA_RATE_LIMIT_WINDOW_SECONDS: "3600" },
  });
  unreachable = await startHarness({ database: "unreachable" });
  const real = createOperations().list;
  const cashflow = real.find((op) => op.name === "calculate_cashflow")!;
  const broken = {
    ...cashflow,
    run() {
      throw new Error(SECRET);
    },
  } as Operation;
  faulty = await startHarness({
    database: "none",
    operations: real.map((op) => op.name === "calculate_cashflow" ? broken : op),
  });
});
Deno.test.afterAll(async () => {
  await limited?.close();
  await unreachable?.close();
  await faulty?.close();
});

const body = JSON.stringify({ currency: "EUR", year: 2026, transactions: [] });
const json = { "Content-Type": "application/json" };

Deno.test("429 after the limit, per client IP and per user, with Retry-After and RateLimit headers", async () => {
  const call = (headers: Record<string, string>) =>
    limited.fetch("/v1/analytics/cashflow", { method: "POST", headers: { ...json, ...headers }, body });
  const ip = { "X-Forwarded-For": "198.51.100.7, 10.0.0.1" };
  for (let remaining = 2; remaining >= 0; remaining--) {
    const response = await call(ip);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("ratelimit-policy"), '"default";q=3;w=3600');
    assert.match(response.headers.get("ratelimit")!, new RegExp(`^"default";r=${remaining};t=\\d+$`));
    await response.body?.cancel();
  }
  const refused = await call(ip);
  const retryAfter = Number(refused.headers.get("retry-after"));
  assert.ok(retryAfter >= 1 && retryAfter <= 3600, `Retry-After ${retryAfter}`);
  assert.match(refused.headers.get("ratelimit")!, /^"default";r=0;t=\d+$/);
  await assertProblem(refused, 429, "rate_limited");

  const otherIp = await call({ "X-Forwarded-For": "198.51.100.8" });
  assert.equal(otherIp.status, 200, "another client IP has its own window");
  await otherIp.body?.cancel();

  // A signed-in user is counted by `sub`, not by address: the exhausted IP still gets through with a token.
  const tokenA = await limited.token(USER_A);
  const asUser = await call({ ...ip, Authorization: `Bearer ${tokenA}` });
  assert.equal(asUser.status, 200);
  await asUser.body?.cancel();
  for (let i = 0; i < 2; i++) await (await call({ Authorization: `Bearer ${tokenA}` })).body?.cancel();
  await assertProblem(await call({ Authorization: `Bearer ${tokenA}` }), 429, "rate_limited");
  const tokenB = await limited.token(USER_B);
  const userB = await call({ Authorization: `Bearer ${tokenB}` });
  assert.equal(userB.status, 200, "each user has their own window");
  await userB.body?.cancel();

  const health = await limited.fetch("/v1/health", { headers: ip });
  assert.equal(health.status, 200, "service routes are not limited");
  await health.body?.cancel();
});

Deno.test("503 with Retry-After when the database cannot be reached; calculations still work", async () => {
  const token = await unreachable.token(USER_A);
  const response = await unreachable.fetch("/v1/me/goals/progress", { headers: { Authorization: `Bearer ${token}` } });
  assert.ok(Number(response.headers.get("retry-after")) >= 1);
  const problem = await assertProblem(response, 503, "service_unavailable");
  // `type` is the public project URL (SUPABASE_URL, 127.0.0.1:54321 in this harness), checked by assertProblem;
  // nothing else may name the database's address or driver.
  const { type: _type, ...rest } = problem;
  assert.doesNotMatch(JSON.stringify(rest), /127\.0\.0\.1|nobody|ECONNREFUSED|postgres/i);
  assert.doesNotMatch(JSON.stringify(problem), /:9\/|nobody|ECONNREFUSED|postgres/i);
  const health = await unreachable.fetch("/v1/health");
  assert.equal(health.status, 200, "health never touches the database");
  await health.body?.cancel();
  const calc = await unreachable.fetch("/v1/analytics/cashflow", { method: "POST", headers: json, body });
  assert.equal(calc.status, 200);
  await calc.body?.cancel();
});

Deno.test("500 for an unexpected failure, without internals", async () => {
  const response = await faulty.fetch("/v1/analytics/cashflow", { method: "POST", headers: json, body });
  const problem = await assertProblem(response, 500, "internal_error");
  assert.ok(!JSON.stringify(problem).includes(SECRET));
  assert.ok(!problem.detail.includes("Error"));
});

Deno.test("X-Request-Id: echoed when sane, generated otherwise, on success and failure alike", async () => {
  const echoed = await faulty.fetch("/v1/health", { headers: { "X-Request-Id": "client-req-123" } });
  assert.equal(echoed.headers.get("x-request-id"), "client-req-123");
  await echoed.body?.cancel();
  const replaced = await faulty.fetch("/v1/nope", { headers: { "X-Request-Id": "bad id with spaces" } });
  assert.match(
    replaced.headers.get("x-request-id")!,
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );
  await assertProblem(replaced, 404, "not_found");
});

Deno.test("security headers on JSON, problems and the docs page", async () => {
  for (const path of ["/v1/health", "/v1/nope", "/v1/docs"]) {
    const response = await faulty.fetch(path);
    await response.body?.cancel();
    assert.equal(response.headers.get("x-content-type-options"), "nosniff", path);
    assert.equal(response.headers.get("referrer-policy"), "no-referrer", path);
    const csp = response.headers.get("content-security-policy")!;
    assert.match(csp, /default-src 'none'/, path);
    assert.match(csp, /frame-ancestors 'none'/, path);
  }
});

Deno.test("CORS: preflight from a browser app, and exposed headers on the real response", async () => {
  const preflight = await faulty.fetch("/v1/me/statements/transactions", {
    method: "OPTIONS",
    headers: {
      Origin: "https://app.example",
      "Access-Control-Request-Method": "GET",
      "Access-Control-Request-Headers": "authorization, if-none-match",
    },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get("access-control-allow-origin"), "*");
  assert.match(preflight.headers.get("access-control-allow-methods")!, /GET/);
  const allowed = preflight.headers.get("access-control-allow-headers")!.toLowerCase();
  for (const h of ["authorization", "content-type", "apikey", "x-client-info", "if-none-match"]) {
    assert.ok(allowed.includes(h), h);
  }
  assert.ok(preflight.headers.get("x-request-id"));
  await preflight.body?.cancel();
  const response = await faulty.fetch("/v1/me/goals/progress", { headers: { Origin: "https://app.example" } });
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  const exposed = response.headers.get("access-control-expose-headers")!.split(",").map((h) => h.trim().toLowerCase());
  for (const h of ["etag", "x-request-id", "ratelimit", "ratelimit-policy", "link", "retry-after"]) {
    assert.ok(exposed.includes(h), h);
  }
  await assertProblem(response, 401, "unauthorized"); // CORS headers on errors too, so browsers can read them
});

Deno.test("HEAD answers like GET without a body; OPTIONS without CORS lists the methods", async () => {
  const head = await faulty.fetch("/v1/health", { method: "HEAD" });
  assert.equal(head.status, 200);
  assert.equal(await head.text(), "");
  const get = await faulty.fetch("/v1/health");
  assert.equal(head.headers.get("content-length"), String((await get.arrayBuffer()).byteLength), "GET's length");
  const options = await faulty.fetch("/v1/analytics/cashflow", { method: "OPTIONS" });
  assert.equal(options.status, 204);
  assert.equal(options.headers.get("allow"), "POST, OPTIONS");
  await options.body?.cancel();
});
