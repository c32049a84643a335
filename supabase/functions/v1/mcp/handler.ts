/**
 * Streamable HTTP at `/v1/mcp`, stateless: every POST gets a fresh MCP server and transport, answered with one
 * JSON response (no session, no SSE stream). Other methods are 405: there is no stream to open (GET) and no
 * session to end (DELETE).
 *
 * Authentication runs before the transport sees the request:
 * - an `Authorization` header that is sent must be valid, whatever the message (401 `invalid_token` otherwise),
 *   exactly like the REST calculation routes;
 * - a `tools/call` of an account tool without a token is an HTTP 401 whose `WWW-Authenticate` names the
 *   protected-resource metadata, so that MCP clients can discover Supabase Auth and sign the user in;
 * - everything else (initialize, tools/list, calculation tools) needs no token.
 * A refused token counts against the client's rate limit before the 401, as on REST, so bad tokens cannot be tried
 * without limit here either.
 *
 * `notifications/cancelled` messages are dropped before the transport sees them: every request of a POST is answered
 * in its one JSON response, so there is nothing in flight to cancel, and the SDK, which drops the response of a
 * cancelled request, would leave the transport waiting for it forever. A POST of notifications alone is 202. As a
 * last bound, a POST whose answer takes longer than MCP_ANSWER_TIMEOUT_MS is answered 503. A batch in which two
 * requests share an id is an Invalid Request: the SDK would answer only one of them.
 * Failures are thrown as `ProblemError`s, which the app renders as `application/problem+json`, like REST.
 */
import { makeProblem } from "@pfa/core";
import { type BodyReadLimits, checkJsonMediaType, decodeUtf8, readBodyBytes } from "../http/body.ts";
import { optionalUser, type TokenVerifier, type VerifiedUser } from "../http/bearer.ts";
import { createDeadlines } from "../http/deadlines.ts";
import { ProblemError } from "../http/problem.ts";
import { type CallId, type JsonValidator, McpParseError, parseMcpBody } from "./body.ts";
import type { ValidationError } from "@pfa/core/problem/validation-error.ts";
import { repeatedId, requestCount, withoutCancellations } from "./batch.ts";
import { callsAccountTool } from "./gate.ts";
import { bearerChallenge } from "./metadata.ts";
import { WebStandardStreamableHTTPServerTransport } from "./sdk.ts";
import { createMcpServer, type InvokeTool } from "./server.ts";
import type { ToolDefinition } from "./tools.ts";

export interface McpHttpOptions {
  readonly tools: readonly ToolDefinition[];
  /** JSON-RPC messages one batch may hold (PFA_MCP_MAX_BATCH); more is a JSON-RPC Invalid Request. */
  readonly maxBatch: number;
  /** REST's body limits (size, read timeout, concurrent reads); a number is the size alone. */
  readonly bodyLimits: number | BodyReadLimits;
  readonly verifier: TokenVerifier;
  /** REST's exact JSON checks (`parseJsonBody`), applied to tool arguments. */
  readonly validateJson: JsonValidator;
  /** Default MCP_ANSWER_TIMEOUT_MS; tests shorten it. */
  readonly answerTimeoutMs?: number;
  /**
   * The tool runner for one request, bound to its user (undefined without a token), request id and the calls
   * whose arguments failed the exact JSON checks.
   */
  invoker(
    user: VerifiedUser | undefined,
    requestId: string,
    rejected: ReadonlyMap<CallId, ValidationError>,
  ): InvokeTool;
}

export interface McpRequestContext {
  readonly requestId: string;
  /** Absolute URL of the protected-resource metadata, named in every 401. */
  readonly metadataUrl: string;
  /**
   * Called once the caller is known, before any work (rate limiting, logging), counting one request; called again
   * with the number of further tool calls once a batch is parsed. May throw a ProblemError (429).
   */
  readonly admit?: (user: VerifiedUser | undefined, points?: number) => void | Promise<void>;
  /** Base of absolute problem `type`s, the same as REST's (`problemTypeBase`); absent: the relative form. */
  readonly problemTypeBase?: string;
  /** Who the request counts against, once admitted (the body-read shares of REST). */
  readonly clientKey?: () => string | undefined;
}

/**
 * A transport-level failure answered as both protocols want it: an RFC 9457 problem (API.md §5: every non-2xx is
 * `application/problem+json`) whose extension members are the JSON-RPC error response (`jsonrpc`, `error`,
 * `id: null`) that the MCP transport would send. MCP clients read the status (the official client does not parse
 * the body of a non-2xx answer); problem-aware clients get the same shape as REST.
 */
function rpcProblem(
  status: 400,
  detail: string,
  requestId: string,
  rpc: { code: number; message: string },
  typeBase: string | undefined,
): Response {
  const problem = makeProblem("invalid_json", detail, requestId, undefined, typeBase);
  const body = { ...problem, jsonrpc: "2.0", error: rpc, id: null };
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/problem+json", "Cache-Control": "no-store" },
  });
}

/** JSON-RPC parse error (-32700), the protocol's answer to a body that is not JSON (or not JSON-RPC). */
function parseError(message: string, requestId: string, typeBase: string | undefined): Response {
  return rpcProblem(400, message, requestId, { code: -32700, message }, typeBase);
}

/** The MCP transport insists on `Accept: application/json, text/event-stream`; this stateless endpoint only ever
 * answers JSON, so any Accept is served (instead of the transport's 406, which API.md has no code for). */
function withMcpAccept(request: Request): Request {
  const accept = request.headers.get("accept") ?? "";
  if (accept.includes("application/json") && accept.includes("text/event-stream")) return request;
  const headers = new Headers(request.headers);
  headers.set("Accept", "application/json, text/event-stream");
  return new Request(request.url, { method: request.method, headers });
}

export type McpHttpHandler = (request: Request, context: McpRequestContext) => Promise<Response>;

/** The longest one POST may take to be answered once its body is read (tool calls have their own, shorter bounds). */
export const MCP_ANSWER_TIMEOUT_MS = 30_000;

/** The answer deadlines of every MCP POST in this process, on one timer (http/deadlines.ts), as the body reads do. */
const answerDeadlines = createDeadlines();

/** `work`, or a 503 problem once `ms` have passed (the deadline is cancelled either way). */
async function withinDeadline(work: Promise<Response>, ms: number): Promise<Response> {
  let cancel: (() => void) | undefined;
  const late = new Promise<never>((_, reject) => {
    cancel = answerDeadlines.after(ms, () =>
      reject(
        new ProblemError(503, `The MCP request was not answered within ${ms / 1000} s; retry it.`, {
          headers: { "Retry-After": "1" },
        }),
      ));
  });
  try {
    return await Promise.race([work, late]);
  } finally {
    cancel?.();
  }
}

export function createMcpHttpHandler(options: McpHttpOptions): McpHttpHandler {
  const accountTools = new Set(options.tools.filter((tool) => tool.requiresUser).map((tool) => tool.name));

  async function authenticate(headers: Headers, metadataUrl: string): Promise<VerifiedUser | undefined> {
    try {
      return await optionalUser(headers, options.verifier);
    } catch (error) {
      if (error instanceof ProblemError && error.status === 401) {
        throw new ProblemError(401, error.detail, {
          headers: { "WWW-Authenticate": bearerChallenge(metadataUrl, true) },
        });
      }
      throw error;
    }
  }

  return async (request, context) => {
    if (request.method !== "POST") {
      throw new ProblemError(
        405,
        "The MCP endpoint is stateless: send JSON-RPC messages with POST (there is no SSE stream and no session).",
        { headers: { Allow: "POST, OPTIONS" } },
      );
    }
    let user: VerifiedUser | undefined;
    try {
      user = await authenticate(request.headers, context.metadataUrl);
    } catch (error) {
      await context.admit?.(undefined); // a refused token counts against the client IP; a 429 replaces the 401
      throw error;
    }
    await context.admit?.(user);
    checkJsonMediaType(request.headers.get("content-type"), request.headers.get("content-encoding")); // 415, like REST
    const text = decodeUtf8(await readBodyBytes(request, options.bodyLimits, context.clientKey?.()));
    let parsed;
    try {
      parsed = parseMcpBody(text, options.validateJson);
    } catch (error) {
      if (error instanceof McpParseError) return parseError(error.message, context.requestId, context.problemTypeBase);
      throw error;
    }
    const { rejected } = parsed;
    const body = withoutCancellations(parsed.body);
    if (body === null) return new Response(null, { status: 202 });
    if (Array.isArray(body) && body.length > options.maxBatch) {
      const message = `Invalid Request: a batch holds at most ${options.maxBatch} messages; this one has ` +
        `${body.length}. Send the rest in further requests.`;
      return rpcProblem(400, message, context.requestId, { code: -32600, message }, context.problemTypeBase);
    }
    const repeated = Array.isArray(body) ? repeatedId(body) : undefined;
    if (repeated !== undefined) {
      const message = `Invalid Request: the id ${JSON.stringify(repeated).slice(0, 100)} is used by more than one ` +
        "request of this batch; ids must be unique so that each response can be matched to its request.";
      return rpcProblem(400, message, context.requestId, { code: -32600, message }, context.problemTypeBase);
    }
    // Every request of a batch counts against the rate limit (the POST itself counted one, the others now): tool calls,
    // and the rest too, since a batch of 20 `tools/list` answers 4 MB of schemas for a single POST.
    const requests = requestCount(body);
    if (requests > 1) await context.admit?.(user, requests - 1);
    if (user === undefined && callsAccountTool(body, accountTools)) {
      throw new ProblemError(
        401,
        "This tool reads the signed-in user's data and needs a bearer token: " +
          "Authorization: Bearer <Supabase Auth access token>.",
        { headers: { "WWW-Authenticate": bearerChallenge(context.metadataUrl) } },
      );
    }
    const server = createMcpServer(options.tools, options.invoker(user, context.requestId, rejected));
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      const answer = transport.handleRequest(withMcpAccept(request), { parsedBody: body });
      const response = await withinDeadline(answer, options.answerTimeoutMs ?? MCP_ANSWER_TIMEOUT_MS);
      return await asProblem(response, context.requestId, context.problemTypeBase);
    } finally {
      await server.close();
    }
  };
}

/** The transport's own 400 (a message that is not JSON-RPC) as a problem too. */
async function asProblem(response: Response, requestId: string, typeBase: string | undefined): Promise<Response> {
  if (response.status !== 400 || !(response.headers.get("content-type") ?? "").startsWith("application/json")) {
    return response;
  }
  const text = await response.text();
  let rpc: { code: number; message: string } = { code: -32600, message: "Invalid Request" };
  try {
    const error = (JSON.parse(text) as { error?: { code?: unknown; message?: unknown } }).error;
    if (typeof error?.code === "number" && typeof error.message === "string") {
      rpc = { code: error.code, message: error.message };
    }
  } catch { /* keep the generic error */ }
  return rpcProblem(400, rpc.message, requestId, rpc, typeBase);
}
