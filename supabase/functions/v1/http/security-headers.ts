/**
 * Security headers fit for a JSON API. JSON and problem responses forbid every kind of content (`default-src
 * 'none'`); the HTML reference page sets its own, slightly wider policy (inline styles only).
 */
export const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";
export const DOCS_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'none'";

export function applySecurityHeaders(headers: Headers): void {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "no-referrer");
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", JSON_CSP);
}
