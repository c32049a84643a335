/**
 * The deployed bundle (scripts/function/build.ts) answers exactly as the sources do. A fresh bundle is built into
 * dist-test/, then index.ts and the bundle's index.js are each imported with `Deno.serve` captured (the entry hands
 * its handler to it, as on Supabase), under the same environment, and the same requests go to both handlers: every
 * route of the registry (POST bodies valid for most calculations, invalid for the rest, so zod's lazily loaded
 * validation answers too), unknown paths and methods, a preflight, HEAD, the OpenAPI document, the reference page
 * and its 4 MB script (a static file the bundle must find), MCP (initialize, tools/list, a tool call) and, with
 * TEST_DATABASE_URL, the account routes through the direct SQL driver on the e2e fixtures. Status, every header and
 * every byte of the body must be the same.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { cashflowBody, transactions } from "../../../bench/lib/payload.mjs";
import { categorizeBody } from "../../../bench/lib/categorize-payload.mjs";
import { buildFunction, FUNCTION_DIR } from "../../../scripts/function/build.ts";
import { createMigratedTestDatabase, type TestDatabase } from "../../../tests/helpers/migrated-database.ts";
import { FIXTURE_SQL, USER_A } from "../../../tests/e2e/fixtures.ts";
import { claimsFor, es256Key, ISSUER_BASE, sign } from "../../../tests/e2e/tokens.ts";

type Handler = (request: Request, info?: Deno.ServeHandlerInfo) => Response | Promise<Response>;

const OUT = join(FUNCTION_DIR, "dist-test");
const BASE = "http://function.test";
const INFO = {
  remoteAddr: { transport: "tcp", hostname: "203.0.113.7", port: 40000 },
  completed: Promise.resolve(),
} as unknown as Deno.ServeHandlerInfo;

/** Imports an entry module with `Deno.serve` replaced, and answers the handler the entry served. */
async function servedBy(url: string): Promise<Handler> {
  const serve = Deno.serve;
  let handler: Handler | undefined;
  Object.defineProperty(Deno, "serve", {
    configurable: true,
    value: (h: Handler) => {
      handler = h;
      return { finished: Promise.resolve(), shutdown: () => Promise.resolve(), ref() {}, unref() {} };
    },
  });
  try {
    await import(url);
  } finally {
    Object.defineProperty(Deno, "serve", { configurable: true, value: serve });
  }
  assert.ok(handler, `${url} served no handler`);
  return handler;
}

interface Case {
  readonly method: string;
  readonly path: string;
  readonly body?: string;
  readonly headers?: Record<string, string>;
}

let sequence = 0;

/** Sends `c` to both handlers (the same request id) and asserts the same status, headers and bytes. */
async function same(source: Handler, bundle: Handler, c: Case): Promise<number> {
  const id = `parity-${++sequence}`;
  const request = () =>
    new Request(`${BASE}${c.path}`, {
      method: c.method,
      headers: {
        "x-request-id": id,
        ...(c.body === undefined ? {} : { "content-type": "application/json" }),
        ...c.headers,
      },
      ...(c.body === undefined ? {} : { body: c.body }),
    });
  const [a, b] = [await source(request(), INFO), await bundle(request(), INFO)];
  const what = `${c.method} ${c.path}`;
  assert.equal(b.status, a.status, `${what}: the bundle answers the sources' status`);
  // The seconds to the rate-limit window's end depend on when each limiter's window began (a second apart at most).
  const headers = (r: Response) =>
    [...r.headers].map(([k, v]) => [k, k === "ratelimit" ? v.replace(/;t=\d+$/, "") : v]);
  assert.deepEqual(headers(b), headers(a), `${what}: the bundle sends the sources' headers`);
  const [bytesA, bytesB] = [new Uint8Array(await a.arrayBuffer()), new Uint8Array(await b.arrayBuffer())];
  assert.equal(bytesB.length, bytesA.length, `${what}: the bundle's body has the sources' length`);
  assert.ok(bytesB.every((x, i) => x === bytesA[i]), `${what}: the bundle's body has the sources' bytes`);
  return a.status;
}

async function withEnvironment<T>(env: Record<string, string>, fn: () => Promise<T>): Promise<T> {
  const before = Object.fromEntries(Object.keys(env).map((k) => [k, Deno.env.get(k)]));
  for (const [k, v] of Object.entries(env)) Deno.env.set(k, v);
  try {
    return await fn();
  } finally {
    for (const [k, v] of Object.entries(before)) v === undefined ? Deno.env.delete(k) : Deno.env.set(k, v);
  }
}

const build = buildFunction({ outDir: OUT });

async function handlers(env: Record<string, string>): Promise<{ source: Handler; bundle: Handler }> {
  const { files } = await build;
  assert.ok(files > 1, "the bundle has files");
  return await withEnvironment(env, async () => ({
    // A query string makes each import run its entry again, building a handler with this environment's configuration
    // (the modules the entry imports are shared).
    source: await servedBy(new URL(`./index.ts?parity=${++sequence}`, import.meta.url).href),
    bundle: await servedBy(new URL(`./dist-test/index.js?parity=${++sequence}`, import.meta.url).href),
  }));
}

const DOCUMENT_PATHS = (document: { paths: Record<string, Record<string, unknown>> }) =>
  Object.entries(document.paths).flatMap(([path, item]) =>
    Object.keys(item).map((m): [string, string] => [m.toUpperCase(), path])
  );

Deno.test("the bundle answers every calculation, error, document and MCP request as the sources do", async () => {
  const key = await es256Key("bundle-parity");
  const { source, bundle } = await handlers({
    SUPABASE_URL: ISSUER_BASE,
    SUPABASE_ANON_KEY: "parity-anon-key",
    SUPABASE_JWKS: JSON.stringify({ keys: [key.publicJwk] }),
    DATABASE_URL: "",
    PFA_LOG_REQUESTS: "false",
  });
  const document = await (await source(new Request(`${BASE}/v1/openapi.json`), INFO)).json();
  const routes = DOCUMENT_PATHS(document);
  const posts = routes.filter(([m]) => m === "POST").map(([, p]) => p);
  assert.ok(posts.length >= 10, "the document lists the calculations");
  const statuses: number[] = [];
  const body = cashflowBody(40);
  const txs = transactions(40);
  const valid: Record<string, unknown> = {
    "/v1/analytics/spending-by-category": { currency: "EUR", transactions: txs },
    "/v1/budget/summary": {
      year: 2025,
      month: 8,
      currency: "EUR",
      transactions: txs,
      budgets: [{ category: "health", amount: "100.00" }],
    },
    "/v1/analytics/trends": { year: 2025, month: 8, currency: "EUR", transactions: txs },
    "/v1/analytics/recurring": { as_of: "2025-12-31", currency: "EUR", transactions: txs },
    "/v1/analytics/forecast": { as_of: "2025-12-31", starting_balance: "1000.00", currency: "EUR", transactions: txs },
    "/v1/analytics/categorization/suggestions": { transactions: txs },
  };
  for (const path of posts) {
    if (path === "/v1/mcp") continue;
    const payload = path === "/v1/analytics/categorize"
      ? categorizeBody(300)
      : path in valid
      ? JSON.stringify(valid[path])
      : body;
    statuses.push(await same(source, bundle, { method: "POST", path, body: payload }));
    statuses.push(await same(source, bundle, { method: "POST", path, body: '{"transactions":[{"amount":1.5}]}' }));
  }
  assert.ok(statuses.filter((s) => s === 200).length >= 8, `valid bodies answered 200: ${statuses}`);
  assert.ok(statuses.includes(422), "invalid bodies answered 422");
  for (const [method, path] of routes) {
    if (method === "GET") {
      await same(source, bundle, { method, path });
      await same(source, bundle, { method: "HEAD", path });
    }
  }
  for (
    const c of [
      { method: "GET", path: "/v1/nowhere" },
      { method: "DELETE", path: "/v1/analytics/cashflow" },
      { method: "POST", path: "/v1/analytics/cashflow", body: "{" },
      { method: "POST", path: "/v1/analytics/cashflow", body: body, headers: { "content-type": "text/plain" } },
      {
        method: "OPTIONS",
        path: "/v1/analytics/cashflow",
        headers: { origin: "https://app.example", "access-control-request-method": "POST" },
      },
      { method: "GET", path: "/v1/me/analytics/cashflow", headers: { authorization: "Bearer not-a-token" } },
      { method: "GET", path: "/v1/docs" },
      { method: "GET", path: "/v1/docs/scalar.js" },
      { method: "GET", path: "/v1/docs/scalar.js", headers: { "accept-encoding": "gzip" } },
    ] as Case[]
  ) await same(source, bundle, c);
  const scalar = await bundle(new Request(`${BASE}/v1/docs/scalar.js`), INFO);
  assert.equal(scalar.status, 200, "the bundle finds the reference page's script, a static file");
  assert.ok((await scalar.arrayBuffer()).byteLength > 1_000_000, "the script is Scalar's bundle");
  const mcp = { accept: "application/json, text/event-stream" };
  const rpc = (id: number, method: string, params: unknown) => JSON.stringify({ jsonrpc: "2.0", id, method, params });
  for (
    const payload of [
      rpc(1, "initialize", {
        protocolVersion: "2025-06-18",
        capabilities: {},
        clientInfo: { name: "parity", version: "1" },
      }),
      rpc(2, "tools/list", {}),
      rpc(3, "tools/call", { name: "calculate_cashflow", arguments: JSON.parse(cashflowBody(5)) }),
    ]
  ) assert.equal(await same(source, bundle, { method: "POST", path: "/v1/mcp", body: payload, headers: mcp }), 200);
});

Deno.test({
  name: "the bundle answers the account routes as the sources do, through the direct SQL driver",
  ignore: !Deno.env.get("TEST_DATABASE_URL"),
  async fn() {
    let database: TestDatabase | undefined;
    try {
      database = await createMigratedTestDatabase();
      await database.client.exec(FIXTURE_SQL);
      const key = await es256Key("bundle-parity-db");
      const { source, bundle } = await handlers({
        SUPABASE_URL: ISSUER_BASE,
        SUPABASE_JWKS: JSON.stringify({ keys: [key.publicJwk] }),
        DATABASE_URL: database.url!,
        PFA_LOG_REQUESTS: "false",
      });
      const token = await sign(key, claimsFor(USER_A));
      const document = await (await source(new Request(`${BASE}/v1/openapi.json`), INFO)).json();
      const reads = DOCUMENT_PATHS(document).filter(([m, p]) => m === "GET" && p.startsWith("/v1/me/"));
      assert.ok(reads.length >= 10, "the document lists the account routes");
      const statuses = [];
      for (const [, path] of reads) {
        statuses.push(
          await same(source, bundle, { method: "GET", path, headers: { authorization: `Bearer ${token}` } }),
        );
      }
      assert.ok(statuses.filter((s) => s === 200).length >= 8, `account reads answered 200: ${statuses}`);
    } finally {
      await database?.drop();
    }
  },
});

Deno.test("the bundle keeps npm packages as imports of the function's import map, and is gitignored", async () => {
  const { dir } = await build;
  const specifiers = new Set<string>();
  for await (const entry of Deno.readDir(dir)) {
    const text = await Deno.readTextFile(join(dir, entry.name));
    const statements =
      /^(?:import|export)\b[^;"]*?from\s*"([^".][^"]*)"|^import\s*"([^".][^"]*)"|\bimport\("([^".][^"]*)"\)/gm;
    for (const m of text.matchAll(statements)) specifiers.add((m[1] ?? m[2] ?? m[3])!);
  }
  const imports = Object.keys(JSON.parse(await Deno.readTextFile(join(FUNCTION_DIR, "deno.json"))).imports);
  const mapped = (s: string) =>
    s.startsWith("node:") || imports.some((k) => k.endsWith("/") ? s.startsWith(k) : s === k);
  assert.ok(specifiers.has("zod") && specifiers.has("hono/hono-base"), "zod and hono stay imports");
  assert.deepEqual([...specifiers].filter((s) => !mapped(s)), [], "every bare import is in the function's map");
  const ignored = new Deno.Command("git", { args: ["check-ignore", "-q", "supabase/functions/v1/dist/index.js"] });
  assert.equal((await ignored.output()).code, 0, "dist/ is not committed");
});
