/**
 * The headers every response carries, in one place and in one order: the route's own (`Content-Type`,
 * `Cache-Control`, ...), then `X-Request-Id`, the security headers (security-headers.ts), CORS when the request has an
 * `Origin` (cors.ts), and the rate-limit headers of the request (admit.ts).
 *
 * `jsonResponse` builds a route's 200 with every header at once; `finishHeaders` adds the same headers to a response
 * built elsewhere (problems, 404, MCP), as the app's outer layer does for every response not built by `jsonResponse`.
 * Both give the same headers in the same order.
 */
import { CORS_EXPOSED_HEADERS } from "./cors.ts";
import { JSON_CSP } from "./security-headers.ts";

export type RateLimitHeaders = Readonly<Record<string, string>> | undefined;

/**
 * A 200 JSON response with every header: `Content-Type: application/json`, `Cache-Control`, then the common ones. The
 * route then marks the response as finished (`headersDone`) so that nothing is added twice. Built by appending to the
 * new response's own headers: in Deno 2.9 a header list passed to the constructor goes through WebIDL conversion
 * (about 12 µs for eight headers, 16 µs as a `Headers`) and `set` searches the list each time, while an append is
 * about 0.45 µs (bench/lib/layers.ts measures the layers).
 */
export function jsonResponse(
  body: string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>,
  cacheControl: string,
  requestId: string,
  rateLimit: RateLimitHeaders,
  origin: boolean,
): Response {
  const response = new Response(body, { status: 200 });
  const headers = response.headers;
  // `set`, not append: a string body already gave the response a text/plain Content-Type, which this replaces (a
  // body of bytes or a stream, the JSON's UTF-8, gave it none).
  headers.set("Content-Type", "application/json");
  headers.append("Cache-Control", cacheControl);
  headers.append("X-Request-Id", requestId);
  headers.append("X-Content-Type-Options", "nosniff");
  headers.append("Referrer-Policy", "no-referrer");
  headers.append("Content-Security-Policy", JSON_CSP);
  if (origin) {
    headers.append("Access-Control-Allow-Origin", "*");
    headers.append("Access-Control-Expose-Headers", CORS_EXPOSED_HEADERS);
  }
  if (rateLimit) { for (const name in rateLimit) headers.append(name, rateLimit[name]!); }
  return response;
}

/** Adds the common headers to a response built without responseHeaders (a CSP of its own is kept). */
export function finishHeaders(headers: Headers, requestId: string, rateLimit: RateLimitHeaders, origin: boolean): void {
  headers.set("X-Request-Id", requestId);
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "no-referrer");
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", JSON_CSP);
  if (origin) {
    headers.set("Access-Control-Allow-Origin", "*");
    headers.set("Access-Control-Expose-Headers", CORS_EXPOSED_HEADERS);
  }
  if (rateLimit) { for (const name in rateLimit) headers.set(name, rateLimit[name]!); }
}
