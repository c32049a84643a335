/**
 * Fuzzing over real HTTP (issue 7): fast-check-generated hostile requests against every REST endpoint (derived
 * from the core's operation registry, so a new operation is fuzzed without touching this file), the service
 * routes, and every MCP tool. For each request the contract fixes the allowed statuses; every answer must be
 * well behaved (never 5xx, problem+json with the right code, security headers, no secrets, SQL or stacks).
 *
 * Runs: FUZZ_RUNS (default 60 per property) and FUZZ_SEED (replay a failure; fast-check prints the seed and
 * path of every counterexample).
 */
import assert from "node:assert/strict";
import fc from "fast-check";
import { createOperations } from "@pfa/core";
import { DEMO_USERS } from "../../scripts/db/demo-data.ts";
import { type AppServer, startApp } from "./helpers/app.ts";
import { type Answer, assertProblemShape, assertWellBehaved, read } from "./helpers/checks.ts";
import { type FreshDatabase, freshDatabase } from "./helpers/database.ts";
import {
  BASE_BODIES,
  garbageAuthorization,
  headerNoise,
  hostileQuery,
  type HostileRequest,
  invalidUtf8,
  JSON_TYPES,
  malformedBody,
  mutatedBody,
  NON_JSON_TYPES,
  UNKNOWN_PATHS,
} from "./helpers/hostile.ts";

const RUNS = Number(Deno.env.get("FUZZ_RUNS") ?? 60);
const SEED = Deno.env.get("FUZZ_SEED") ? Number(Deno.env.get("FUZZ_SEED")) : undefined;
const params = { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }), endOnFailure: true };

/** The fuzz server's limits: small enough that oversized bodies and arrays are cheap to send. */
const MAX_BODY = 256 * 1024;
const MAX_TRANSACTIONS = 2000;

const operations = createOperations().list;
const calculations = operations.filter((op) => op.kind === "calculation");
const accounts = operations.filter((op) => op.kind === "account");
const MCP = "/v1/mcp";
const MCP_ACCEPT = "application/json, text/event-stream";
const GET_SERVICE = ["/v1/health", "/v1/openapi.json", "/v1/docs", "/v1/mcp/.well-known/oauth-protected-resource"];

let db: FreshDatabase;
let app: AppServer;
let token: string;

Deno.test.beforeAll(async () => {
  db = await freshDatabase();
  app = await startApp({
    db,
    legacySecret: true,
    env: { PFA_MAX_BODY_BYTES: String(MAX_BODY), PFA_MAX_TRANSACTIONS: String(MAX_TRANSACTIONS) },
  });
  token = await app.token(DEMO_USERS.alice.id);
});
Deno.test.afterAll(async () => {
  await app?.close();
  await db?.drop();
});

function byteLength(body: string | Uint8Array | undefined): number {
  if (body === undefined) return 0;
  return typeof body === "string" ? new TextEncoder().encode(body).byteLength : body.byteLength;
}

function describe(r: HostileRequest): string {
  const body = r.body === undefined
    ? ""
    : typeof r.body === "string"
    ? r.body.slice(0, 300)
    : `<${r.body.byteLength} bytes>`;
  return `[${r.label}] ${r.method} ${r.path.slice(0, 200)} ${JSON.stringify(r.headers).slice(0, 200)} ${body}`;
}

async function send(r: HostileRequest): Promise<Answer> {
  const response = await app.fetch(r.path, {
    method: r.method,
    headers: r.headers,
    body: r.body === undefined ? undefined : r.body as BodyInit,
  });
  return await read(response);
}

/** Sends, then checks the invariants and the status the contract gives this request. */
async function check(r: HostileRequest): Promise<Answer> {
  const what = describe(r);
  const answer = await send(r);
  const sent = `${r.path}\n${JSON.stringify(r.headers)}\n${typeof r.body === "string" ? r.body : ""}`;
  assertWellBehaved(answer, app.secrets, sent, what);
  assert.ok(r.expect.includes(answer.status), `${what}\n→ ${answer.status}, expected ${r.expect}: ${answer.text}`);
  return answer;
}

// ------------------------------------------------------------------------------------------------- requests

const calcPath = fc.constantFrom(...calculations.map((op) => op.path));
const accountPath = fc.constantFrom(...accounts.map((op) => op.path));
const json = (ct: string) => ({ "Content-Type": ct });

const calcJsonRequest = calcPath.chain((path) =>
  fc.tuple(mutatedBody(path), fc.constantFrom(...JSON_TYPES)).map(([body, ct]): HostileRequest => ({
    label: "calc: hostile values",
    method: "POST",
    path,
    headers: json(ct),
    body,
    expect: byteLength(body) > MAX_BODY ? [413] : [200, 422],
  }))
);

const calcMalformedRequest = calcPath.chain((path) =>
  fc.oneof(malformedBody(path), invalidUtf8 as fc.Arbitrary<string | Uint8Array>).map((body): HostileRequest => ({
    label: "calc: not JSON",
    method: "POST",
    path,
    headers: json("application/json"),
    body,
    expect: [400],
  }))
);

const calcMediaTypeRequest = calcPath.chain((path) =>
  fc.constantFrom(...NON_JSON_TYPES).map((ct): HostileRequest => ({
    label: "calc: wrong content type",
    method: "POST",
    path,
    headers: ct ? { "Content-Type": ct } : {},
    body: ct.startsWith("application/json; charset=utf-16")
      ? new Uint8Array([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00])
      : JSON.stringify(BASE_BODIES[path]),
    expect: [415],
  }))
);

const calcBadTokenRequest = calcPath.chain((path) =>
  garbageAuthorization.map((authorization): HostileRequest => ({
    label: "calc: bad Authorization",
    method: "POST",
    path,
    headers: { ...json("application/json"), Authorization: authorization },
    body: JSON.stringify(BASE_BODIES[path]),
    expect: [401],
  }))
);

const calcOversizedRequest = calcPath.chain((path) =>
  fc.integer({ min: MAX_BODY + 1, max: MAX_BODY * 3 }).map((size): HostileRequest => ({
    label: "calc: oversized",
    method: "POST",
    path,
    headers: json("application/json"),
    body: `{"currency":"EUR","pad":"${"x".repeat(size)}"}`,
    expect: [413],
  }))
);

const calcQueryRequest = calcPath.chain((path) =>
  hostileQuery.filter((q) => q !== "").map((q): HostileRequest => ({
    label: "calc: query parameters",
    method: "POST",
    path: `${path}?${q}`,
    headers: json("application/json"),
    body: JSON.stringify(BASE_BODIES[path]),
    expect: [422],
  }))
);

const accountQueryRequest = fc.tuple(accountPath, hostileQuery, headerNoise).map((
  [path, q, noise],
): HostileRequest => ({
  label: "account: hostile query",
  method: "GET",
  path: q ? `${path}?${q}` : path,
  headers: { Authorization: `Bearer ${token}`, "X-Request-Id": noise, "If-None-Match": noise },
  expect: [200, 304, 422],
}));

const accountNoTokenRequest = fc.tuple(accountPath, fc.option(garbageAuthorization)).map((
  [path, authorization],
): HostileRequest => ({
  label: "account: no or bad token",
  method: "GET",
  path,
  headers: authorization === null ? {} : { Authorization: authorization },
  expect: [401],
}));

const wrongMethodRequest = fc.oneof(
  fc.tuple(calcPath, fc.constantFrom("GET", "PUT", "PATCH", "DELETE")),
  fc.tuple(accountPath, fc.constantFrom("POST", "PUT", "PATCH", "DELETE")),
  fc.tuple(fc.constantFrom(...GET_SERVICE), fc.constantFrom("POST", "PUT", "DELETE")),
  fc.tuple(fc.constant(MCP), fc.constantFrom("GET", "PUT", "DELETE")),
).map(([path, method]): HostileRequest => ({
  label: "wrong method",
  method,
  path,
  headers: method === "GET" ? {} : json("application/json"),
  body: method === "GET" ? undefined : "{}",
  expect: [405],
}));

const unknownPathRequest = fc.tuple(UNKNOWN_PATHS, fc.constantFrom("GET", "POST", "DELETE")).map((
  [path, method],
): HostileRequest => ({
  label: "unknown path",
  method,
  path,
  headers: method === "POST" ? json("application/json") : {},
  body: method === "POST" ? "{}" : undefined,
  expect: [404],
}));

// ------------------------------------------------------------------------------------------------- REST

Deno.test("fuzz: calculation endpoints with hostile values → 200 or 422 (413 past the body limit)", async () => {
  await fc.assert(fc.asyncProperty(calcJsonRequest, async (r) => void await check(r)), params);
});

Deno.test("fuzz: bodies that are not JSON (malformed, invalid UTF-8) → 400 invalid_json", async () => {
  await fc.assert(fc.asyncProperty(calcMalformedRequest, async (r) => void await check(r)), params);
});

Deno.test("fuzz: wrong content types → 415; oversized → 413; query on a POST → 422; bad token → 401", async () => {
  const any = fc.oneof(calcMediaTypeRequest, calcOversizedRequest, calcQueryRequest, calcBadTokenRequest);
  await fc.assert(fc.asyncProperty(any, async (r) => void await check(r)), params);
});

Deno.test("fuzz: account endpoints with hostile query strings → 200 or 422; without a good token → 401", async () => {
  await fc.assert(
    fc.asyncProperty(fc.oneof(accountQueryRequest, accountNoTokenRequest), async (r) => void await check(r)),
    params,
  );
});

Deno.test("fuzz: wrong methods → 405 with Allow; unknown paths → 404", async () => {
  await fc.assert(
    fc.asyncProperty(fc.oneof(wrongMethodRequest, unknownPathRequest), async (r) => void await check(r)),
    params,
  );
});

// ------------------------------------------------------------------------------------------------- MCP

function rpc(method: string, params: unknown, id: unknown = 1): string {
  return JSON.stringify({ jsonrpc: "2.0", id, method, params });
}

/** Tool arguments for every tool: a hostile calculation body, or a hostile query turned into an object. */
const toolCall = fc.constantFrom(...operations).chain((op) => {
  const args: fc.Arbitrary<string> = op.kind === "calculation"
    ? mutatedBody(op.path)
    : hostileQuery.map((q) => JSON.stringify(Object.fromEntries(new URLSearchParams(q))));
  return fc.tuple(fc.constant(op.name), args, fc.boolean());
});

Deno.test("fuzz: every MCP tool with hostile arguments → a result or an isError problem, never 5xx", async () => {
  await fc.assert(
    fc.asyncProperty(toolCall, async ([name, args, asNumberId]) => {
      const id = asNumberId ? 7 : "call-1";
      const body = `{"jsonrpc":"2.0","id":${JSON.stringify(id)},"method":"tools/call","params":{"name":${
        JSON.stringify(name)
      },"arguments":${args}}}`;
      const r: HostileRequest = {
        label: `mcp tools/call ${name}`,
        method: "POST",
        path: MCP,
        headers: { ...json("application/json"), Accept: MCP_ACCEPT, Authorization: `Bearer ${token}` },
        body,
        // 413 past the body limit; 400 when the arguments nest deeper than 32, have a member name over 128 bytes or
        // an object of over 1,000 members (refused before parsing: a JSON-RPC parse error); 200 otherwise (the tool
        // result carries success or the problem)
        expect: byteLength(body) > MAX_BODY ? [413] : [200, 400],
      };
      const answer = await check(r);
      if (answer.status === 400) {
        assert.equal(answer.json.error?.code, -32700, answer.text.slice(0, 400));
        assert.match(answer.json.error.message, /more than 32 deep|longer than 128 bytes|more than 1000 members/);
        return;
      }
      if (answer.status !== 200) return;
      const message = answer.json;
      assert.equal(message.jsonrpc, "2.0");
      assert.deepEqual(message.id, id);
      if (message.error) {
        // a JSON-RPC error (e.g. arguments that are not an object): a protocol answer, not a crash
        assert.ok(message.error.code !== -32603, `internal error from ${name}: ${answer.text.slice(0, 400)}`);
        return;
      }
      const result = message.result;
      assert.ok(Array.isArray(result.content), answer.text);
      if (result.isError) {
        const problem = JSON.parse(result.content[0].text);
        assert.ok([400, 422].includes(problem.status), `tool problem status ${problem.status}: ${answer.text}`);
        assertProblemShape(
          {
            status: problem.status,
            headers: new Headers({
              "content-type": "application/problem+json",
              "x-request-id": problem.request_id,
            }),
            text: "",
            json: problem,
          },
          [400, 422],
          `mcp ${name}`,
        );
      } else {
        assert.ok(result.structuredContent && typeof result.structuredContent === "object", answer.text);
      }
    }),
    params,
  );
});

/**
 * MCP transport failures are problems too (API.md §5); a 400 also carries the JSON-RPC error response members
 * (`jsonrpc`, `error`, `id: null`) for MCP clients.
 */
function assertMcpProblem(answer: Answer, what: string): void {
  if (answer.status < 400) return;
  assertProblemShape(answer, undefined, what);
  if (answer.status === 400) {
    assert.equal(answer.json.jsonrpc, "2.0", `${what}: ${answer.text}`);
    assert.equal(typeof answer.json.error?.code, "number", `${what}: ${answer.text}`);
    assert.notEqual(answer.json.error.code, -32603, `${what}: internal error ${answer.text}`);
    assert.equal(answer.json.id, null, what);
  }
}

const mcpGarbage = fc.oneof(
  malformedBody("/v1/analytics/cashflow").map((body) => ({ body, ct: "application/json", accept: MCP_ACCEPT })),
  fc.tuple(
    fc.constantFrom("initialize", "tools/list", "tools/call", "ping", "resources/list", "prompts/get", "x", ""),
    fc.oneof(
      fc.constant("{}"),
      fc.constant("[]"),
      fc.constant("null"),
      fc.string({ maxLength: 20 }).map((s) => JSON.stringify({ name: s, arguments: s })),
    ),
  ).map(([method, p]) => ({
    body: `{"jsonrpc":"2.0","id":1,"method":${JSON.stringify(method)},"params":${p}}`,
    ct: "application/json",
    accept: MCP_ACCEPT,
  })),
  fc.constantFrom(
    { body: "[]", ct: "application/json", accept: MCP_ACCEPT },
    { body: rpc("tools/list", {}, null), ct: "application/json", accept: MCP_ACCEPT },
    { body: '{"jsonrpc":"1.0","id":1,"method":"tools/list"}', ct: "application/json", accept: MCP_ACCEPT },
    { body: rpc("tools/list", {}), ct: "text/plain", accept: MCP_ACCEPT },
    { body: rpc("tools/list", {}), ct: "application/json", accept: "text/html" },
    { body: `[${rpc("tools/list", {})},${rpc("tools/list", {}, 2)}]`, ct: "application/json", accept: MCP_ACCEPT },
  ),
);

Deno.test("fuzz: MCP endpoint with garbage JSON-RPC → never 5xx; errors are problems (with the JSON-RPC error)", async () => {
  await fc.assert(
    fc.asyncProperty(mcpGarbage, fc.option(garbageAuthorization), async (m, authorization) => {
      const headers: Record<string, string> = { "Content-Type": m.ct, Accept: m.accept };
      if (authorization !== null) headers.Authorization = authorization;
      const what = `mcp ${JSON.stringify(headers)} ${m.body.slice(0, 200)}`;
      const answer = await send({ label: "mcp", method: "POST", path: MCP, headers, body: m.body, expect: [] });
      assert.ok(answer.status < 500, `${what} → ${answer.status} ${answer.text}`);
      if (authorization !== null) assert.equal(answer.status, 401, `${what}: a bad token is refused first`);
      assertMcpProblem(answer, what);
      assertWellBehaved(answer, app.secrets, m.body, what);
    }),
    params,
  );
});

Deno.test("service routes answer under hostile headers and never leak", async () => {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...GET_SERVICE), headerNoise, async (path, noise) => {
      const r: HostileRequest = {
        label: "service",
        method: "GET",
        path,
        headers: { "X-Request-Id": noise, Accept: noise, "X-Forwarded-For": noise },
        expect: [200],
      };
      const answer = await check(r);
      const id = answer.headers.get("x-request-id")!;
      assert.match(id, /^[A-Za-z0-9._:-]{1,128}$/, "request ids stay safe for logs and headers");
    }),
    { ...params, numRuns: Math.min(RUNS, 30) },
  );
});
