/**
 * `app.request` tests of the HTTP layer with small stand-in operations, so each behaviour is checked in
 * isolation (the real registry, tokens and database are covered end to end in tests/e2e/). Expected values are
 * worked by hand.
 */
import assert from "node:assert/strict";
import {
  type AccountContext,
  type AccountOperation,
  type CalculationOperation,
  type Operation,
  ValidationError,
} from "@pfa/core";
import { z } from "zod";
import { createApp } from "./app.ts";
import { AuthError } from "./auth/errors.ts";
import type { RequestLogEntry } from "./http/request-log.ts";

const SUB_A = "11111111-1111-4111-8111-111111111111";
const SUB_B = "22222222-2222-4222-8222-222222222222";

const sum: CalculationOperation = {
  kind: "calculation",
  name: "calculate_sum",
  method: "post",
  path: "/v1/test/sum",
  summary: "Sums integers",
  description: "Adds `values`; a total above 100 is refused by run() itself.",
  tag: "Calculations",
  input: z.strictObject({ values: z.array(z.int()).max(3) }),
  output: z.object({ total: z.int() }),
  run(input: { values: number[] }) {
    const total = input.values.reduce((a, b) => a + b, 0);
    if (total > 100) throw new ValidationError([{ pointer: "/values", code: "out_of_range", message: "too big" }]);
    return { total };
  },
} as unknown as CalculationOperation;

const boom: CalculationOperation = {
  ...sum,
  name: "calculate_boom",
  path: "/v1/test/boom",
  run() {
    throw new Error("secret internal detail: password=hunter2");
  },
} as unknown as CalculationOperation;

const letters: AccountOperation = {
  kind: "account",
  name: "list_letters",
  method: "get",
  path: "/v1/me/test/letters",
  summary: "Lists letters",
  description: "A page of letters.",
  tag: "Account",
  input: z.strictObject({
    limit: z.coerce.number().int().min(1).max(3).default(2),
    cursor: z.string().optional(),
  }),
  output: z.object({ data: z.array(z.string()), next_cursor: z.string().nullable() }),
  async run(input: { limit: number; cursor?: string }, ctx: AccountContext) {
    const all = (await ctx.data.profile())!.timezone.split("");
    const start = input.cursor ? Number(input.cursor) : 0;
    const data = all.slice(start, start + input.limit);
    const next = start + input.limit < all.length ? String(start + input.limit) : null;
    return { data, next_cursor: next };
  },
} as unknown as AccountOperation;

const operations: Operation[] = [sum, boom, letters];

/** Tokens are `Bearer ok-<sub>`; anything else is refused like the real verifier would. */
const verifier = {
  verify(header: string | null) {
    if (!header) return Promise.reject(new AuthError("missing_token", "No bearer token was sent."));
    const token = header.replace(/^Bearer /, "");
    if (!token.startsWith("ok-")) return Promise.reject(new AuthError("bad_signature", "Bad signature."));
    const sub = token.slice(3);
    return Promise.resolve({ sub, claims: { sub }, token });
  },
};

let databaseDown = false;
const accountData = {
  withUser<T>(user: { sub: string }, fn: (data: never) => Promise<T>): Promise<T> {
    if (databaseDown) {
      const error = new Error("connection refused 10.0.0.5:5432");
      error.name = "DatabaseUnavailableError";
      return Promise.reject(error);
    }
    const letters = user.sub === SUB_A ? "abcde" : "xyz";
    return fn({ profile: () => Promise.resolve({ default_currency: "EUR", timezone: letters, today: "" }) } as never);
  },
};

const logs: RequestLogEntry[] = [];
/** Small limits, so that a test can pass them with a few bytes. */
const LIMITS = {
  maxBodyBytes: 64,
  maxTransactions: 10,
  maxBudgets: 10,
  maxGoals: 10,
  maxContributionsPerGoal: 10,
  maxTextLength: 10,
  bodyReadTimeoutMs: 10_000,
  maxConcurrentBodyReads: 64,
  mcpMaxBatch: 20,
  maxStatements: 10,
};
const app = createApp(
  {
    config: {
      limits: LIMITS,
      rateLimit: { requests: 1000, windowSeconds: 60 },
    },
    verifier,
    accountData,
  },
  { operations, log: (entry) => logs.push(entry) },
);

const json = { "Content-Type": "application/json" };

async function problem(response: Response, status: number, code: string) {
  assert.equal(response.status, status);
  assert.equal(response.headers.get("content-type"), "application/problem+json");
  const body = await response.json();
  assert.equal(body.status, status);
  assert.equal(body.code, code);
  assert.equal(body.type, `/v1/docs#problem-${code}`, "a test app without SUPABASE_URL: the core's relative form");
  assert.equal(typeof body.title, "string");
  assert.equal(typeof body.detail, "string");
  assert.equal(body.request_id, response.headers.get("x-request-id"));
  return body;
}

Deno.test("calculation: 200 with the hand-worked total, no-store, security headers and a request id", async () => {
  const response = await app.request("/v1/test/sum", { method: "POST", headers: json, body: '{"values":[2,3,4]}' });
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { total: 9 });
  assert.equal(response.headers.get("cache-control"), "no-store");
  assert.equal(response.headers.get("x-content-type-options"), "nosniff");
  assert.equal(response.headers.get("referrer-policy"), "no-referrer");
  assert.equal(response.headers.get("content-security-policy"), "default-src 'none'; frame-ancestors 'none'");
  assert.match(response.headers.get("x-request-id")!, /^[0-9a-f-]{36}$/);
  assert.equal(response.headers.get("ratelimit-policy"), '"default";q=1000;w=60');
});

Deno.test("request id: a sane incoming id is echoed in the header and the problem", async () => {
  const response = await app.request("/v1/nowhere", { headers: { "X-Request-Id": "trace-42" } });
  assert.equal(response.headers.get("x-request-id"), "trace-42");
  assert.equal((await problem(response, 404, "not_found")).request_id, "trace-42");
});

Deno.test("a known path with a trailing slash is an unknown path: 404", async () => {
  const response = await app.request("/v1/test/sum/", {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: "{}",
  });
  await problem(response, 404, "not_found");
});

Deno.test("405 with Allow for a known path and the wrong method", async () => {
  const response = await app.request("/v1/test/sum");
  assert.equal(response.headers.get("allow"), "POST, OPTIONS");
  await problem(response, 405, "method_not_allowed");
  const get = await app.request("/v1/health", { method: "DELETE" });
  assert.equal(get.headers.get("allow"), "GET, HEAD, OPTIONS");
  await problem(get, 405, "method_not_allowed");
});

Deno.test("400: malformed JSON, invalid UTF-8, empty body", async () => {
  await problem(
    await app.request("/v1/test/sum", { method: "POST", headers: json, body: '{"values":' }),
    400,
    "invalid_json",
  );
  const bad = new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d]);
  await problem(await app.request("/v1/test/sum", { method: "POST", headers: json, body: bad }), 400, "invalid_json");
  await problem(await app.request("/v1/test/sum", { method: "POST", headers: json, body: "" }), 400, "invalid_json");
});

Deno.test("413 over the body limit (64 bytes here), 415 for other media types", async () => {
  const big = JSON.stringify({ values: [1], pad: "x".repeat(80) });
  await problem(
    await app.request("/v1/test/sum", { method: "POST", headers: json, body: big }),
    413,
    "payload_too_large",
  );
  const text = { "Content-Type": "text/plain" };
  await problem(
    await app.request("/v1/test/sum", { method: "POST", headers: text, body: "{}" }),
    415,
    "unsupported_media_type",
  );
  await problem(await app.request("/v1/test/sum", { method: "POST", body: "{}" }), 415, "unsupported_media_type");
});

/** The `[parameter, code]` pairs of a 422 answer (which must be a validation_failed problem). */
async function parameterErrors(response: Response): Promise<string[][]> {
  const body = await problem(response, 422, "validation_failed");
  return body.errors.map((e: { parameter: string; code: string }) => [e.parameter, e.code]);
}

Deno.test("422: schema errors by JSON pointer, run() errors as they are, query parameters refused", async () => {
  const body = await problem(
    await app.request("/v1/test/sum", { method: "POST", headers: json, body: '{"values":[1,"2"],"extra":1}' }),
    422,
    "validation_failed",
  );
  const items = body.errors.map((e: { pointer: string; code: string }) => `${e.pointer} ${e.code}`).sort();
  assert.deepEqual(items, ["/extra unknown_field", "/values/1 invalid_type"]);
  const run = await problem(
    await app.request("/v1/test/sum", { method: "POST", headers: json, body: '{"values":[60,41]}' }),
    422,
    "validation_failed",
  );
  assert.deepEqual(run.errors, [{ pointer: "/values", code: "out_of_range", message: "too big" }]);
  const query = await problem(
    await app.request("/v1/test/sum?debug=1", { method: "POST", headers: json, body: '{"values":[1]}' }),
    422,
    "validation_failed",
  );
  assert.equal(query.errors[0].parameter, "debug");
});

Deno.test("with SUPABASE_URL, every problem's type is an absolute URI to the reference: 404, 405, 422, 500", async () => {
  const hosted = createApp(
    {
      config: {
        limits: LIMITS,
        rateLimit: { requests: 0, windowSeconds: 60 },
        supabaseUrl: "https://abc.supabase.co",
      },
      verifier,
      accountData,
    },
    { operations, log: () => {} },
  );
  const base = "https://abc.supabase.co/functions/v1/v1/docs#problem-";
  const answers: [Response, string][] = [
    [await hosted.request("/v1/nope"), "not_found"],
    [await hosted.request("/v1/health", { method: "DELETE" }), "method_not_allowed"],
    [
      await hosted.request("/v1/test/sum?x=1", { method: "POST", headers: json, body: '{"values":[1]}' }),
      "validation_failed",
    ],
    [
      await hosted.request("/v1/test/boom", { method: "POST", headers: json, body: '{"values":[1]}' }),
      "internal_error",
    ],
  ];
  for (const [response, code] of answers) {
    const body = await response.json();
    assert.equal(body.code, code);
    assert.equal(body.type, base + code);
    // Resolved against the URL the client called (hosted: under /functions/v1), it is still the reference page.
    assert.equal(
      new URL(body.type, "https://abc.supabase.co/functions/v1/v1/test/sum").pathname,
      "/functions/v1/v1/docs",
    );
  }
});

Deno.test("500 hides the cause; the log names only the error class", async () => {
  const response = await app.request("/v1/test/boom", { method: "POST", headers: json, body: '{"values":[1]}' });
  const body = await problem(response, 500, "internal_error");
  assert.doesNotMatch(JSON.stringify(body), /hunter2|secret/);
  const entry = logs.find((l) => l.request_id === body.request_id)!;
  assert.equal(entry.status, 500);
  assert.equal(entry.error, "Error");
  assert.match(entry.at![0]!, /^at .*app_test\.ts:\d+:\d+/, "where it was thrown, for the operator");
  assert.doesNotMatch(JSON.stringify(entry), /hunter2/);
});

Deno.test("401 on a calculation route only when a token is sent and is bad; apikey echo counts as none", async () => {
  const bad = await app.request("/v1/test/sum", {
    method: "POST",
    headers: { ...json, Authorization: "Bearer nope" },
    body: '{"values":[1]}',
  });
  assert.match(bad.headers.get("www-authenticate")!, /^Bearer error="invalid_token"/);
  await problem(bad, 401, "unauthorized");
  const anon = await app.request("/v1/test/sum", {
    method: "POST",
    headers: { ...json, Authorization: "Bearer anon-key", apikey: "anon-key" },
    body: '{"values":[1]}',
  });
  assert.equal(anon.status, 200);
  const good = await app.request("/v1/test/sum", {
    method: "POST",
    headers: { ...json, Authorization: `Bearer ok-${SUB_A}` },
    body: '{"values":[1]}',
  });
  assert.equal(good.status, 200);
  assert.equal(logs.find((l) => l.request_id === good.headers.get("x-request-id"))!.user, SUB_A);
});

Deno.test("account: 401 with a bare Bearer challenge when no token is sent", async () => {
  const response = await app.request("/v1/me/test/letters");
  assert.equal(response.headers.get("www-authenticate"), "Bearer");
  await problem(response, 401, "unauthorized");
});

Deno.test("account: private caching, ETag per user, 304 on If-None-Match, Link to the next page", async () => {
  const auth = { Authorization: `Bearer ok-${SUB_A}` };
  const first = await app.request("/v1/me/test/letters?limit=2", { headers: auth });
  assert.equal(first.status, 200);
  assert.deepEqual(await first.json(), { data: ["a", "b"], next_cursor: "2" });
  assert.equal(first.headers.get("cache-control"), "private, no-cache");
  assert.equal(first.headers.get("vary"), "Authorization");
  assert.equal(first.headers.get("link"), '<?limit=2&cursor=2>; rel="next"');
  const etag = first.headers.get("etag")!;
  assert.match(etag, /^"[A-Za-z0-9_-]{43}"$/);
  const again = await app.request("/v1/me/test/letters?limit=2", { headers: { ...auth, "If-None-Match": etag } });
  assert.equal(again.status, 304);
  assert.equal(again.headers.get("etag"), etag);
  assert.equal(await again.text(), "");
  const last = await app.request("/v1/me/test/letters?limit=2&cursor=4", { headers: auth });
  assert.deepEqual(await last.json(), { data: ["e"], next_cursor: null });
  assert.equal(last.headers.get("link"), null);
  const other = await app.request("/v1/me/test/letters?limit=2", {
    headers: { Authorization: `Bearer ok-${SUB_B}`, "If-None-Match": etag },
  });
  assert.equal(other.status, 200, "another user's tag never matches");
  assert.deepEqual(await other.json(), { data: ["x", "y"], next_cursor: "2" });
});

Deno.test("account: unknown, repeated and invalid query parameters are 422 by parameter name", async () => {
  const auth = { Authorization: `Bearer ok-${SUB_A}` };
  assert.deepEqual(await parameterErrors(await app.request("/v1/me/test/letters?limt=2", { headers: auth })), [[
    "limt",
    "unknown_field",
  ]]);
  assert.deepEqual(await parameterErrors(await app.request("/v1/me/test/letters?limit=1&limit=2", { headers: auth })), [
    ["limit", "duplicate"],
  ]);
  const range = await problem(
    await app.request("/v1/me/test/letters?limit=9", { headers: auth }),
    422,
    "validation_failed",
  );
  assert.equal(range.errors[0].parameter, "limit");
});

Deno.test("supabase-js's ?forceFunctionRegion= is accepted and ignored on every route; other names are not", async () => {
  const region = "forceFunctionRegion=eu-central-1";
  const calc = await app.request(`/v1/test/sum?${region}`, { method: "POST", headers: json, body: '{"values":[1,2]}' });
  assert.equal(calc.status, 200);
  assert.deepEqual(await calc.json(), { total: 3 });
  const auth = { Authorization: `Bearer ok-${SUB_A}` };
  const plain = await app.request("/v1/me/test/letters?limit=2", { headers: auth });
  const page = await app.request(`/v1/me/test/letters?${region}&limit=2`, { headers: auth });
  assert.equal(page.status, 200);
  assert.deepEqual(await page.json(), { data: ["a", "b"], next_cursor: "2" });
  assert.equal(page.headers.get("etag"), plain.headers.get("etag"), "the same representation");
  // The Link keeps the client's query as it was, the region included, so following it routes the same way.
  assert.equal(page.headers.get("link"), '<?forceFunctionRegion=eu-central-1&limit=2&cursor=2>; rel="next"');
  assert.equal((await app.request(`/v1/health?${region}`)).status, 200);
  assert.equal((await app.request(`/v1/openapi.json?${region}`)).status, 200);
  // Exactly that name: a different case or another parameter beside it is still refused.
  assert.deepEqual(
    await parameterErrors(
      await app.request(`/v1/test/sum?${region}&forcefunctionregion=x`, {
        method: "POST",
        headers: json,
        body: '{"values":[1]}',
      }),
    ),
    [["forcefunctionregion", "unknown_field"]],
  );
  assert.deepEqual(
    await parameterErrors(await app.request(`/v1/me/test/letters?${region}&region=eu`, { headers: auth })),
    [["region", "unknown_field"]],
  );
});

Deno.test("account: a database outage is 503 with Retry-After and no internals", async () => {
  databaseDown = true;
  try {
    const response = await app.request("/v1/me/test/letters", { headers: { Authorization: `Bearer ok-${SUB_A}` } });
    assert.equal(response.headers.get("retry-after"), "5");
    const body = await problem(response, 503, "service_unavailable");
    assert.doesNotMatch(JSON.stringify(body), /10\.0\.0\.5/);
  } finally {
    databaseDown = false;
  }
});

Deno.test("CORS: preflight answers 204 with the allowed headers; responses expose ours", async () => {
  const preflight = await app.request("/v1/test/sum", {
    method: "OPTIONS",
    headers: { Origin: "https://app.example", "Access-Control-Request-Method": "POST" },
  });
  assert.equal(preflight.status, 204);
  assert.equal(preflight.headers.get("access-control-allow-origin"), "*");
  const allowed = preflight.headers.get("access-control-allow-headers")!.split(", ");
  for (
    const h of [
      "Authorization",
      "Content-Type",
      "apikey",
      "x-client-info",
      "If-None-Match",
      "Mcp-Protocol-Version",
      "Mcp-Session-Id",
    ]
  ) {
    assert.ok(allowed.includes(h), h);
  }
  const response = await app.request("/v1/health", { headers: { Origin: "https://app.example" } });
  assert.equal(response.headers.get("access-control-allow-origin"), "*");
  for (
    const h of ["ETag", "X-Request-Id", "RateLimit", "RateLimit-Policy", "Link", "Retry-After", "WWW-Authenticate"]
  ) {
    assert.ok(response.headers.get("access-control-expose-headers")!.split(", ").includes(h), h);
  }
});

Deno.test("429 past the limit, per client IP, with Retry-After and RateLimit headers", async () => {
  const limited = createApp(
    {
      config: {
        limits: LIMITS,
        rateLimit: { requests: 2, windowSeconds: 60 },
      },
      verifier,
      accountData,
    },
    { operations, log: () => {} },
  );
  const call = (ip: string) =>
    limited.request("/v1/test/sum", {
      method: "POST",
      // the client's address is the last hop (the proxy's); the first one is whatever the client claimed
      headers: { ...json, "X-Forwarded-For": `198.51.100.77, ${ip}` },
      body: '{"values":[1]}',
    });
  assert.equal((await call("203.0.113.1")).headers.get("ratelimit"), '"default";r=1;t=60');
  assert.equal((await call("203.0.113.1")).status, 200);
  const refused = await call("203.0.113.1");
  const reset = Number(refused.headers.get("retry-after"));
  assert.ok(reset >= 59 && reset <= 60, String(reset));
  assert.equal(refused.headers.get("ratelimit"), `"default";r=0;t=${reset}`);
  assert.equal(refused.headers.get("ratelimit-policy"), '"default";q=2;w=60');
  await problem(refused, 429, "rate_limited");
  assert.equal((await call("203.0.113.2")).status, 200, "another client has its own window");
  assert.equal((await limited.request("/v1/health", { headers: { "X-Forwarded-For": "203.0.113.1" } })).status, 200);
});

Deno.test("logs: one structured line per request, no token, no body", async () => {
  const before = logs.length;
  await app.request("/v1/test/sum?x=1", {
    method: "POST",
    headers: { ...json, Authorization: `Bearer ok-${SUB_A}` },
    body: '{"values":[77]}',
  });
  assert.equal(logs.length, before + 1);
  const entry = logs.at(-1)!;
  assert.deepEqual(Object.keys(entry).sort(), ["duration_ms", "method", "path", "request_id", "status", "user"]);
  assert.equal(entry.path, "/v1/test/sum");
  assert.ok(!JSON.stringify(entry).includes(`ok-${SUB_A}`), "no token");
  assert.equal(entry.user, SUB_A); // the verified sub is the only trace of the user; the keys above hold no body
});

Deno.test("HEAD is answered wherever GET is: GET's status and headers, no body, GET's Content-Length", async () => {
  const auth = { Authorization: `Bearer ok-${SUB_A}` };
  for (const [path, headers] of [["/v1/health", {}], ["/v1/me/test/letters?limit=2", auth]] as const) {
    const get = await app.request(path, { headers });
    const body = new Uint8Array(await get.arrayBuffer());
    const head = await app.request(path, { method: "HEAD", headers });
    assert.equal(head.status, get.status, path);
    assert.equal(await head.text(), "", path);
    assert.equal(head.headers.get("content-length"), String(body.byteLength), path);
    assert.ok(body.byteLength > 0, path);
    for (const name of ["content-type", "etag", "cache-control", "link"]) {
      assert.equal(head.headers.get(name), get.headers.get(name), `${path} ${name}`);
    }
  }
});
