/**
 * Token attacks over real HTTP (issue 7, API.md §4): every forged, tampered, stale or mis-scoped token is refused
 * with 401 + `WWW-Authenticate: Bearer error="invalid_token"` on every account endpoint, on an account MCP tool
 * and on a calculation endpoint (a token that is sent must be valid); a well-formed token for a user with no data
 * gets 200 with empty data and nobody else's rows. Positive controls (a good ES256 token, a good legacy HS256
 * token, skew within 30 s) prove the refusals are about the attack, not a broken setup.
 */
import assert from "node:assert/strict";
import { exportJWK, exportSPKI, generateKeyPair, type JWTPayload, SignJWT } from "jose";
import { createOperations } from "@pfa/core";
import { DEMO_USERS } from "../../scripts/db/demo-data.ts";
import {
  type AppServer,
  claimsFor,
  es256Key,
  ISSUER,
  LEGACY_SECRET,
  signWith,
  startApp,
  SUPABASE_URL,
} from "./helpers/app.ts";
import { type Answer, assertNoLeak, assertProblemShape, read } from "./helpers/checks.ts";
import { type FreshDatabase, freshDatabase } from "./helpers/database.ts";

const operations = createOperations().list;
const accountPaths = operations.filter((op) => op.kind === "account").map((op) => op.path);
/** A user without a profile has no default currency: the operations that take one get it explicitly. */
const takesCurrency = (op: (typeof operations)[number]) =>
  "currency" in ((op.input as unknown as { shape?: Record<string, unknown> }).shape ?? {});
const ALICE = DEMO_USERS.alice.id;

let db: FreshDatabase;
let app: AppServer;
let noSecretApp: AppServer;

Deno.test.beforeAll(async () => {
  db = await freshDatabase();
  app = await startApp({ db, legacySecret: true });
  noSecretApp = await startApp({ db });
});
Deno.test.afterAll(async () => {
  await app?.close();
  await noSecretApp?.close();
  await db?.drop();
});

const b64url = (value: unknown) =>
  btoa(typeof value === "string" ? value : JSON.stringify(value)).replace(/=+$/, "").replaceAll("+", "-")
    .replaceAll("/", "_");

function hs256(secret: Uint8Array | string, claims: JWTPayload, kid?: string): Promise<string> {
  const key = typeof secret === "string" ? new TextEncoder().encode(secret) : secret;
  return new SignJWT(claims).setProtectedHeader({ alg: "HS256", typ: "JWT", ...(kid ? { kid } : {}) }).sign(key);
}

function get(server: AppServer, path: string, token: string | undefined): Promise<Answer> {
  return server.fetch(path, { headers: token === undefined ? {} : { Authorization: `Bearer ${token}` } }).then(read);
}

function mcpCall(server: AppServer, token: string, name: string, args: Record<string, unknown> = {}) {
  return server.fetch("/v1/mcp", {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      Authorization: `Bearer ${token}`,
    },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
  }).then(read);
}

function assertRefused(answer: Answer, what: string, secrets: readonly string[], token: string): void {
  assertProblemShape(answer, 401, what);
  assert.match(answer.headers.get("www-authenticate") ?? "", /^Bearer\b.*error="invalid_token"/, what);
  // the refusal never echoes the token (nor its signature)
  assertNoLeak(answer, [...secrets, token, token.split(".")[2] || token], "", what);
}

/** Refused on every account endpoint, on get_goal_progress over MCP, and on a calculation endpoint. */
async function assertRefusedEverywhere(server: AppServer, token: string, what: string): Promise<void> {
  for (const path of accountPaths) {
    assertRefused(await get(server, path, token), `${what} ${path}`, server.secrets, token);
  }
  assertRefused(await mcpCall(server, token, "get_goal_progress"), `${what} mcp`, server.secrets, token);
  const calc = await server.fetch("/v1/analytics/cashflow", {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}` },
    body: JSON.stringify({ currency: "EUR", year: 2026, transactions: [] }),
  }).then(read);
  assertRefused(calc, `${what} calculation`, server.secrets, token);
}

async function assertAccepted(server: AppServer, token: string, what: string): Promise<void> {
  const answer = await get(server, "/v1/me/goals/progress", token);
  assert.equal(answer.status, 200, `${what}: ${answer.text}`);
  assert.ok(answer.json.goals.length > 0, `${what}: alice has goals`);
}

Deno.test("controls: a good ES256 token, a good legacy HS256 token and 25 s of clock skew are accepted", async () => {
  await assertAccepted(app, await app.token(ALICE), "ES256");
  await assertAccepted(app, await hs256(LEGACY_SECRET, claimsFor(ALICE)), "HS256 with the legacy secret");
  const now = Math.floor(Date.now() / 1000);
  await assertAccepted(app, await app.token(ALICE, { exp: now - 25 }), "expired 25 s ago (within skew)");
  await assertAccepted(app, await app.token(ALICE, { nbf: now + 25 }), "valid in 25 s (within skew)");
  await assertAccepted(app, await app.token(ALICE, { aud: ["other", "authenticated"] }), "aud list");
});

Deno.test("alg none, and algorithms the server does not expect, are refused", async () => {
  const claims = claimsFor(ALICE);
  const header = { alg: "none", typ: "JWT", kid: app.key.kid };
  await assertRefusedEverywhere(app, `${b64url(header)}.${b64url(claims)}.`, "alg none");
  await assertRefusedEverywhere(app, `${b64url({ ...header, alg: "None" })}.${b64url(claims)}.`, "alg None");
  // a real signature with an algorithm outside the allowed set
  const { privateKey } = await generateKeyPair("ES384");
  const es384 = await new SignJWT(claims).setProtectedHeader({ alg: "ES384", kid: app.key.kid }).sign(privateKey);
  await assertRefusedEverywhere(app, es384, "ES384");
  // HS256 where no legacy secret is configured: refused even when signed with that very secret
  await assertRefusedEverywhere(noSecretApp, await hs256(LEGACY_SECRET, claims), "HS256 without a legacy secret");
});

Deno.test("HS256 signed with the public key (algorithm confusion) is refused, in every encoding of the key", async () => {
  const claims = claimsFor(ALICE);
  const jwk = app.key.publicJwk;
  const { importJWK } = await import("jose");
  const spki = await exportSPKI(await importJWK(jwk, "ES256", { extractable: true }) as CryptoKey);
  const encodings = [JSON.stringify(jwk), spki, spki.trim(), String(jwk.x), `${jwk.x}${jwk.y}`];
  for (const secret of encodings) {
    const token = await hs256(secret, claims, app.key.kid);
    await assertRefusedEverywhere(app, token, `HS256 with the public key (${secret.slice(0, 20)}…)`);
    await assertRefusedEverywhere(noSecretApp, token, `HS256 with the public key, no legacy secret`);
  }
});

Deno.test("a foreign key reusing the real kid, or embedded in the header (jwk, jku), is refused", async () => {
  const foreign = await es256Key(app.key.kid);
  await assertRefusedEverywhere(app, await signWith(foreign, claimsFor(ALICE)), "foreign key, real kid");
  const embedded = await new SignJWT(claimsFor(ALICE))
    .setProtectedHeader({ alg: "ES256", kid: app.key.kid, jwk: foreign.publicJwk as never })
    .sign(foreign.privateKey);
  await assertRefusedEverywhere(app, embedded, "embedded jwk header");
  const jku = await new SignJWT(claimsFor(ALICE))
    .setProtectedHeader({ alg: "ES256", kid: app.key.kid, jku: "http://127.0.0.1:1/jwks.json" })
    .sign(foreign.privateKey);
  await assertRefusedEverywhere(app, jku, "jku header");
  // RS256 with an untrusted key and the real kid
  const rsa = await generateKeyPair("RS256");
  const rs = await new SignJWT(claimsFor(ALICE)).setProtectedHeader({ alg: "RS256", kid: app.key.kid }).sign(
    rsa.privateKey,
  );
  await assertRefusedEverywhere(app, rs, "RS256, untrusted key");
  assert.ok(await exportJWK(rsa.publicKey)); // the key was real
});

Deno.test("a tampered payload or header (signature kept) is refused", async () => {
  const good = await app.token(ALICE);
  const [h, , s] = good.split(".");
  const asBob = b64url(claimsFor(DEMO_USERS.bob.id));
  await assertRefusedEverywhere(app, `${h}.${asBob}.${s}`, "payload swapped to bob");
  const payload = JSON.parse(atob(good.split(".")[1]!.replaceAll("-", "+").replaceAll("_", "/")));
  await assertRefusedEverywhere(app, `${h}.${b64url({ ...payload, role: "service_role" })}.${s}`, "role raised");
  await assertRefusedEverywhere(app, `${b64url({ alg: "HS256", kid: app.key.kid })}.${good.split(".")[1]}.${s}`, "alg");
  const flipped = s!.slice(0, -2) + (s!.endsWith("AA") ? "BB" : "AA");
  await assertRefusedEverywhere(app, `${h}.${good.split(".")[1]}.${flipped}`, "signature changed");
  await assertRefusedEverywhere(app, `${h}.${good.split(".")[1]}`, "signature dropped");
  await assertRefusedEverywhere(app, `${good}.extra`, "extra segment");
});

Deno.test("expired, not yet valid, wrong issuer, wrong audience, wrong role: refused", async () => {
  const now = Math.floor(Date.now() / 1000);
  const cases: [string, Record<string, unknown>][] = [
    ["expired 60 s ago", { exp: now - 60, iat: now - 3660 }],
    ["expired long ago", { exp: 1_000_000, iat: 999_000 }],
    ["no exp", { exp: undefined }],
    ["not valid for 120 s", { nbf: now + 120 }],
    ["wrong issuer", { iss: "https://evil.example.com/auth/v1" }],
    ["issuer with a trailing slash", { iss: "http://127.0.0.1:54321/auth/v1/" }],
    ["no issuer", { iss: undefined }],
    ["wrong audience", { aud: "anon" }],
    ["audience list without authenticated", { aud: ["service", "anon"] }],
    ["no audience", { aud: undefined }],
    ["role anon", { role: "anon" }],
    ["role service_role", { role: "service_role" }],
    ["role supabase_admin", { role: "supabase_admin" }],
    ["role postgres", { role: "postgres" }],
    ["no role", { role: undefined }],
  ];
  for (const [what, overrides] of cases) await assertRefusedEverywhere(app, await app.token(ALICE, overrides), what);
});

Deno.test("sub missing, not a UUID, or hostile: refused", async () => {
  for (const sub of [undefined, "", "alice", "a11ce000-0000-4000-8000-00000000000", "' or 1=1 --", 42, null]) {
    const token = await signWith(app.key, claimsFor(undefined, { sub }));
    await assertRefusedEverywhere(app, token, `sub ${JSON.stringify(sub)}`);
  }
});

Deno.test("a valid token of a user with no data: 200 with empty data on every endpoint and tool, no leak", async () => {
  const nobody = crypto.randomUUID();
  const token = await app.token(nobody);
  const ids = (await db.client.query<{ id: string }>(
    "select id::text from public.statement_transactions union all select id::text from public.statement_imports " +
      "union all select id::text from public.goals union all select id::text from auth.users",
  )).map((r) => r.id);
  assert.ok(ids.length > 100, "the database holds other users' rows");
  for (const op of operations.filter((o) => o.kind === "account")) {
    const path = op.path;
    const answer = await get(app, takesCurrency(op) ? `${path}?currency=EUR` : path, token);
    assert.equal(answer.status, 200, `${path}: ${answer.text}`);
    assertNoLeak(answer, [...app.secrets, ...ids], "", path);
    const body = answer.json;
    // Pages carry next_cursor; the stored rules are one list ({ data }) without it.
    if ("data" in body) {
      const page = path !== "/v1/me/categorization/rules";
      assert.deepEqual([body.data, body.next_cursor], [[], page ? null : undefined], path);
    }
    if ("goals" in body) assert.deepEqual(body.goals, [], path);
    if ("categories" in body) assert.deepEqual(body.categories, [], path);
    if ("streams" in body) assert.deepEqual([body.streams, body.totals.active_count], [[], 0], path);
    else if ("events" in body) assert.deepEqual([body.events, body.starting_balance], [[], "0.00"], path);
    else if ("totals" in body) assert.equal(body.totals.transaction_count, 0, path);
    if ("accounts" in body) assert.deepEqual(body.accounts, [], path);
  }
  for (const op of operations.filter((o) => o.kind === "account")) {
    const answer = await mcpCall(app, token, op.name, takesCurrency(op) ? { currency: "EUR" } : {});
    assert.equal(answer.status, 200, `${op.name}: ${answer.text}`);
    assert.notEqual(answer.json.result.isError, true, `${op.name}: ${answer.text}`);
    assertNoLeak(answer, [...app.secrets, ...ids], "", op.name);
  }
});

Deno.test("no token, a token in the query string, or a non-Bearer scheme: 401 on account routes", async () => {
  const token = await app.token(ALICE);
  for (const path of accountPaths) {
    const none = await get(app, path, undefined);
    assertProblemShape(none, 401, `${path} without a token`);
    assert.match(none.headers.get("www-authenticate") ?? "", /^Bearer/);
    assertProblemShape(await app.fetch(`${path}?access_token=${token}`).then(read), [401, 422], `${path} query token`);
    const basic = await app.fetch(path, { headers: { Authorization: `Basic ${btoa(`x:${token}`)}` } }).then(read);
    assertProblemShape(basic, 401, `${path} Basic`);
  }
});

Deno.test("MCP: account tools without a token → 401 naming the protected-resource metadata; calculation tools work", async () => {
  const call = (name: string, args: Record<string, unknown>) =>
    app.fetch("/v1/mcp", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
      body: JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name, arguments: args } }),
    }).then(read);
  for (const op of operations.filter((o) => o.kind === "account")) {
    const answer = await call(op.name, {});
    assertProblemShape(answer, 401, `${op.name} without a token`);
    const challenge = answer.headers.get("www-authenticate") ?? "";
    const metadata = /resource_metadata="([^"]+)"/.exec(challenge)?.[1];
    assert.ok(metadata, `${op.name}: ${challenge}`);
    // hosted layout: the gateway serves the function under /functions/v1
    assert.equal(metadata, `${SUPABASE_URL}/functions/v1/v1/mcp/.well-known/oauth-protected-resource`);
    const document = await app.fetch("/v1/mcp/.well-known/oauth-protected-resource").then(read);
    assert.equal(document.status, 200, document.text);
    assert.deepEqual(document.json.authorization_servers, [ISSUER], document.text);
  }
  const calc = await call("calculate_cashflow", { currency: "EUR", year: 2026, transactions: [] });
  assert.equal(calc.status, 200, calc.text);
  assert.equal(calc.json.result.structuredContent.currency, "EUR");
});

Deno.test("JWKS outage: 503 + Retry-After while no key was ever fetched, then keys are cached through outages", async () => {
  // A JWKS endpoint this test can take down: serves the trusted public key while `up`, refuses otherwise.
  let up = false;
  let fetches = 0;
  const key = await es256Key();
  const jwks = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => {
    fetches++;
    return up ? Response.json({ keys: [key.publicJwk] }) : new Response("down", { status: 503 });
  });
  const server = await startApp({
    db,
    env: { SUPABASE_JWKS: "", SUPABASE_JWKS_URL: `http://127.0.0.1:${jwks.addr.port}/auth/v1/.well-known/jwks.json` },
  });
  try {
    const token = await signWith(key, claimsFor(ALICE));
    const calc = () =>
      server.fetch("/v1/analytics/cashflow", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ currency: "EUR", year: 2026, transactions: [] }),
      }).then(read);
    const started = performance.now();
    const down = await get(server, "/v1/me/goals/progress", token);
    assertProblemShape(down, 503, "JWKS down, nothing cached");
    assertNoLeak(down, [...server.secrets, token], "", "JWKS down");
    assert.ok(performance.now() - started < 10_000, "answered within the fetch timeout");
    assert.equal((await calc()).status, 200, "calculations do not need the key set");
    up = true;
    // jose waits a cooldown between refetches; the service recovers by itself once it passes
    let recovered = false;
    for (let i = 0; i < 80 && !recovered; i++) {
      const answer = await get(server, "/v1/me/goals/progress", token);
      recovered = answer.status === 200;
      if (!recovered) {
        assertProblemShape(answer, 503, "JWKS back, cooldown");
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
    }
    assert.ok(recovered, "recovered after the JWKS endpoint came back");
    up = false;
    const cached = await get(server, "/v1/me/goals/progress", token);
    assert.equal(cached.status, 200, "the cached keys keep verifying while the endpoint is down again");
    // a forged token naming an unknown kid during the outage is refused or 503, never accepted
    const forged = await signWith(await es256Key(), claimsFor(ALICE));
    const answer = await get(server, "/v1/me/goals/progress", forged);
    assertProblemShape(answer, [401, 503], "unknown kid during the outage");
    assert.ok(fetches >= 2, `${fetches} JWKS fetches`);
  } finally {
    await server.close();
    await jwks.shutdown();
  }
});
