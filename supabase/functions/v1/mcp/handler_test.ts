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
