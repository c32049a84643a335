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
 * Failures are thrown as `ProblemError`s, which the app renders as `application/problem+json`, like REST.
 */
import { decodeUtf8, readBodyBytes } from "../http/body.ts";
import { optionalUser, type TokenVerifier, type VerifiedUser } from "../http/bearer.ts";
import { ProblemError } from "../http/problem.ts";
import { type CallId, type JsonValidator, McpParseError, parseMcpBody } from "./body.ts";
import type { ValidationError } from "@pfa/core/problem/validation-error.ts";
import { callsAccountTool } from "./gate.ts";
import { bearerChallenge } from "./metadata.ts";
import { WebStandardStreamableHTTPServerTransport } from "./sdk.ts";
import { createMcpServer, type InvokeTool } from "./server.ts";
import type { ToolDefinition } from "./tools.ts";

export interface McpHttpOptions {
  readonly tools: readonly ToolDefinition[];
  readonly maxBodyBytes: number;
  readonly verifier: TokenVerifier;
  /** REST's exact JSON checks (`parseJsonBody`), applied to tool arguments. */
  readonly validateJson: JsonValidator;
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
  /** Called once the caller is known, before any work (rate limiting, logging). May throw a ProblemError. */
  readonly admit?: (user: VerifiedUser | undefined) => void;
}

/** JSON-RPC parse error (-32700), the protocol's answer to a body that is not JSON. */
function parseError(message: string): Response {
  const body = { jsonrpc: "2.0", error: { code: -32700, message }, id: null };
  return new Response(JSON.stringify(body), { status: 400, headers: { "Content-Type": "application/json" } });
}

export type McpHttpHandler = (request: Request, context: McpRequestContext) => Promise<Response>;

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
    const user = await authenticate(request.headers, context.metadataUrl);
    context.admit?.(user);
    const text = decodeUtf8(await readBodyBytes(request, options.maxBodyBytes));
    let parsed;
    try {
      parsed = parseMcpBody(text, options.validateJson);
    } catch (error) {
      if (error instanceof McpParseError) return parseError(error.message);
      throw error;
    }
    const { body, rejected } = parsed;
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
      return await transport.handleRequest(request, { parsedBody: body });
    } finally {
      await server.close();
    }
  };
}
