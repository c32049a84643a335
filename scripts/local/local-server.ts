/**
 * The local stand-in for the Supabase gateway, mirroring the hosted URL layout (docs/ARCHITECTURE.md, "URL
 * layout"): `/functions/v1/<rest>` is handed to the function with the pathname `/<rest>` (so
 * `/functions/v1/v1/health` reaches the function as `/v1/health`, as the edge runtime does for a function named
 * `v1`), and `/auth/v1/.well-known/jwks.json` publishes the public signing keys. Anything else is a JSON 404.
 * Like Supabase's gateway, it appends the peer address it saw to `X-Forwarded-For`, so the function's rate limit keys
 * on the real client (PFA_TRUSTED_PROXY_HOPS=1), whatever `X-Forwarded-For` the client sent.
 */
import type { JSONWebKeySet } from "jose";

export const FUNCTIONS_PREFIX = "/functions/v1";
export const JWKS_PATH = "/auth/v1/.well-known/jwks.json";

/** A fetch handler; `info` is Deno.serve's connection info (the client address), passed on to the function. */
export type FetchHandler = (request: Request, info?: Deno.ServeHandlerInfo) => Response | Promise<Response>;

export function createLocalHandler(options: { readonly fn: FetchHandler; readonly jwks: JSONWebKeySet }): FetchHandler {
  const jwksBody = JSON.stringify(options.jwks);
  return (request, info) => {
    const url = new URL(request.url);
    if (url.pathname === JWKS_PATH) {
      if (request.method !== "GET" && request.method !== "HEAD") {
        return Response.json({ message: "method not allowed" }, { status: 405, headers: { Allow: "GET, HEAD" } });
      }
      return new Response(request.method === "HEAD" ? null : jwksBody, {
        headers: {
          "content-type": "application/json",
          "cache-control": "public, max-age=600",
          "access-control-allow-origin": "*",
        },
      });
    }
    if (url.pathname === FUNCTIONS_PREFIX || url.pathname.startsWith(`${FUNCTIONS_PREFIX}/`)) {
      url.pathname = url.pathname.slice(FUNCTIONS_PREFIX.length) || "/";
      // A new Request with the rewritten URL; method, headers and body carried over (not the abort signal, which
      // Deno.serve would otherwise have to track per request).
      const headers = new Headers(request.headers);
      const peer = (info?.remoteAddr as Deno.NetAddr | undefined)?.hostname;
      if (peer) {
        const sent = headers.get("x-forwarded-for");
        headers.set("x-forwarded-for", sent ? `${sent}, ${peer}` : peer);
      }
      const forwarded = new Request(url, {
        method: request.method,
        headers,
        body: request.body,
        redirect: request.redirect,
        ...(request.body ? { duplex: "half" } : {}),
      } as RequestInit);
      return options.fn(forwarded, info);
    }
    return Response.json(
      { message: `no route ${url.pathname}; the API is under ${FUNCTIONS_PREFIX}/v1/` },
      { status: 404 },
    );
  };
}
