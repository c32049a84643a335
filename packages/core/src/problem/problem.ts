/**
 * The RFC 9457 problem shape of API.md §5, and the stable codes of the items in `errors`.
 */

/** Top-level problem codes (API.md §5), one per HTTP status. */
export type ProblemCode =
  | "invalid_json"
  | "unauthorized"
  | "not_found"
  | "method_not_allowed"
  | "request_timeout"
  | "payload_too_large"
  | "unsupported_media_type"
  | "validation_failed"
  | "rate_limited"
  | "internal_error"
  | "service_unavailable";

/**
 * Codes of the items of `errors` in a 422 problem. Stable: clients may switch on them.
 *
 * - `required`: a required field or parameter is missing.
 * - `invalid_type`: the value has the wrong JSON type (for example a number where a string is expected).
 * - `invalid_format`: the text does not have the required shape (money, currency code, cursor, UUID, ...).
 * - `invalid_date`: not a real calendar date in `YYYY-MM-DD` form (for example `2026-02-30`).
 * - `invalid_value`: not one of the allowed values (for example an unknown `kind`).
 * - `too_many_decimals`: a money amount has more fractional digits than its currency allows.
 * - `exponent_not_allowed`: a number uses exponent notation (`1e3`, `"1E3"`).
 * - `too_many_digits`: a JSON number has more than 15 significant digits, so it cannot be read exactly (send a
 *   decimal string instead).
 * - `out_of_range`: a number, amount or date is outside its allowed range, or a total would overflow.
 * - `unknown_currency`: not an active ISO 4217 currency code.
 * - `currency_mismatch`: a transaction's currency differs from the request's currency.
 * - `too_many_items`: an array is longer than the limit.
 * - `too_short`: a text is empty (or shorter than its minimum).
 * - `too_long`: a text (or a JSON member name) is longer than the limit.
 * - `unknown_field`: an object has a field that the schema does not define.
 * - `duplicate_key`: a JSON object has the same key twice.
 * - `duplicate`: a value that must be unique appears twice (for example two budgets for one category).
 * - `invalid_range`: an end date is before its start date.
 * - `invalid_cursor`: a pagination cursor is malformed, stale, belongs to another user, or was issued for other
 *   filters.
 * - `too_deep`: arrays and objects are nested deeper than any body of the API (32 levels).
 * - `too_large`: the request as a whole asks for more work than one request may (categorization: transactions ×
 *   the conditions of all rules above 5,000,000, or patterns compiling to more than 100,000 steps in all).
 */
export type ErrorItemCode =
  | "required"
  | "invalid_type"
  | "invalid_format"
  | "invalid_date"
  | "invalid_value"
  | "too_many_decimals"
  | "exponent_not_allowed"
  | "too_many_digits"
  | "out_of_range"
  | "unknown_currency"
  | "currency_mismatch"
  | "too_many_items"
  | "too_short"
  | "too_long"
  | "unknown_field"
  | "duplicate_key"
  | "duplicate"
  | "invalid_range"
  | "invalid_cursor"
  | "too_deep"
  | "too_large";

/** One item of `errors`: a JSON pointer (RFC 6901) into the body, or the name of a query parameter. */
export interface ErrorItem {
  readonly pointer?: string;
  readonly parameter?: string;
  readonly code: ErrorItemCode;
  readonly message: string;
}

export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly code: ProblemCode;
  readonly request_id: string;
  readonly errors?: readonly ErrorItem[];
  /** Present (true) only when `errors` lists the first MAX_REPORTED_ERRORS of more. */
  readonly truncated?: true;
  /** How many invalid values were found in all; present only with `truncated`. */
  readonly errors_total?: number;
}

/** Human titles of the problem codes. */
export const PROBLEM_TITLES: Readonly<Record<ProblemCode, string>> = {
  invalid_json: "Invalid JSON",
  unauthorized: "Unauthorized",
  not_found: "Not found",
  method_not_allowed: "Method not allowed",
  request_timeout: "Request timeout",
  payload_too_large: "Payload too large",
  unsupported_media_type: "Unsupported media type",
  validation_failed: "Validation failed",
  rate_limited: "Too many requests",
  internal_error: "Internal error",
  service_unavailable: "Service unavailable",
};

/** HTTP status of each problem code. */
export const PROBLEM_STATUS: Readonly<Record<ProblemCode, number>> = {
  invalid_json: 400,
  unauthorized: 401,
  not_found: 404,
  method_not_allowed: 405,
  request_timeout: 408,
  payload_too_large: 413,
  unsupported_media_type: 415,
  validation_failed: 422,
  rate_limited: 429,
  internal_error: 500,
  service_unavailable: 503,
};

/**
 * The `type` URI of a problem code: the code's anchor in the API reference (`/v1/docs`).
 *
 * - With `typeBase`, the API's public base URL (the edge function passes `${SUPABASE_URL}/functions/v1`), it is
 *   an absolute URI, `${typeBase}/v1/docs#problem-<code>`, which resolves to the served reference page. Trailing
 *   slashes of `typeBase` are dropped.
 * - Without one (pure core use, which knows no URL), it is `/v1/docs#problem-<code>`: a path relative to the API
 *   base URL, to be prefixed with it. It is not meant to be resolved against a request URL (on hosted Supabase
 *   that would give `https://<ref>.supabase.co/v1/docs`, which is not served).
 */
export function problemType(code: ProblemCode, typeBase?: string): string {
  const reference = `/v1/docs#problem-${code}`;
  return typeBase === undefined ? reference : typeBase.replace(/\/+$/, "") + reference;
}

/**
 * Builds a problem object with fixed key order. `errors` is present only when given; `typeBase` makes `type`
 * absolute (see `problemType`); `errorsTotal` above the number of `errors` adds `truncated: true` and `errors_total`.
 */
export function makeProblem(
  code: ProblemCode,
  detail: string,
  requestId: string,
  errors?: readonly ErrorItem[],
  typeBase?: string,
  errorsTotal?: number,
): Problem {
  const problem: Problem = {
    type: problemType(code, typeBase),
    title: PROBLEM_TITLES[code],
    status: PROBLEM_STATUS[code],
    detail,
    code,
    request_id: requestId,
  };
  if (errors === undefined) return problem;
  if (errorsTotal === undefined || errorsTotal <= errors.length) return { ...problem, errors };
  return { ...problem, errors, truncated: true, errors_total: errorsTotal };
}
