/**
 * The OpenAPI document over real HTTP: valid OpenAPI 3.1 by a real validator, and in step with the routes that
 * exist (every route is documented, every documented operation answers). Also the HTML reference.
 */
import assert from "node:assert/strict";
import { Validator } from "@seriousme/openapi-schema-validator";
import { type Harness, startHarness } from "./harness.ts";

let harness: Harness;
// deno-lint-ignore no-explicit-any
let document: any;

Deno.test.beforeAll(async () => {
  harness = await startHarness({ database: "none" });
  const response = await harness.fetch("/v1/openapi.json");
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "application/json");
  document = await response.json();
});
Deno.test.afterAll(async () => {
  await harness?.close();
});

const METHODS = ["get", "post", "put", "patch", "delete"];

Deno.test("openapi.json is a valid OpenAPI 3.1 document", async () => {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document));
  assert.deepEqual(result.errors ?? [], []);
  assert.equal(result.valid, true);
  assert.match(document.openapi, /^3\.1\./);
  assert.deepEqual(document.servers.map((s: { url: string }) => s.url), [
    "https://{project_ref}.supabase.co/functions/v1",
    "http://127.0.0.1:54321/functions/v1",
  ]);
});

Deno.test("the ten operations of API.md §3 are documented with their operationId, method and path", () => {
  const expected = [
    ["post", "/v1/analytics/cashflow", "calculate_cashflow"],
    ["post", "/v1/analytics/spending-by-category", "calculate_spending_by_category"],
    ["post", "/v1/budget/summary", "calculate_budget_summary"],
    ["post", "/v1/goals/progress", "calculate_goal_progress"],
    ["get", "/v1/me/budget/summary", "get_budget_summary"],
    ["get", "/v1/me/analytics/cashflow", "get_cashflow"],
    ["get", "/v1/me/analytics/spending-by-category", "get_spending_by_category"],
    ["get", "/v1/me/goals/progress", "get_goal_progress"],
    ["get", "/v1/me/statements/imports", "list_statement_imports"],
    ["get", "/v1/me/statements/transactions", "list_statement_transactions"],
    ["post", "/v1/analytics/trends", "calculate_trends"],
    ["get", "/v1/me/analytics/trends", "get_trends"],
    ["post", "/v1/analytics/net-worth", "calculate_net_worth"],
    ["get", "/v1/me/analytics/net-worth", "get_net_worth"],
    ["get", "/v1/me/accounts", "list_accounts"],
    ["post", "/v1/analytics/recurring", "calculate_recurring"],
    ["get", "/v1/me/analytics/recurring", "get_recurring"],
    ["post", "/v1/analytics/forecast", "calculate_forecast"],
    ["get", "/v1/me/analytics/forecast", "get_forecast"],
    ["post", "/v1/analytics/categorize", "categorize_transactions"],
    ["post", "/v1/analytics/categorization/suggestions", "calculate_categorization_suggestions"],
    ["get", "/v1/me/categorization/rules", "list_categorization_rules"],
    ["get", "/v1/me/categorization/suggestions", "get_categorization_suggestions"],
    ["get", "/v1/health", "health"],
    ["get", "/v1/openapi.json", "openapi"],
    ["get", "/v1/docs", "docs"],
  ];
  for (const [method, path, id] of expected) {
    const op = document.paths[path!]?.[method!];
    assert.ok(op, `${method} ${path} is documented`);
    assert.equal(op.operationId, id);
  }
  const account = document.paths["/v1/me/statements/transactions"].get;
  assert.deepEqual(account.security, [{ bearerAuth: [] }]);
  assert.deepEqual(
    account.parameters.map((p: { name: string }) => p.name).sort(),
    ["category", "cursor", "from", "kind", "limit", "statement_import_id", "to"],
  );
  assert.ok(account.responses["200"].headers.Link, "paginated responses document Link");
  assert.ok(account.responses["304"], "account responses document 304");
  const calculation = document.paths["/v1/analytics/cashflow"].post;
  assert.ok(calculation.requestBody.content["application/json"].schema);
  for (const status of ["400", "401", "413", "415", "422", "429", "500"]) {
    assert.ok(calculation.responses[status]?.content["application/problem+json"], `problem ${status}`);
  }
});

Deno.test("every route of the app is documented", () => {
  const documented = new Set<string>();
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) if ((item as Record<string, unknown>)[method]) documented.add(`${method} ${path}`);
  }
  const routes = harness.app.routes.filter((r) => r.method !== "ALL" && !r.path.includes("*"));
  assert.ok(routes.length >= 13);
  for (const route of routes) {
    assert.ok(documented.has(`${route.method.toLowerCase()} ${route.path}`), `${route.method} ${route.path}`);
  }
});

Deno.test("every documented operation answers over HTTP (never 404 or 405)", async () => {
  for (const [path, item] of Object.entries(document.paths)) {
    for (const method of METHODS) {
      if (!(item as Record<string, unknown>)[method]) continue;
      const response = await harness.fetch(path, { method: method.toUpperCase() });
      await response.body?.cancel();
      assert.ok(![404, 405].includes(response.status), `${method} ${path} answered ${response.status}`);
    }
  }
});

Deno.test("every response schema and error response uses the shared Problem schema", () => {
  assert.ok(document.components.schemas.Problem);
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const op = (item as Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>)[
        method
      ];
      if (!op) continue;
      for (const [status, response] of Object.entries(op.responses)) {
        if (Number(status) < 400) continue;
        assert.ok(response.content?.["application/problem+json"], `${method} ${status} is a problem`);
      }
    }
  }
});

Deno.test("GET /v1/docs: the Scalar page, its script from this function only, and an anchor per problem code", async () => {
  const response = await harness.fetch("/v1/docs");
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "text/html; charset=utf-8");
  const csp = response.headers.get("content-security-policy")!;
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/, "scripts: this origin and the page's own");
  assert.match(csp, /connect-src 'self'(;|$)/, "requests (openapi.json, try it) only to this origin");
  const html = await response.text();
  for (const code of ["invalid_json", "unauthorized", "validation_failed", "rate_limited", "service_unavailable"]) {
    assert.ok(html.includes(`id="problem-${code}"`), code);
  }
  assert.deepEqual([...html.matchAll(/<script src="([^"]+)"/g)].map((m) => m[1]), ["docs/scalar.js"]);
  assert.doesNotMatch(html, /(src|href)="(https?:)?\/\//i, "nothing from another host");

  const script = await harness.fetch("/v1/docs/scalar.js", { headers: { "Accept-Encoding": "identity" } });
  assert.equal(script.status, 200);
  assert.equal(script.headers.get("content-type"), "text/javascript; charset=utf-8");
  const text = await script.text();
  assert.ok(text.includes("createApiReference"), "Scalar's standalone bundle");
  const gzipped = await harness.fetch("/v1/docs/scalar.js", { headers: { "Accept-Encoding": "gzip" } });
  assert.equal(gzipped.headers.get("content-encoding"), "gzip");
  const raw = new Uint8Array(await gzipped.arrayBuffer());
  const unzipped = raw[0] === 0x1f && raw[1] === 0x8b
    ? await new Response(new Blob([raw]).stream().pipeThrough(new DecompressionStream("gzip"))).text()
    : new TextDecoder().decode(raw); // a client that decoded it already
  assert.equal(unzipped, text);
});

Deno.test("GET /v1/health answers ok without the database", async () => {
  const response = await harness.fetch("/v1/health");
  assert.equal(response.status, 200);
  assert.deepEqual(await response.json(), { status: "ok", version: "1.1.0" });
  assert.equal(response.headers.get("cache-control"), "no-store");
});
