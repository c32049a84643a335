/** What each error status means in this API: the description of every documented error response. */
export const ERROR_DESCRIPTIONS: Readonly<Record<number, string>> = {
  400: "invalid_json: the body is empty, not valid UTF-8, or not well-formed JSON (a duplicate key is a 422).",
  401: "unauthorized: the bearer token is missing (`WWW-Authenticate: Bearer`) or fails a check " +
    '(`WWW-Authenticate: Bearer error="invalid_token"`).',
  404: "not_found: no such route.",
  405: "method_not_allowed: the route exists with another method; see the `Allow` header.",
  408: "request_timeout: the body did not arrive within the read timeout (10 s by default); the response carries " +
    "`Connection: close`.",
  413: "payload_too_large: the body is larger than the limit (5 MiB by default).",
  415: "unsupported_media_type: the body is not sent as `application/json` (UTF-8), or is sent with a " +
    "`Content-Encoding` other than identity (bodies are never decompressed).",
  422: "validation_failed: the request breaks the contract; `errors` lists the offending values by JSON " +
    "pointer (body) or parameter name (query), at most 100 (then `truncated` and `errors_total`). A body is checked " +
    "in two stages. Stage 1 reads the JSON text: a duplicate key, or a number written with an exponent or with more " +
    "than 15 significant digits, is a problem of that one value. Stage 2 checks the parsed body: its shape (types, " +
    "required and unknown fields, allowed values), then, once the shape is right, its values (dates, money amounts, " +
    "currencies, ranges). Stage 2 runs even when stage 1 found problems, and one answer lists both, one item per " +
    "pointer (stage 1's when both find one), sorted by pointer (array indices numerically), so a body is fixed in " +
    "one round trip. Refused in stage 1 with one item and no stage 2: an object with more than 1,000 members " +
    "(`too_many_items`), nesting deeper than 32 (`too_deep`), a member name longer than 128 bytes (`too_long`).",
  429: "rate_limited: too many requests in the current window; retry after `Retry-After` seconds.",
  500: "internal_error: an unexpected failure; no internals are disclosed. Quote the request_id.",
  503: "service_unavailable: the database (or the token signing keys) could not be reached in time, or too many " +
    "bodies are being received at once; retry after `Retry-After` seconds.",
};
