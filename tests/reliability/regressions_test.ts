/**
 * Regression tests for what the reliability suites found broken (RELIABILITY.md, "Findings"), at the default limits.
 * The database outage crash (finding 1) is pinned by faults_test.ts and supabase/functions/v1/data/direct/
 * sql-engine_test.ts.
 */
import assert from "node:assert/strict";
import { DEMO_USERS } from "../../scripts/db/demo-data.ts";
import { type AppServer, startApp } from "./helpers/app.ts";
import { assertProblemShape, assertWellBehaved, read } from "./helpers/checks.ts";
import { type FreshDatabase, freshDatabase } from "./helpers/database.ts";

let db: FreshDatabase;
let app: AppServer;

Deno.test.beforeAll(async () => {
  db = await freshDatabase();
  app = await startApp({ db });
});
Deno.test.afterAll(async () => {
  await app?.close();
  await db?.drop();
});

Deno.test("deep nesting (10^5 and 10^6 levels, within the 5 MiB limit) → 400 or 422, never 500", async () => {
  for (const depth of [100_000, 1_000_000]) {
    for (const [open, close] of [["[", "]"], ['{"a":', "}"]] as const) {
      const body = `{"currency":"EUR","transactions":${open.repeat(depth)}1${close.repeat(depth)}}`;
      for (const path of ["/v1/analytics/cashflow", "/v1/mcp"]) {
        const mcp = path === "/v1/mcp";
        const sent = mcp
          ? `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"calculate_cashflow","arguments":${body}}}`
          : body;
        const answer = await app.fetch(path, {
          method: "POST",
          headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream" },
          body: sent,
        }).then(read);
        const what = `${path} nesting ${depth} ${open}`;
        if (new TextEncoder().encode(sent).byteLength > app.config.limits.maxBodyBytes) {
          assert.equal(answer.status, 413, what);
          continue;
        }
        assertWellBehaved(answer, app.secrets, "", what);
        if (mcp) {
          // Nesting past 32 is refused before parsing, like an object of more than 1,000 members: over MCP, a
          // JSON-RPC parse error for the whole message (a small one: the pointer stops at the limit).
          assert.equal(answer.status, 400, `${what}: ${answer.text.slice(0, 300)}`);
          assert.equal(answer.json.error?.code, -32700, answer.text.slice(0, 300));
          assert.match(answer.json.error.message, /more than 32 deep/);
          assert.ok(answer.text.length < 4096, `${what}: ${answer.text.length} bytes`);
        } else {
          assert.equal(answer.status, 422, `${what}: ${answer.status}`);
          assert.equal(answer.json.errors?.[0]?.code, "too_deep", answer.text.slice(0, 300));
        }
      }
    }
  }
});

Deno.test("MCP tools/call with arguments that are not an object → Invalid params (-32602), not Internal error", async () => {
  const token = await app.token(DEMO_USERS.alice.id);
  for (const args of ["true", "1", '"x"', "[]", "null"]) {
    for (const name of ["calculate_cashflow", "get_goal_progress"]) {
      const answer = await app.fetch("/v1/mcp", {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          Accept: "application/json, text/event-stream",
          Authorization: `Bearer ${token}`,
        },
        body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"${name}","arguments":${args}}}`,
      }).then(read);
      const what = `${name} arguments ${args}`;
      assert.ok(answer.status < 500, what);
      const problem = answer.json?.result?.isError === true;
      const invalidParams = answer.json?.error?.code === -32602;
      assert.ok(problem || invalidParams, `${what}: ${answer.text.slice(0, 300)}`);
      assert.ok(!/"expected"|"path"|invalid_type/.test(answer.json?.error?.message ?? ""), `${what}: zod internals`);
    }
  }
});

Deno.test("MCP transport failures are problem+json (with the JSON-RPC error members); any Accept is served", async () => {
  const post = (body: string, headers: Record<string, string>) =>
    app.fetch("/v1/mcp", { method: "POST", headers, body }).then(read);
  const list = '{"jsonrpc":"2.0","id":1,"method":"tools/list"}';
  const accept = "application/json, text/event-stream";
  for (
    const [what, body, rpcCode] of [["not JSON", "{", -32700], ["not JSON-RPC", '{"jsonrpc":"1.0","id":1}', -32700]]
  ) {
    const answer = await post(body as string, { "Content-Type": "application/json", Accept: accept });
    assertProblemShape(answer, 400, what as string);
    assert.deepEqual(
      [answer.json.jsonrpc, answer.json.error.code, answer.json.id],
      ["2.0", rpcCode, null],
      what as string,
    );
  }
  assertProblemShape(await post(list, { "Content-Type": "text/plain", Accept: accept }), 415, "text/plain");
  for (const a of ["application/json", "text/html", ""]) {
    const answer = await post(list, { "Content-Type": "application/json", ...(a ? { Accept: a } : {}) });
    assert.equal(answer.status, 200, `Accept ${JSON.stringify(a)}: ${answer.text.slice(0, 200)}`);
    assert.ok(Array.isArray(answer.json.result.tools), "tools/list answered");
  }
});
