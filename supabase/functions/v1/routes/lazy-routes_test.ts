/**
 * Operations loaded on first use (routes/registry.ts) behind the app's routes: the real registry answers the first
 * calculation exactly as the core computes it, and a load that fails is a 500 problem for that request only (no
 * hang, no detail), tried again by the next request.
 */
import assert from "node:assert/strict";
import { createOperations, type Operation } from "@pfa/core";
import { createApp } from "../app.ts";
import { silentRequestLogger } from "../http/request-log.ts";
import { operationsOf, type OperationSource } from "./registry.ts";

const config = {
  limits: {
    maxBodyBytes: 1024 * 1024,
    bodyReadTimeoutMs: 5000,
    maxConcurrentBodyReads: 8,
    maxTransactions: 100,
    maxBudgets: 10,
    maxGoals: 10,
    maxContributionsPerGoal: 10,
    maxTextLength: 200,
    maxStatements: 10,
    mcpMaxBatch: 10,
  },
  rateLimit: { requests: 1000, windowSeconds: 60, maxKeys: 100 },
} as never;
const deps = {
  config,
  verifier: { verify: () => Promise.reject(new Error("no token expected")) },
  accountData: { withUser: () => Promise.reject(new Error("no database")) },
};
const body = JSON.stringify({
  currency: "EUR",
  year: 2025,
  transactions: [{ date: "2025-03-02", amount: "2500.00" }, { date: "2025-03-05", amount: "-12.30" }],
});
const post = (app: ReturnType<typeof createApp>, path = "/v1/analytics/cashflow") =>
  app.request(path, { method: "POST", headers: { "content-type": "application/json" }, body });

/** A source whose loads fail `failures` times before succeeding; counts the loads. */
function flaky(failures: number): OperationSource & { loads: number } {
  const real = operationsOf(createOperations().list);
  const source = {
    loads: 0,
    routes: real.routes,
    built: () => undefined,
    get(name: string): Promise<Operation> {
      source.loads++;
      return source.loads <= failures
        ? Promise.reject(new TypeError(`Module not found: secret/path/${name}.ts`))
        : real.get(name);
    },
    all: () => real.all(),
  };
  return source;
}

Deno.test("lazy routes: the first calculation through the real registry is the core's answer", async () => {
  const app = createApp(deps, { log: silentRequestLogger });
  const response = await post(app);
  assert.equal(response.status, 200);
  const op = createOperations().byName.calculate_cashflow;
  assert.equal(await response.text(), JSON.stringify(op.run(op.input.parse(JSON.parse(body)))));
});

Deno.test("lazy routes: a failed load is a 500 problem without detail; the next request loads again", async () => {
  const source = flaky(1);
  const app = createApp(deps, { log: silentRequestLogger, operations: source });
  const failed = await post(app);
  assert.equal(failed.status, 500);
  assert.equal(failed.headers.get("content-type"), "application/problem+json");
  const problem = await failed.json();
  assert.equal(problem.code, "internal_error");
  assert.ok(!JSON.stringify(problem).includes("secret"), "the load error's message is not sent");
  const retried = await post(app);
  assert.equal(retried.status, 200);
  assert.equal(source.loads, 2);
  // Loaded once: later requests reuse the handler.
  assert.equal((await post(app)).status, 200);
  assert.equal(source.loads, 2);
});

Deno.test("lazy routes: the OpenAPI document waits for the operations; a failed load is a 500 problem", async () => {
  const failing: OperationSource = {
    ...operationsOf(createOperations().list),
    all: () => Promise.reject(new TypeError("Module not found: secret/path")),
  };
  const broken = createApp(deps, { log: silentRequestLogger, operations: failing });
  const failed = await broken.request("/v1/openapi.json");
  assert.equal(failed.status, 500);
  assert.equal((await failed.json()).code, "internal_error");
  const app = createApp(deps, { log: silentRequestLogger });
  const document = await (await app.request("/v1/openapi.json")).json();
  assert.deepEqual(
    Object.keys(document.paths).slice(0, 4),
    ["/v1/analytics/cashflow", "/v1/analytics/spending-by-category", "/v1/budget/summary", "/v1/goals/progress"],
  );
});
