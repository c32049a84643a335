/**
 * Limits (issue 7, API.md §5): rate limiting answers 429 with `RateLimit-Policy`, `RateLimit` and `Retry-After`,
 * per user and per client IP, on REST and MCP, and refused tokens cannot dodge it; the default body limit (5 MiB)
 * and array/text limits hold exactly at their edges (one over → 413/422, at the limit → 200); page sizes hold;
 * every kind of answer carries the security headers a JSON API needs.
 */
import assert from "node:assert/strict";
import { DEMO_USERS } from "../../scripts/db/demo-data.ts";
import { type AppServer, startApp } from "./helpers/app.ts";
import { type Answer, assertProblemShape, assertSecurityHeaders, assertWellBehaved, read } from "./helpers/checks.ts";
import { type FreshDatabase, freshDatabase } from "./helpers/database.ts";

const LIMIT = 5;
/** Fixed windows align to multiples of the window; a day makes a window change during the test very unlikely. */
const WINDOW = 86_400;

let db: FreshDatabase;
let limited: AppServer;
let app: AppServer; // default limits, rate limiting off

Deno.test.beforeAll(async () => {
  db = await freshDatabase();
  limited = await startApp({
    db,
    env: { PFA_RATE_LIMIT_REQUESTS: String(LIMIT), PFA_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW) },
  });
  app = await startApp({ db });
});
Deno.test.afterAll(async () => {
  await limited?.close();
  await app?.close();
  await db?.drop();
});

const calcBody = JSON.stringify({ currency: "EUR", year: 2026, transactions: [] });

function postCalc(server: AppServer, headers: Record<string, string> = {}, body = calcBody): Promise<Answer> {
  return server.fetch("/v1/analytics/cashflow", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body,
  }).then(read);
}

/** `"default";r=<remaining>;t=<reset>` → [remaining, reset]. */
function rateLimit(answer: Answer): [number, number] {
  const m = /^"default";r=(\d+);t=(\d+)$/.exec(answer.headers.get("ratelimit") ?? "");
  assert.ok(m, `RateLimit header: ${answer.headers.get("ratelimit")}`);
  return [Number(m[1]), Number(m[2])];
}

function assertLimitedAfter(answers: Answer[], what: string): void {
  answers.forEach((a, i) => {
    assert.equal(a.headers.get("ratelimit-policy"), `"default";q=${LIMIT};w=${WINDOW}`, `${what} #${i}`);
    const [remaining, reset] = rateLimit(a);
    assert.ok(reset >= 1 && reset <= WINDOW, `${what} #${i}: reset ${reset}`);
    if (i < LIMIT) {
      assert.ok(a.status < 400, `${what} #${i}: ${a.status} ${a.text.slice(0, 200)}`);
      assert.equal(remaining, LIMIT - i - 1, `${what} #${i}: remaining`);
    } else {
      assertProblemShape(a, 429, `${what} #${i}`);
      assert.equal(remaining, 0, `${what} #${i}: remaining`);
      const retry = Number(a.headers.get("retry-after"));
      assert.ok(retry >= 1 && retry <= WINDOW, `${what}: Retry-After ${retry}`);
    }
  });
}

Deno.test("rate limit: per client IP without a token, per user with one; 429 carries the three headers", async () => {
  const anonymous: Answer[] = [];
  for (let i = 0; i < LIMIT + 2; i++) anonymous.push(await postCalc(limited));
  assertLimitedAfter(anonymous, "anonymous calculation");

  // alice has her own budget, and spends it on account routes and MCP alike
  const alice = await limited.token(DEMO_USERS.alice.id);
  const answers: Answer[] = [];
  for (let i = 0; i < LIMIT + 2; i++) {
    if (i % 2 === 0) {
      answers.push(
        await limited.fetch("/v1/me/goals/progress", { headers: { Authorization: `Bearer ${alice}` } }).then(read),
      );
    } else {
      answers.push(
        await limited.fetch("/v1/mcp", {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            Accept: "application/json, text/event-stream",
            Authorization: `Bearer ${alice}`,
          },
          body: JSON.stringify({ jsonrpc: "2.0", id: i, method: "tools/call", params: { name: "get_goal_progress" } }),
        }).then(read),
      );
    }
  }
  assertLimitedAfter(answers, "alice (REST and MCP)");

  // bob is not affected by alice
  const bob = await limited.token(DEMO_USERS.bob.id);
  const bobs = await limited.fetch("/v1/me/goals/progress", { headers: { Authorization: `Bearer ${bob}` } }).then(read);
  assert.equal(bobs.status, 200, bobs.text);
  assert.equal(rateLimit(bobs)[0], LIMIT - 1);
});

Deno.test("rate limit: refused tokens count against the client IP, so garbage tokens cannot dodge it", async () => {
  const server = await startApp({
    db,
    env: { PFA_RATE_LIMIT_REQUESTS: String(LIMIT), PFA_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW) },
  });
  try {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      const a = await server.fetch("/v1/me/goals/progress", { headers: { Authorization: `Bearer x.y.${i}` } })
        .then(read);
      statuses.push(a.status);
      assertWellBehaved(a, server.secrets, "", "garbage token");
    }
    assert.deepEqual(statuses, [...Array(LIMIT).fill(401), 429, 429]);
  } finally {
    await server.close();
  }
});

Deno.test("rate limit: a client cannot escape its IP budget by forging X-Forwarded-For entries", async () => {
  const server = await startApp({
    db,
    env: { PFA_RATE_LIMIT_REQUESTS: String(LIMIT), PFA_RATE_LIMIT_WINDOW_SECONDS: String(WINDOW) },
  });
  try {
    // The proxy in front (here: none, so the socket address) is the last hop; whatever the client put first is not
    // an address anybody vouched for.
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++) {
      const forged = `203.0.113.${i}`;
      const a = await postCalc(server, { "X-Forwarded-For": `${forged}, 198.51.100.1` });
      statuses.push(a.status);
    }
    assert.deepEqual(statuses, [...Array(LIMIT).fill(200), 429, 429], "forged first hops share the real last hop");
    const other = await postCalc(server, { "X-Forwarded-For": "203.0.113.1, 198.51.100.2" });
    assert.equal(other.status, 200, "a different last hop is a different client");
  } finally {
    await server.close();
  }
});

Deno.test("body limit: 5 MiB + 1 byte → 413 (declared and streamed); a body just under it is read", async () => {
  const limit = app.config.limits.maxBodyBytes;
  assert.equal(limit, 5 * 1024 * 1024, "the API.md default");
  const prefix = '{"currency":"EUR","year":2026,"transactions":[],"pad":"';
  const fill = (size: number) => prefix + "x".repeat(size - prefix.length - 2) + '"}';
  const over = await postCalc(app, {}, fill(limit + 1));
  assertProblemShape(over, 413, "5 MiB + 1");
  const under = await postCalc(app, {}, fill(limit));
  // read in full: refused for its unknown field, not for its size
  assertProblemShape(under, 422, "exactly 5 MiB");
  assert.equal(under.json.errors[0].code, "unknown_field");
  // streamed without Content-Length: the server counts the bytes and stops reading
  const chunk = new TextEncoder().encode(" ".repeat(256 * 1024));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent > limit * 8) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  const streamed = await app.fetch("/v1/analytics/cashflow", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: stream,
  }).then(read);
  assertProblemShape(streamed, 413, "streamed past the limit");
  assert.ok(sent < limit * 8, `the server stopped reading (${sent} bytes sent)`);
  const mcpOver = await app.fetch("/v1/mcp", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
    body: fill(limit + 10),
  }).then(read);
  assertProblemShape(mcpOver, 413, "MCP over the body limit");
});

Deno.test("array and text limits: one over → 422 too_many_items/too_long, at the limit → 200 (REST and MCP)", async () => {
  const tx = (n: number) => Array.from({ length: n }, () => ({ date: "2026-01-01", amount: "-1.00" }));
  const goal = (n: number) => ({
    name: "G",
    currency: "EUR",
    target_amount: "1.00",
    contributions: Array.from({ length: n }, () => ({ date: "2026-01-01", amount: "0.01" })),
  });
  const cases: [string, string, unknown, unknown, string][] = [
    [
      "transactions",
      "/v1/analytics/cashflow",
      { currency: "EUR", year: 2026, transactions: tx(50_000) },
      { currency: "EUR", year: 2026, transactions: tx(50_001) },
      "/transactions",
    ],
    [
      "budgets",
      "/v1/budget/summary",
      {
        currency: "EUR",
        year: 2026,
        month: 1,
        budgets: Array.from({ length: 1000 }, (_, i) => ({ category: `c${i}`, amount: "1" })),
        transactions: [],
      },
      {
        currency: "EUR",
        year: 2026,
        month: 1,
        budgets: Array.from({ length: 1001 }, (_, i) => ({ category: `c${i}`, amount: "1" })),
        transactions: [],
      },
      "/budgets",
    ],
    [
      "goals",
      "/v1/goals/progress",
      { as_of: "2026-06-30", goals: Array.from({ length: 1000 }, () => goal(0)) },
      { as_of: "2026-06-30", goals: Array.from({ length: 1001 }, () => goal(0)) },
      "/goals",
    ],
    [
      "contributions",
      "/v1/goals/progress",
      { as_of: "2026-06-30", goals: [goal(10_000)] },
      { as_of: "2026-06-30", goals: [goal(10_001)] },
      "/goals/0/contributions",
    ],
    [
      "text",
      "/v1/analytics/spending-by-category",
      { currency: "EUR", transactions: [{ date: "2026-01-01", amount: "-1", category: "é".repeat(200) }] },
      { currency: "EUR", transactions: [{ date: "2026-01-01", amount: "-1", category: "é".repeat(201) }] },
      "/transactions/0/category",
    ],
    [
      // characters are code points: 200 emoji (400 UTF-16 units) are 200 characters
      "text beyond the BMP",
      "/v1/analytics/spending-by-category",
      { currency: "EUR", transactions: [{ date: "2026-01-01", amount: "-1", description: "😀".repeat(200) }] },
      { currency: "EUR", transactions: [{ date: "2026-01-01", amount: "-1", description: "😀".repeat(201) }] },
      "/transactions/0/description",
    ],
  ];
  for (const [what, path, atLimit, overLimit, pointer] of cases) {
    const ok = await app.fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(atLimit),
    }).then(read);
    assert.equal(ok.status, 200, `${what} at the limit: ${ok.text.slice(0, 300)}`);
    const over = await app.fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(overLimit),
    }).then(read);
    const p = assertProblemShape(over, 422, `${what} over the limit`);
    assert.ok(
      p.errors.some((e: { pointer: string; code: string }) =>
        e.pointer === pointer && ["too_many_items", "too_long"].includes(e.code)
      ),
      `${what}: ${over.text.slice(0, 400)}`,
    );
  }
  // the same limit through MCP
  const mcp = await app.fetch("/v1/mcp", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "tools/call",
      params: { name: "calculate_cashflow", arguments: { currency: "EUR", year: 2026, transactions: tx(50_001) } },
    }),
  }).then(read);
  assert.equal(mcp.json.result.isError, true, mcp.text.slice(0, 300));
  const problem = JSON.parse(mcp.json.result.content[0].text);
  assert.equal(problem.status, 422);
  assert.ok(problem.errors.some((e: { code: string }) => e.code === "too_many_items"));
});

Deno.test("page size: limit 1–200 (201 and 0 → 422)", async () => {
  const token = await app.token(DEMO_USERS.alice.id);
  const get = (q: string) =>
    app.fetch(`/v1/me/statements/transactions?${q}`, { headers: { Authorization: `Bearer ${token}` } }).then(read);
  const max = await get("limit=200");
  assert.equal(max.status, 200);
  assert.equal(max.json.data.length, 200, "alice has more than 200 transactions");
  for (const q of ["limit=201", "limit=0", "limit=-1", "limit=1e2", "limit=50.0"]) {
    assertProblemShape(await get(q), 422, q);
  }
});

Deno.test("security headers on every kind of answer: JSON, problem, 304, preflight, HTML reference", async () => {
  const token = await app.token(DEMO_USERS.alice.id);
  const auth = { Authorization: `Bearer ${token}` };
  const first = await app.fetch("/v1/me/goals/progress", { headers: auth }).then(read);
  const answers: [string, Answer][] = [
    ["health", await app.fetch("/v1/health").then(read)],
    ["calculation", await postCalc(app)],
    ["account", first],
    [
      "304",
      await app.fetch("/v1/me/goals/progress", {
        headers: { ...auth, "If-None-Match": first.headers.get("etag")! },
      }).then(read),
    ],
    ["problem", await app.fetch("/v1/nope").then(read)],
    ["401", await app.fetch("/v1/me/goals/progress").then(read)],
    [
      "preflight",
      await app.fetch("/v1/analytics/cashflow", {
        method: "OPTIONS",
        headers: { Origin: "https://app.example.com", "Access-Control-Request-Method": "POST" },
      }).then(read),
    ],
    ["openapi", await app.fetch("/v1/openapi.json").then(read)],
  ];
  assert.equal(answers[3]![1].status, 304);
  for (const [what, answer] of answers) {
    assertSecurityHeaders(answer, what);
    assert.equal(answer.headers.get("access-control-allow-credentials"), null, `${what}: no credentials mode`);
  }
  // account data must never sit in a shared cache; problems and calculations are not cached at all
  assert.equal(first.headers.get("cache-control"), "private, no-cache");
  assert.equal(first.headers.get("vary"), "Authorization");
  assert.equal(answers[1]![1].headers.get("cache-control"), "no-store");
  assert.equal(answers[4]![1].headers.get("cache-control"), "no-store");
  const docs = await app.fetch("/v1/docs").then(read);
  assert.match(docs.headers.get("content-security-policy") ?? "", /default-src 'none'/);
  assert.match(docs.headers.get("content-security-policy") ?? "", /frame-ancestors 'none'/);
  assert.equal(docs.headers.get("x-content-type-options"), "nosniff");
  // The reference page runs Scalar's bundle from this origin and its own inline script, allowed by hash: nothing else.
  assert.match(docs.headers.get("content-security-policy") ?? "", /script-src 'self' 'sha256-[A-Za-z0-9+/=]+'(;|$)/);
  assert.deepEqual([...docs.text.matchAll(/<script([^>]*)>/gi)].map((m) => m[1]), [' src="docs/scalar.js"', ""]);
});

/** Sends raw bytes on a fresh TCP connection; returns the status line, or null when nothing came within `waitMs`. */
async function raw(request: string, waitMs = 5000): Promise<string | null> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port: Number(new URL(app.origin).port) });
  try {
    await conn.write(new TextEncoder().encode(request));
    const buffer = new Uint8Array(4096);
    const timer = setTimeout(() => conn.close(), waitMs);
    try {
      const n = await conn.read(buffer);
      return n === null ? null : new TextDecoder().decode(buffer.subarray(0, n)).split("\r\n")[0]!;
    } catch {
      return null;
    } finally {
      clearTimeout(timer);
    }
  } finally {
    try {
      conn.close();
    } catch { /* closed by the timer */ }
  }
}

Deno.test("raw HTTP oddities: huge or many headers, smuggling, garbage → 4xx from the runtime; a stalled body blocks nobody", async () => {
  const cases: [string, string, RegExp][] = [
    [
      "100 KB header",
      `GET /v1/health HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(100_000)}\r\n\r\n`,
      /^HTTP\/1\.1 4\d\d/,
    ],
    [
      "500 headers",
      `GET /v1/health HTTP/1.1\r\nHost: x\r\n${
        Array.from({ length: 500 }, (_, i) => `X-H${i}: v`).join("\r\n")
      }\r\n\r\n`,
      /^HTTP\/1\.1 4\d\d/,
    ],
    [
      "Content-Length with Transfer-Encoding (smuggling)",
      "POST /v1/analytics/cashflow HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\n" +
      "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n",
      /^HTTP\/1\.1 400/,
    ],
    ["negative Content-Length", "GET /v1/health HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n", /^HTTP\/1\.1 400/],
    ["garbage request line", "GARBAGE\r\n\r\n", /^HTTP\/1\.1 400/],
    ["bad percent-encoding", "GET /v1/%ZZ HTTP/1.1\r\nHost: x\r\n\r\n", /^HTTP\/1\.1 404/],
    ["absolute-form target", "GET http://evil.example/v1/health HTTP/1.1\r\nHost: x\r\n\r\n", /^HTTP\/1\.1 200/],
  ];
  for (const [what, request, expected] of cases) {
    const status = await raw(request);
    assert.match(status ?? "(no answer)", expected, what);
  }
  // a client that announces 100 bytes and sends 5 holds only its own request: others are served meanwhile
  const stalled = raw(
    'POST /v1/analytics/cashflow HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"cur',
    3000,
  );
  const meanwhile = await app.fetch("/v1/health").then(read);
  assert.equal(meanwhile.status, 200);
  assert.equal(await stalled, null, "the stalled request is still waiting for its body");
  assert.equal((await app.fetch("/v1/health").then(read)).status, 200);
});
