/**
 * The OpenAPI 3.1 document, generated from the same zod schemas the routes validate with. This module only
 * registers entries (one per operation of the core's registry, plus the service routes) and holds the
 * document-level text: conventions, errors, limits, caching and the decisions API.md leaves open.
 *
 * Entries are recorded at start-up as functions of a registry (`OpenApiEntries`, entries.ts) and run by
 * `generateOpenApiDocument` on the first request for the document, which is when this module, `@hono/zod-openapi`
 * (and the zod-to-OpenAPI conversion) are loaded.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { z } from "zod";
import type { Operation } from "@pfa/core/contracts/operation.ts";
import { ERROR_DESCRIPTIONS } from "./error-responses.ts";
import { API_VERSION, isPaginated, MCP_ENDPOINT, type OpenApiEntries, type Registry } from "./entries.ts";

export { API_VERSION, isPaginated, MCP_ENDPOINT, type OpenApiEntries, type Registry };

export type OpenApiDocument = ReturnType<OpenAPIHono["getOpenAPI31Document"]>;

/**
 * The core's problem schema, named so that every error response refers to one `#/components/schemas/Problem`. Set
 * by `generateOpenApiDocument` before it runs the entries (the schema's module is loaded with the document).
 */
let ProblemSchema: z.ZodType | undefined;

/** Loads `@hono/zod-openapi`, runs the entries in order and generates the OpenAPI 3.1 document. */
export async function generateOpenApiDocument(entries: OpenApiEntries): Promise<OpenApiDocument> {
  const [{ OpenAPIHono }, { problemSchema }] = await Promise.all([
    import("@hono/zod-openapi"),
    import("@pfa/core/contracts/problem.ts"),
  ]);
  ProblemSchema ??= problemSchema.meta({ id: "Problem" });
  const documented = new OpenAPIHono();
  for (const entry of entries) await entry(documented.openAPIRegistry);
  return documented.getOpenAPI31Document(openApiObjectConfig());
}

export const SERVERS = [
  {
    url: "https://{project_ref}.supabase.co/functions/v1",
    description: "Hosted Supabase project",
    variables: { project_ref: { default: "your-project-ref", description: "The Supabase project reference." } },
  },
  { url: "http://127.0.0.1:54321/functions/v1", description: "Local (`npm start`)" },
];

export const API_DESCRIPTION = `
Exact personal-finance calculations (cashflow, spending by category, budgets, goals) and the signed-in user's
own data, read through Postgres row-level security. Every route starts with \`/v1/\` under the base URL.

## Conventions
- **Money** is a decimal string with exactly the currency's ISO 4217 minor-unit scale on output (\`"12.30"\`,
  \`"1200"\` for JPY). On input a decimal string or a JSON number is accepted; more decimals than the currency
  allows, exponent notation, or a magnitude above 10^15 − 1 minor units is refused with 422, never rounded.
- **JSON** is UTF-8. Request bodies must be sent as \`Content-Type: application/json\` (a \`charset\`, if
  given, must be \`utf-8\`) and without a \`Content-Encoding\`; anything else is 415. Invalid UTF-8 or malformed
  JSON is 400.
- **Query parameters** are validated like bodies. A parameter the operation does not define is refused with
  422 (\`unknown_field\`) so that a typo never silently falls back to a default; a parameter repeated is
  422 (\`duplicate\`); a name or value whose percent-encoding is not UTF-8 is 422 (\`invalid_format\`), never
  read as U+FFFD; an empty value (\`?currency=\`) is a value, not "use the default".
  Calculation (POST) routes take no query parameters at all. One exception on every route: \`forceFunctionRegion\`
  (exactly that name), which supabase-js appends when a functions region is configured, is accepted and ignored.

## Authentication
- Account routes (\`/v1/me/...\`) need \`Authorization: Bearer <Supabase Auth access token>\`. The token's
  signature, \`exp\`/\`nbf\` (30 s skew), \`iss\`, \`aud\` (authenticated), \`role\` (authenticated) and
  \`sub\` (a UUID) are checked. No token: 401 with \`WWW-Authenticate: Bearer\`; a token that fails a check:
  401 with \`WWW-Authenticate: Bearer error="invalid_token"\`. A token of another issuer is refused with a
  \`detail\` naming the expected issuer (\`{SUPABASE_URL}/auth/v1\`). The project's anon or publishable key
  sent as the bearer token (what supabase-js sends when nobody is signed in) is a 401 whose \`detail\` starts
  "Sign in first: this route needs a user's access token".
- Calculation routes need no token, but a token that is sent must be valid (else 401). One exception: the
  project's API key (a bearer value identical to the \`apikey\` header, a publishable key \`sb_publishable_…\`,
  or a legacy anon key) is not a user token, and counts as no token.

## Errors
Every non-2xx response is \`application/problem+json\` (RFC 9457) with \`type\`, \`title\`, \`status\`,
\`detail\`, \`code\`, \`request_id\` and, for 422, \`errors[]\` locating each offending value by JSON pointer
(body) or parameter name (query). \`type\` is an absolute URI built from the project URL,
\`{SUPABASE_URL}/functions/v1/v1/docs#problem-<code>\`: the reference page's anchor for the code, the same over
REST and MCP. See the Problem schema.

## Limits
- Request body: 5 MiB by default; larger is 413, refused from \`Content-Length\` before reading, or as soon as
  the streamed bytes pass the limit. Transactions per request 50,000; budgets or goals 1,000; contributions
  per goal 10,000; text fields 200 characters, counted as Unicode code points like JSON Schema's \`maxLength\`
  (all configurable; past a limit is 422 \`too_many_items\` / \`too_long\`).
- **Rate limit**: a fixed window per user (\`sub\` of a valid token) or else per client IP (last
  \`X-Forwarded-For\` hop, the one the gateway adds), 300 requests per 60 s by default (configurable).
  Operations report \`RateLimit-Policy: "default";q=<limit>;w=<window s>\` and
  \`RateLimit: "default";r=<remaining>;t=<reset s>\` (draft-ietf-httpapi-ratelimit-headers); past the limit:
  429 with \`Retry-After\`. The counters live in the memory of each function instance, so the limit is per
  instance: a fleet of instances admits a multiple of it.
  Health, OpenAPI and docs routes are not limited.
- Database: each account request runs with a statement timeout (5 s by default); down or too slow is 503 with
  \`Retry-After\`.

## Caching
- Calculation responses: \`Cache-Control: no-store\`. They are deterministic, but they answer a POST whose
  body may hold private data, so no cache should keep them.
- Account responses: \`Cache-Control: private, no-cache\`, \`Vary: Authorization\` and a strong \`ETag\`.
  The tag is a SHA-256 over the signed-in user's id and the exact response body, so it changes whenever the
  body does and two users never share one. Send it back in \`If-None-Match\` to get \`304 Not Modified\`.
- Paginated lists also send \`Link: <?…&cursor=…>; rel="next"\` while there is a next page. The target is a
  query-only relative reference, resolved against the URL you called (the function does not know its public
  URL behind the Supabase gateway, so it never guesses a host).

## Other headers
- Every response carries \`X-Request-Id\`: your own (1–128 characters of letters, digits and \`._:-\`) is
  echoed, otherwise a UUID is generated. It equals \`request_id\` in problems and in the server logs.
- CORS: any origin (\`Access-Control-Allow-Origin: *\`; tokens travel in headers, never cookies). Preflights
  allow \`Authorization\`, \`Content-Type\`, \`apikey\`, \`x-client-info\`, \`If-None-Match\` and
  \`X-Request-Id\`; \`ETag\`, \`X-Request-Id\`, \`RateLimit\`, \`RateLimit-Policy\`, \`Link\` and \`Retry-After\`
  are exposed.
- \`HEAD\` is answered wherever \`GET\` is, with the status, headers and \`Content-Length\` of the \`GET\` answer.

## Versioning
Everything is under \`/v1\`, which only changes additively. A breaking change ships as \`/v2\` alongside;
deprecation is announced with \`Deprecation\` and \`Sunset\` headers.
`.trim();

const TAGS = [
  { name: "Calculations", description: "Deterministic calculations over the data in the request. No sign-in." },
  { name: "Account", description: "The signed-in user's own data, through row-level security." },
  { name: "Service", description: "Health, this document and the reference page." },
];

const header = (description: string, schema: Record<string, unknown> = { type: "string" }) => ({
  description,
  schema,
});

/** Reusable response headers (components.headers). */
const HEADERS = {
  "X-Request-Id": header("Request id: the caller's own when sane, otherwise a UUID. Equals `request_id` in problems."),
  "RateLimit-Policy": header('Quota policy, e.g. `"default";q=300;w=60` (draft-ietf-httpapi-ratelimit-headers).'),
  "RateLimit": header('Current quota, e.g. `"default";r=299;t=42`: remaining requests, seconds to reset.'),
  "Retry-After": header("Seconds to wait before retrying.", { type: "integer", minimum: 1 }),
  "ETag": header("Strong entity tag over the signed-in user and the exact body; send it in If-None-Match."),
  "Cache-Control": header("Caching directives."),
  "Vary": header("`Authorization`: the response depends on the signed-in user."),
  "Link": header('`<?…&cursor=…>; rel="next"` while a next page exists (query-only relative reference).'),
  "Allow": header("Methods the route accepts."),
  "WWW-Authenticate": header('`Bearer` (no token) or `Bearer error="invalid_token"`.'),
};

const ref = (name: keyof typeof HEADERS) => ({ $ref: `#/components/headers/${name}` });

export function registerComponents(registry: Registry): void {
  registry.registerComponent("securitySchemes", "bearerAuth", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "A Supabase Auth access token. Locally, `npm run -s token -- alice@example.com` prints one for the " +
      "running `npm start`, whatever its port (demo users alice@example.com and bob@example.com; add your own with " +
      "`npm run -s user:add -- <email>`).",
  });
  for (const [name, value] of Object.entries(HEADERS)) registry.registerComponent("headers", name, value);
}

function problemResponse(status: number, extraHeaders: (keyof typeof HEADERS)[] = []) {
  const headers: Record<string, unknown> = { "X-Request-Id": ref("X-Request-Id") };
  for (const name of extraHeaders) headers[name] = ref(name);
  return {
    description: ERROR_DESCRIPTIONS[status] ?? "Error",
    headers,
    content: { "application/problem+json": { schema: ProblemSchema! } },
  };
}

/** Registers the path entry of one operation: request, 200 and every error it can answer. */
export function registerOperation(registry: Registry, op: Operation): void {
  const account = op.kind === "account";
  const okHeaders: Record<string, unknown> = {
    "X-Request-Id": ref("X-Request-Id"),
    "RateLimit-Policy": ref("RateLimit-Policy"),
    "RateLimit": ref("RateLimit"),
    "Cache-Control": ref("Cache-Control"),
  };
  if (account) {
    okHeaders["ETag"] = ref("ETag");
    okHeaders["Vary"] = ref("Vary");
    if (isPaginated(op)) okHeaders["Link"] = ref("Link");
  }
  const responses: Record<string, unknown> = {
    200: { description: op.summary, headers: okHeaders, content: { "application/json": { schema: op.output } } },
  };
  if (account) {
    responses[304] = {
      description: "Not modified: the `If-None-Match` tag is current. No body.",
      headers: { "X-Request-Id": ref("X-Request-Id"), "ETag": ref("ETag"), "Cache-Control": ref("Cache-Control") },
    };
  } else {
    responses[400] = problemResponse(400);
  }
  responses[401] = problemResponse(401, ["WWW-Authenticate"]);
  if (!account) {
    responses[408] = problemResponse(408);
    responses[413] = problemResponse(413);
    responses[415] = problemResponse(415);
  }
  responses[422] = problemResponse(422);
  responses[429] = problemResponse(429, ["Retry-After", "RateLimit-Policy", "RateLimit"]);
  responses[500] = problemResponse(500);
  responses[503] = problemResponse(503, ["Retry-After"]);

  registry.registerPath({
    method: op.method,
    path: op.path,
    operationId: op.name,
    summary: op.summary,
    description: op.description,
    tags: [op.tag],
    security: account ? [{ bearerAuth: [] }] : [{}, { bearerAuth: [] }],
    request: account
      ? { query: op.input as z.ZodObject }
      : { body: { required: true, content: { "application/json": { schema: op.input } } } },
    responses: responses as never,
  });
}

/** Registers a service route (no auth, no rate limit; another method than GET is 405 with `Allow`). */
export function registerServiceRoute(
  registry: Registry,
  entry: {
    path: string;
    operationId: string;
    summary: string;
    description: string;
    contentType: string;
    schema: z.ZodType | Record<string, unknown>;
  },
): void {
  registry.registerPath({
    method: "get",
    path: entry.path,
    operationId: entry.operationId,
    summary: entry.summary,
    description: entry.description,
    tags: ["Service"],
    security: [{}],
    responses: {
      200: {
        description: entry.summary,
        headers: { "X-Request-Id": ref("X-Request-Id") } as never,
        content: { [entry.contentType]: { schema: entry.schema as never } },
      },
      405: problemResponse(405, ["Allow"]) as never,
      500: problemResponse(500) as never,
    },
  });
}

/**
 * The MCP endpoint (API.md §6), documented here with the other service routes. app.ts calls this only when the
 * MCP routes are mounted and have not documented the endpoint themselves.
 */
export function registerMcpEndpoint(registry: Registry): void {
  registry.registerPath({
    method: "post",
    path: MCP_ENDPOINT,
    operationId: "mcp",
    summary: "MCP (Model Context Protocol) over Streamable HTTP, stateless",
    description: "JSON-RPC 2.0 messages of the Model Context Protocol, one POST each, answered with one JSON " +
      "response (no session, no SSE stream). The tools are the operations of this API under their " +
      "operationIds (`calculate_cashflow`, `get_cashflow`, ...), with the same input and output schemas; a tool " +
      "result's `structuredContent` is exactly the REST response body, and a tool error carries the same problem " +
      "object. Account tools need the same bearer token as REST; without one the answer is an HTTP 401 whose " +
      "`WWW-Authenticate` names the OAuth protected-resource metadata (RFC 9728).",
    tags: ["Service"],
    security: [{}, { bearerAuth: [] }],
    request: {
      body: {
        required: true,
        content: {
          "application/json": {
            schema: { type: "object", description: "A JSON-RPC 2.0 request, notification or batch." } as never,
          },
        },
      },
    },
    responses: {
      200: {
        description: "A JSON-RPC 2.0 response.",
        headers: { "X-Request-Id": ref("X-Request-Id") } as never,
        content: { "application/json": { schema: { type: "object" } as never } },
      },
      202: { description: "Accepted: the body held only notifications or responses.", headers: {} },
      400: problemResponse(400) as never,
      401: problemResponse(401, ["WWW-Authenticate"]) as never,
      413: problemResponse(413) as never,
      415: problemResponse(415) as never,
      429: problemResponse(429, ["Retry-After", "RateLimit-Policy", "RateLimit"]) as never,
      500: problemResponse(500) as never,
    },
  });
}

export function openApiObjectConfig() {
  return {
    openapi: "3.1.0",
    info: {
      title: "Personal Finance API",
      version: API_VERSION,
      description: API_DESCRIPTION,
      license: { name: "MIT", identifier: "MIT" },
      contact: { name: "Personal Finance API maintainers" },
    },
    servers: SERVERS,
    tags: TAGS,
  };
}
