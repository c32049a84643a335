/**
 * The invariants every answer must keep, whatever was sent (API.md §5):
 * - never a 5xx (except a 503 where a suite makes the database fail on purpose);
 * - every non-2xx is `application/problem+json` with `type, title, status, detail, code, request_id`, the status
 *   and code agreeing with the contract's table, `request_id` equal to the `X-Request-Id` header;
 * - security headers on every answer;
 * - nothing secret or internal in headers or body: no configured secret, no SQL, no stack trace, no file path.
 */
import assert from "node:assert/strict";

/** API.md §5: status → code. Written from the contract, not read from the code under test. */
export const CONTRACT_CODES: Readonly<Record<number, string>> = {
  400: "invalid_json",
  401: "unauthorized",
  404: "not_found",
  405: "method_not_allowed",
  408: "request_timeout", // issue 12: a body that does not arrive within the read timeout
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "validation_failed",
  429: "rate_limited",
  500: "internal_error",
  503: "service_unavailable",
};

/** Internals that must never reach a client (checked only when the request itself did not contain them). */
const LEAKS: readonly [string, RegExp][] = [
  ["stack trace", /\n\s+at\s|at [\w.<>]+ \((file|node|ext):|\.ts:\d+:\d+/],
  ["file path", /file:\/\/|\/work\/|node_modules|supabase\/functions/],
  ["SQL text", /\bselect\b[\s\S]{0,200}\bfrom\b|\bset local\b|\bset_config\b|\bpublic\.me_|\bauth\.uid\b/i],
  ["Postgres error", /SQLSTATE|\bsyntax error at\b|\brelation "|\bpermission denied\b|\bstatement timeout\b/i],
  ["driver error", /ECONNREFUSED|ECONNRESET|CONNECTION_CLOSED|postgres:\/\/|postgresql:\/\//i],
  ["error class", /\b(TypeError|RangeError|ReferenceError|SyntaxError|DatabaseUnavailableError)\b/],
];

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  // deno-lint-ignore no-explicit-any
  readonly json: any;
}

/** Reads the whole answer (so no body is left unconsumed). */
export async function read(response: Response): Promise<Answer> {
  const text = await response.text();
  let json: unknown = undefined;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

function isDocumentation(answer: Answer): boolean {
  const type = answer.headers.get("content-type") ?? "";
  return type.startsWith("text/html") || type.startsWith("text/markdown") ||
    (typeof answer.json?.openapi === "string" && typeof answer.json?.paths === "object");
}

function headerText(headers: Headers): string {
  return [...headers].map(([k, v]) => `${k}: ${v}`).join("\n");
}

/** No secret, SQL, stack trace or path in the answer. `sent` is the request as text, to allow echoes of input. */
export function assertNoLeak(answer: Answer, secrets: readonly string[], sent = "", what = ""): void {
  const all = `${headerText(answer.headers)}\n\n${answer.text}`;
  for (const secret of secrets) {
    assert.ok(!all.includes(secret), `${what}: the answer echoes a secret (${secret.slice(0, 6)}…)`);
  }
  // The API reference (OpenAPI document, docs page) describes timeouts and SQL functions on purpose.
  if (answer.status === 200 && isDocumentation(answer)) return;
  for (const [name, pattern] of LEAKS) {
    if (pattern.test(sent)) continue;
    const m = pattern.exec(all);
    assert.ok(m === null, `${what}: the answer leaks ${name}: ${JSON.stringify(m?.[0])} in ${all.slice(0, 600)}`);
  }
}

export function assertSecurityHeaders(answer: Answer, what = ""): void {
  const h = answer.headers;
  assert.equal(h.get("x-content-type-options"), "nosniff", `${what}: X-Content-Type-Options`);
  assert.ok(h.get("content-security-policy")?.includes("default-src 'none'"), `${what}: Content-Security-Policy`);
  assert.ok(h.get("content-security-policy")?.includes("frame-ancestors 'none'"), `${what}: frame-ancestors`);
  assert.equal(h.get("referrer-policy"), "no-referrer", `${what}: Referrer-Policy`);
  assert.ok(h.get("x-request-id"), `${what}: X-Request-Id`);
  assert.ok(!h.has("x-powered-by"), `${what}: X-Powered-By`);
}

/** A problem+json answer with `status` (or one of `status`), shaped by API.md §5. Returns the problem body. */
// deno-lint-ignore no-explicit-any
export function assertProblemShape(answer: Answer, status?: number | readonly number[], what = ""): any {
  const allowed = status === undefined ? undefined : typeof status === "number" ? [status] : status;
  if (allowed) {
    assert.ok(
      allowed.includes(answer.status),
      `${what}: status ${answer.status}, expected ${allowed.join("|")}: ${answer.text.slice(0, 400)}`,
    );
  }
  assert.ok(answer.status >= 400, `${what}: not an error status (${answer.status})`);
  assert.equal(answer.headers.get("content-type"), "application/problem+json", `${what}: content-type`);
  const p = answer.json;
  assert.ok(p && typeof p === "object" && !Array.isArray(p), `${what}: body is not a JSON object: ${answer.text}`);
  assert.equal(p.status, answer.status, `${what}: body status`);
  assert.equal(p.code, CONTRACT_CODES[answer.status], `${what}: code for ${answer.status}`);
  for (const field of ["type", "title", "detail", "request_id"]) {
    assert.equal(typeof p[field], "string", `${what}: ${field} is a string`);
  }
  assert.equal(p.request_id, answer.headers.get("x-request-id"), `${what}: request_id = X-Request-Id`);
  if (p.errors !== undefined) {
    assert.ok(Array.isArray(p.errors) && p.errors.length > 0, `${what}: errors is a non-empty array`);
    for (const item of p.errors) {
      assert.equal(typeof item.code, "string", `${what}: errors[].code`);
      assert.equal(typeof item.message, "string", `${what}: errors[].message`);
      assert.ok(
        typeof item.pointer === "string" || typeof item.parameter === "string",
        `${what}: errors[] names a pointer or a parameter: ${JSON.stringify(item)}`,
      );
      if (typeof item.pointer === "string") assert.ok(item.pointer === "" || item.pointer.startsWith("/"), what);
    }
  }
  if (answer.status === 401) {
    assert.match(answer.headers.get("www-authenticate") ?? "", /^Bearer\b/, `${what}: WWW-Authenticate`);
  }
  if (answer.status === 405) assert.ok(answer.headers.get("allow"), `${what}: Allow`);
  if (answer.status === 429 || answer.status === 503) {
    assert.match(answer.headers.get("retry-after") ?? "", /^\d+$/, `${what}: Retry-After`);
  }
  return p;
}

/** Never a 5xx; any error is a well-formed problem; security headers; nothing leaks. */
export function assertWellBehaved(answer: Answer, secrets: readonly string[], sent: string, what: string): void {
  assert.ok(answer.status < 500, `${what}: ${answer.status} ${answer.text.slice(0, 400)}`);
  assertSecurityHeaders(answer, what);
  if (answer.status >= 400) assertProblemShape(answer, undefined, what);
  assertNoLeak(answer, secrets, sent, what);
}
