/**
 * Security headers fit for a JSON API. JSON and problem responses forbid every kind of content (`default-src
 * 'none'`); the reference page sets its own (reference/page.ts: its script, this origin, nothing else).
 */
export const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

export function applySecurityHeaders(headers: Headers): void {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "no-referrer");
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", JSON_CSP);
}
