import assert from "node:assert/strict";
import { createOperations } from "@pfa/core";
import { parseJsonBody } from "@pfa/core/json/parse-json-body.ts";
import { AuthError } from "../auth/errors.ts";
import type { VerifiedUser } from "../http/bearer.ts";
import { ProblemError } from "../http/problem.ts";
import { createMcpHttpHandler } from "./handler.ts";
import { toolsFromOperations } from "./tools.ts";

const METADATA = "https://x.test/functions/v1/v1/mcp/.well-known/oauth-protected-resource";
const USER: VerifiedUser = { sub: "11111111-1111-4111-8111-111111111111", claims: {}, token: "good" };
// The verifier is a collaborator here: "Bearer good" passes, anything else is refused like the real one would.
const verifier = {
  verify: (header: string) =>
    header === "Bearer good" ? Promise.resolve(USER) : Promise.reject(new AuthError("bad_signature", "Bad signature.")),
};
const seen: (VerifiedUser | undefined)[] = [];
const handler = createMcpHttpHandler({
  tools: toolsFromOperations(createOperations().list),
  bodyLimits: 4096,
  maxBatch: 20,
  verifier,
  validateJson: parseJsonBody,
  invoker: (user) => () => Promise.resolve({ ok: true, body: { user: user?.sub ?? null } }),
});
const context = {
  requestId: "r1",
  metadataUrl: METADATA,
  admit: (user: VerifiedUser | undefined) => void seen.push(user),
};

function post(body: string, headers: Record<string, string> = {}): Request {
  return new Request("http://fn/v1/mcp", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json, text/event-stream", ...headers },
    body,
  });
}
const call = (name: string) => JSON.stringify({ jsonrpc: "2.0", id: 1, method: "tools/call", params: { name } });

async function problemOf(promise: Promise<unknown>): Promise<ProblemError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ProblemError) return error;
    throw error;
  }
  throw new Error("expected a ProblemError");
}

Deno.test("handler: an account tool without a token is 401 with a resource_metadata challenge", async () => {
  const problem = await problemOf(handler(post(call("get_cashflow")), context));
  assert.equal(problem.status, 401);
  assert.deepEqual(problem.options.headers, { "WWW-Authenticate": `Bearer resource_metadata="${METADATA}"` });
});

Deno.test("handler: a refused token is 401 invalid_token for any message", async () => {
  const problem = await problemOf(handler(post(call("calculate_cashflow"), { Authorization: "Bearer bad" }), context));
  assert.equal(problem.status, 401);
  assert.deepEqual(problem.options.headers, {
    "WWW-Authenticate": `Bearer error="invalid_token", resource_metadata="${METADATA}"`,
  });
});

Deno.test("handler: the verified user is admitted and bound to the call; no token runs calculations", async () => {
  seen.length = 0;
  const withUser = await (await handler(post(call("get_cashflow"), { Authorization: "Bearer good" }), context)).json();
  assert.deepEqual(withUser.result.structuredContent, { user: USER.sub });
  const anonymous = await (await handler(post(call("calculate_cashflow")), context)).json();
  assert.deepEqual(anonymous.result.structuredContent, { user: null });
  assert.deepEqual(seen, [USER, undefined]);
});

Deno.test("handler: a body that is not JSON is a JSON-RPC parse error; too large is 413; GET is 405", async () => {
  const response = await handler(post("{nope"), context);
  assert.equal(response.status, 400);
  assert.equal((await response.json()).error.code, -32700);
  assert.equal((await problemOf(handler(post(" ".repeat(5000)), context))).status, 413);
  const get = await problemOf(handler(new Request("http://fn/v1/mcp"), context));
  assert.equal(get.status, 405);
  assert.match(get.options.headers?.Allow ?? "", /POST/);
});

Deno.test("handler: a refused token counts against the client before the 401, and a 429 replaces it", async () => {
  const admitted: (VerifiedUser | undefined)[] = [];
  const counting = { ...context, admit: (user: VerifiedUser | undefined) => void admitted.push(user) };
  const bad = { Authorization: "Bearer bad" };
  assert.equal((await problemOf(handler(post(call("calculate_cashflow"), bad), counting))).status, 401);
  assert.deepEqual(admitted, [undefined]);
  const full = {
    ...context,
    admit: () => {
      throw new ProblemError(429, "Too many requests.");
    },
  };
  assert.equal((await problemOf(handler(post(call("calculate_cashflow"), bad), full))).status, 429);
});

Deno.test("handler: notifications/cancelled is dropped, so a batch that cancels its own request is still answered", async () => {
  const list = { jsonrpc: "2.0", id: 1, method: "tools/list" };
  const cancel = { jsonrpc: "2.0", method: "notifications/cancelled", params: { requestId: 1 } };
  // The audit's batch: before, the SDK dropped the cancelled response and the POST never got an answer.
  const response = await handler(post(JSON.stringify([list, cancel])), context);
  assert.equal(response.status, 200);
  const answers = [await response.json()].flat(); // the SDK answers a batch of one response with the object alone
  assert.equal(answers.length, 1);
  assert.equal(answers[0].id, 1);
  assert.ok(Array.isArray(answers[0].result.tools));
  // Cancellations alone: nothing to answer.
  const alone = await handler(post(JSON.stringify(cancel)), context);
  assert.equal(alone.status, 202);
  assert.equal(await alone.text(), "");
  assert.equal((await handler(post(JSON.stringify([cancel, cancel])), context)).status, 202);
});

Deno.test("handler: a POST not answered within the answer timeout is a 503 with Retry-After", async () => {
  const stuck = createMcpHttpHandler({
    tools: toolsFromOperations(createOperations().list),
    bodyLimits: 4096,
    maxBatch: 20,
    verifier,
    validateJson: parseJsonBody,
    answerTimeoutMs: 50,
    invoker: () => () => new Promise(() => {}), // a tool that never finishes
  });
  const body = JSON.stringify({
    jsonrpc: "2.0",
    id: 1,
    method: "tools/call",
    params: { name: "calculate_cashflow", arguments: { currency: "EUR", transactions: [] } },
  });
  const problem = await problemOf(stuck(post(body), context));
  assert.equal(problem.status, 503);
  assert.deepEqual(problem.options.headers, { "Retry-After": "1" });
});

Deno.test("handler: a batch in which two requests share an id is Invalid Request (the SDK answered only one)", async () => {
  const list = (id: number | string) => ({ jsonrpc: "2.0", id, method: "tools/list" });
  const response = await handler(post(JSON.stringify([list(1), list(2), list(1)])), context);
  assert.equal(response.status, 400);
  const body = await response.json();
  assert.equal(body.error.code, -32600);
  assert.match(body.error.message, /the id 1 is used by more than one request/);
  // The same value as a string and as a number are different ids; notifications carry none.
  const mixed = [list(1), list("1"), { jsonrpc: "2.0", method: "notifications/initialized" }];
  assert.equal((await handler(post(JSON.stringify(mixed)), context)).status, 200);
});

Deno.test("handler: every request of a batch counts against the rate limit, tools/list too; notifications do not", async () => {
  const points: number[] = [];
  const counting = { ...context, admit: (_: VerifiedUser | undefined, n = 1) => void points.push(n) };
  const list = (id: number) => ({ jsonrpc: "2.0", id, method: "tools/list" });
  const note = { jsonrpc: "2.0", method: "notifications/initialized" };
  const response = await handler(post(JSON.stringify([list(1), list(2), note, list(3)])), counting);
  assert.equal(response.status, 200);
  assert.deepEqual(points, [1, 2], "one for the POST, then the batch's two other requests");
  points.length = 0;
  await handler(post(JSON.stringify(list(1))), counting);
  assert.deepEqual(points, [1]);
});
