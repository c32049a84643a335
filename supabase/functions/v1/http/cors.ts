/**
 * CORS for browser apps. Any origin may call the API: authentication is a bearer token, never a cookie, so
 * `Access-Control-Allow-Origin: *` exposes nothing and no credentials mode is used.
 */
export const CORS_ALLOWED_HEADERS =
  "Authorization, Content-Type, Accept, apikey, x-client-info, If-None-Match, X-Request-Id, Mcp-Protocol-Version, Mcp-Session-Id, Last-Event-ID";
export const CORS_EXPOSED_HEADERS =
  "ETag, X-Request-Id, RateLimit, RateLimit-Policy, Link, Retry-After, WWW-Authenticate, Mcp-Session-Id";
export const CORS_ALLOWED_METHODS = "GET, HEAD, POST, OPTIONS";
/** How long browsers may cache a preflight answer, in seconds. */
export const CORS_MAX_AGE = "86400";

/** Adds the CORS headers every response carries when the request came from a browser (has `Origin`). */
export function applyCors(headers: Headers): void {
  headers.set("Access-Control-Allow-Origin", "*");
  headers.set("Access-Control-Expose-Headers", CORS_EXPOSED_HEADERS);
}

/** `true` for a CORS preflight: `OPTIONS` with `Origin` and `Access-Control-Request-Method`. */
export function isPreflight(request: Request): boolean {
  return request.method === "OPTIONS" && request.headers.has("origin") &&
    request.headers.has("access-control-request-method");
}

export function preflightHeaders(): Record<string, string> {
  return {
    "Access-Control-Allow-Origin": "*",
    "Access-Control-Allow-Methods": CORS_ALLOWED_METHODS,
    "Access-Control-Allow-Headers": CORS_ALLOWED_HEADERS,
    "Access-Control-Max-Age": CORS_MAX_AGE,
  };
}
