/**
 * The local stand-in for the Supabase gateway, mirroring the hosted URL layout (docs/ARCHITECTURE.md, "URL
 * layout"): `/functions/v1/<rest>` is handed to the function with the pathname `/<rest>` (so
 * `/functions/v1/v1/health` reaches the function as `/v1/health`, as the edge runtime does for a function named
 * `v1`), and `/auth/v1/.well-known/jwks.json` publishes the public signing keys. Anything else is a JSON 404.
 * Like Supabase's gateway, it appends the peer address it saw to `X-Forwarded-For`, so the function's rate limit keys
 * on the real client (PFA_TRUSTED_PROXY_HOPS=1), whatever `X-Forwarded-For` the client sent.
 *
 * Two local-only additions, given the server's own URL (`supabaseUrl`):
 * - `/v1/openapi.json`'s "Local (`npm start`)" server names this server's port, not the default one;
 * - OAuth authorization-server metadata (RFC 8414) for the local "Auth" (`{supabaseUrl}/auth/v1`, the issuer the MCP
 *   endpoint's protected-resource metadata names). There is no sign-in locally: its registration, authorization and
 *   token endpoints answer 401 with a text saying how to get a token (`npm run -s token`). So an OAuth-capable MCP
 *   client (MCP Inspector) that meets the MCP endpoint's 401 ends on that text, not on a browser page that 404s.
 */
import type { JSONWebKeySet } from "jose";

export const FUNCTIONS_PREFIX = "/functions/v1";
export const JWKS_PATH = "/auth/v1/.well-known/jwks.json";
/** The `servers` URL `/v1/openapi.json` gives for `npm start` on the default port. */
export const DEFAULT_LOCAL_BASE = "http://127.0.0.1:54321/functions/v1";
/** Where OAuth clients look for the issuer `{origin}/auth/v1`'s metadata (RFC 8414 §3.1, OpenID Connect, and both appended). */
export const AUTH_METADATA_PATHS: readonly string[] = [
  "/.well-known/oauth-authorization-server/auth/v1",
  "/.well-known/openid-configuration/auth/v1",
  "/auth/v1/.well-known/oauth-authorization-server",
  "/auth/v1/.well-known/openid-configuration",
];
const LOCAL_OAUTH_PREFIX = "/auth/v1/oauth/";

/** The text a client meets when it tries to sign in locally. */
export function localSignInText(supabaseUrl: string): string {
  return "This local server has no sign-in (no OAuth): send a local access token as `Authorization: Bearer <token>`. " +
    "Get one with `npm run -s token -- alice@example.com` (demo users alice@example.com, bob@example.com; add your " +
    "own with `npm run user:add`). MCP Inspector: put it in Authentication, header Authorization, value Bearer " +
    `<token>, or pass --header "Authorization: Bearer <token>" to its CLI. Endpoint: ${supabaseUrl}/functions/v1/v1/mcp`;
}

function authorizationServerMetadata(supabaseUrl: string): Record<string, unknown> {
  const issuer = `${supabaseUrl}/auth/v1`;
  return {
    issuer,
    authorization_endpoint: `${issuer}/oauth/authorize`,
    token_endpoint: `${issuer}/oauth/token`,
    registration_endpoint: `${issuer}/oauth/register`,
    jwks_uri: `${supabaseUrl}${JWKS_PATH}`,
    response_types_supported: ["code"],
    grant_types_supported: ["authorization_code"],
    code_challenge_methods_supported: ["S256"],
    token_endpoint_auth_methods_supported: ["none"],
    service_documentation: `${supabaseUrl}/functions/v1/v1/docs`,
  };
}

/** The local sign-in endpoints' answer: 401, as an OAuth error (JSON clients) or as text (a browser). */
function noLocalSignIn(request: Request, supabaseUrl: string): Response {
  const text = localSignInText(supabaseUrl);
  const headers = { "cache-control": "no-store", "access-control-allow-origin": "*" };
  if (request.method === "GET") {
    return new Response(text + "\n", {
      status: 401,
      headers: { ...headers, "content-type": "text/plain; charset=utf-8" },
    });
  }
  return Response.json({ error: "access_denied", error_description: text }, { status: 401, headers });
}

/** `/v1/openapi.json` with its local server entry pointing at `base` (this server). */
async function withLocalServerUrl(response: Response, base: string): Promise<Response> {
  if (!response.ok || base === DEFAULT_LOCAL_BASE) return response;
  const document = await response.json();
  for (const server of document.servers ?? []) {
    if (server.url === DEFAULT_LOCAL_BASE) server.url = base;
  }
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(document), { status: response.status, headers });
}

/** A fetch handler; `info` is Deno.serve's connection info (the client address), passed on to the function. */
export type FetchHandler = (request: Request, info?: Deno.ServeHandlerInfo) => Response | Promise<Response>;

export function createLocalHandler(options: {
  readonly fn: FetchHandler;
  readonly jwks: JSONWebKeySet;
  /** This server's URL, `http://<host>:<port>` (the local SUPABASE_URL); default the request's origin. */
  readonly supabaseUrl?: string;
}): FetchHandler {
  const jwksBody = JSON.stringify(options.jwks);
  return (request, info) => {
    const url = new URL(request.url);
    const supabaseUrl = options.supabaseUrl ?? url.origin;
    if (AUTH_METADATA_PATHS.includes(url.pathname)) {
      return Response.json(authorizationServerMetadata(supabaseUrl), {
        headers: { "cache-control": "no-store", "access-control-allow-origin": "*" },
      });
    }
    if (url.pathname.startsWith(LOCAL_OAUTH_PREFIX)) {
      if (request.method === "OPTIONS") {
        return new Response(null, {
          status: 204,
          headers: {
            "access-control-allow-origin": "*",
            "access-control-allow-methods": "GET, POST, OPTIONS",
            "access-control-allow-headers": "content-type, authorization, mcp-protocol-version",
          },
        });
      }
      return noLocalSignIn(request, supabaseUrl);
    }
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
      if (url.pathname === "/v1/openapi.json" && request.method === "GET") {
        return Promise.resolve(options.fn(forwarded, info)).then((r) =>
          withLocalServerUrl(r, `${supabaseUrl}${FUNCTIONS_PREFIX}`)
        );
      }
      return options.fn(forwarded, info);
    }
    return Response.json(
      { message: `no route ${url.pathname}; the API is under ${FUNCTIONS_PREFIX}/v1/` },
      { status: 404 },
    );
  };
}
