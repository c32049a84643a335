import assert from "node:assert/strict";
import { problemResponse, problemTypeBase } from "./problem.ts";

Deno.test("problemResponse: RFC 9457 body with the code of the status, extra headers kept", async () => {
  const response = problemResponse(405, "POST is not allowed.", "req-1", { headers: { Allow: "GET, HEAD, OPTIONS" } });
  assert.equal(response.status, 405);
  assert.equal(response.headers.get("content-type"), "application/problem+json");
  assert.equal(response.headers.get("allow"), "GET, HEAD, OPTIONS");
  assert.equal(response.headers.get("cache-control"), "no-store");
  assert.deepEqual(await response.json(), {
    type: "/v1/docs#problem-method_not_allowed",
    title: "Method not allowed",
    status: 405,
    detail: "POST is not allowed.",
    code: "method_not_allowed",
    request_id: "req-1",
  });
  const withErrors = await problemResponse(422, "bad", "r", {
    errors: [{ parameter: "month", code: "out_of_range", message: "Parameter `month` must be at most 12." }],
  }).json();
  assert.deepEqual(withErrors.errors, [{
    parameter: "month",
    code: "out_of_range",
    message: "Parameter `month` must be at most 12.",
  }]);
});

Deno.test("problemResponse: with the type base (problemTypeBase of SUPABASE_URL), type is an absolute URI", async () => {
  assert.equal(problemTypeBase(undefined), undefined);
  assert.equal(problemTypeBase(""), undefined);
  assert.equal(problemTypeBase("https://abc.supabase.co/"), "https://abc.supabase.co/functions/v1");
  const base = problemTypeBase("http://127.0.0.1:54321");
  const body = await problemResponse(404, "No route /v1/nope.", "req-2", {}, base).json();
  assert.equal(body.type, "http://127.0.0.1:54321/functions/v1/v1/docs#problem-not_found");
  assert.deepEqual(Object.keys(body), ["type", "title", "status", "detail", "code", "request_id"]);
});
