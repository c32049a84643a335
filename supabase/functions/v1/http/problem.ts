/**
 * Problem responses (RFC 9457) for every non-2xx answer (API.md §5). The body is the core's `makeProblem`, so
 * REST, MCP and the core agree on type URIs, titles and key order. `ProblemError` is thrown anywhere in the HTTP
 * layer and turned into a response by the app's error handler; no route builds an error body by hand.
 */
import { type ErrorItem, makeProblem, type ProblemCode } from "@pfa/core/problem/problem.ts";

/** The status of each code (API.md §5), as this layer throws them. */
export const PROBLEM_CODES = {
  400: "invalid_json",
  401: "unauthorized",
  404: "not_found",
  405: "method_not_allowed",
  408: "request_timeout",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "validation_failed",
  429: "rate_limited",
  500: "internal_error",
  503: "service_unavailable",
} as const satisfies Record<number, ProblemCode>;

export type ProblemStatus = keyof typeof PROBLEM_CODES;

export type ProblemItem = ErrorItem;

export interface ProblemOptions {
  readonly errors?: readonly ErrorItem[];
  /** How many invalid values were found when `errors` lists only the first of them (`truncated`, `errors_total`). */
  readonly errorsTotal?: number;
  readonly headers?: Readonly<Record<string, string>>;
}

/** Thrown inside the HTTP layer; the app turns it into an `application/problem+json` response. */
export class ProblemError extends Error {
  override readonly name = "ProblemError";
  constructor(readonly status: ProblemStatus, readonly detail: string, readonly options: ProblemOptions = {}) {
    super(detail);
  }
}

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/**
 * The base of absolute problem `type` URIs: the API's public base URL, `${SUPABASE_URL}/functions/v1`, so that
 * `type` is `${SUPABASE_URL}/functions/v1/v1/docs#problem-<code>`, the served reference page. Undefined without a
 * project URL (test apps), which leaves the core's relative form. REST and MCP use the same base, so their
 * problems stay byte-identical.
 */
export function problemTypeBase(supabaseUrl: string | undefined): string | undefined {
  return supabaseUrl ? `${supabaseUrl.replace(/\/+$/, "")}/functions/v1` : undefined;
}

/**
 * The response for a problem; `headers` adds e.g. `Allow`, `Retry-After` or `WWW-Authenticate`; `typeBase` (from
 * `problemTypeBase`) makes `type` absolute.
 */
export function problemResponse(
  status: ProblemStatus,
  detail: string,
  requestId: string,
  options: ProblemOptions = {},
  typeBase?: string,
): Response {
  const headers = new Headers(options.headers);
  headers.set("Content-Type", PROBLEM_CONTENT_TYPE);
  headers.set("Cache-Control", "no-store");
  const body = makeProblem(PROBLEM_CODES[status], detail, requestId, options.errors, typeBase, options.errorsTotal);
  return new Response(JSON.stringify(body), { status, headers });
}
