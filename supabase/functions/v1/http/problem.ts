/**
 * RFC 9457 problem details for every non-2xx response (API.md §5). One table maps each status to its stable
 * `code` and `title`; `ProblemError` is thrown anywhere in the HTTP layer and turned into a response by the app's
 * error handler, so no route builds an error body by hand.
 */

/** Stable machine-readable codes, one per status (API.md §5). */
export const PROBLEM_CODES = {
  400: "invalid_json",
  401: "unauthorized",
  404: "not_found",
  405: "method_not_allowed",
  413: "payload_too_large",
  415: "unsupported_media_type",
  422: "validation_failed",
  429: "rate_limited",
  500: "internal_error",
  503: "service_unavailable",
} as const;

export type ProblemStatus = keyof typeof PROBLEM_CODES;
export type ProblemCode = (typeof PROBLEM_CODES)[ProblemStatus];

export const PROBLEM_TITLES: Record<ProblemStatus, string> = {
  400: "Malformed JSON body",
  401: "Unauthorized",
  404: "Not found",
  405: "Method not allowed",
  413: "Payload too large",
  415: "Unsupported media type",
  422: "Validation failed",
  429: "Too many requests",
  500: "Internal error",
  503: "Service unavailable",
};

/** Base of the problem `type` URIs; each code's page is a section of the reference (`GET /v1/docs`). */
export const PROBLEM_TYPE_BASE = "https://pfa.dev/problems/";

export function problemType(code: string): string {
  return PROBLEM_TYPE_BASE + code.replaceAll("_", "-");
}

/** One item of `errors[]`: a JSON pointer into the body, or the name of a query parameter. */
export interface ProblemItem {
  readonly pointer?: string;
  readonly parameter?: string;
  readonly code: string;
  readonly message: string;
}

export interface ProblemBody {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: string;
  readonly request_id: string;
  readonly errors?: readonly ProblemItem[];
}

/** Thrown inside the HTTP layer; the app turns it into an `application/problem+json` response. */
export class ProblemError extends Error {
  override readonly name = "ProblemError";
  constructor(
    readonly status: ProblemStatus,
    readonly detail: string,
    readonly options: { readonly errors?: readonly ProblemItem[]; readonly headers?: Record<string, string> } = {},
  ) {
    super(detail);
  }
}

export function problemBody(
  status: ProblemStatus,
  detail: string,
  requestId: string,
  errors?: readonly ProblemItem[],
): ProblemBody {
  const code = PROBLEM_CODES[status];
  const body: ProblemBody = {
    type: problemType(code),
    title: PROBLEM_TITLES[status],
    status,
    detail,
    code,
    request_id: requestId,
  };
  return errors && errors.length > 0 ? { ...body, errors } : body;
}

export const PROBLEM_CONTENT_TYPE = "application/problem+json";

/** Builds the response for a problem; `headers` adds e.g. `Allow`, `Retry-After` or `WWW-Authenticate`. */
export function problemResponse(
  status: ProblemStatus,
  detail: string,
  requestId: string,
  options: { readonly errors?: readonly ProblemItem[]; readonly headers?: Record<string, string> } = {},
): Response {
  const headers = new Headers(options.headers);
  headers.set("Content-Type", PROBLEM_CONTENT_TYPE);
  headers.set("Cache-Control", "no-store");
  return new Response(JSON.stringify(problemBody(status, detail, requestId, options.errors)), { status, headers });
}
