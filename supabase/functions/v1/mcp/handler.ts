/**
 * Streamable HTTP at `/v1/mcp`, stateless: every POST gets a fresh MCP server and transport, answered with one
 * JSON response (no session, no SSE stream). GET and DELETE are 405: there is no session to resume or end.
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
import { callsAccountTool } from "./gate.ts";
import { bearerChallenge, type ProtectedResource } from "./metadata.ts";
import { createMcpServer, type InvokeTool } from "./server.ts";
import { WebStandardStreamableHTTPServerTransport } from "./sdk.ts";
import type { ToolDefinition } from "./tools.ts";

export interface McpHttpOptions {
  readonly tools: readonly ToolDefinition[];
  readonly resource: ProtectedResource;
  readonly maxBodyBytes: number;
  readonly verifier: TokenVerifier;
  /** The tool runner for one request, bound to its user (undefined without a token) and request id. */
  invoker(user: VerifiedUser | undefined, requestId: string): InvokeTool;
}

export const MCP_ALLOWED_METHODS = "POST";

/** JSON-RPC parse error (-32700), the protocol's answer to a body that is not JSON. */
function parseError(): Response {
  const body = {
    jsonrpc: "2.0",
    error: { code: -32700, message: "Parse error: the body is not valid JSON." },
    id: null,
  };
  return new Response(JSON.stringify(body), { status: 400, headers: { "Content-Type": "application/json" } });
}

export function createMcpHttpHandler(
  options: McpHttpOptions,
): (request: Request, requestId: string) => Promise<Response> {
  const accountTools = new Set(options.tools.filter((tool) => tool.requiresUser).map((tool) => tool.name));
  const { metadataUrl } = options.resource;

  async function authenticate(headers: Headers): Promise<VerifiedUser | undefined> {
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

  return async (request, requestId) => {
    if (request.method !== "POST") {
      throw new ProblemError(
        405,
        "The MCP endpoint is stateless: send JSON-RPC messages with POST. There is no SSE stream (GET) or session to end (DELETE).",
        { headers: { Allow: MCP_ALLOWED_METHODS } },
      );
    }
    const user = await authenticate(request.headers);
    const text = decodeUtf8(await readBodyBytes(request, options.maxBodyBytes));
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return parseError();
    }
    if (user === undefined && callsAccountTool(body, accountTools)) {
      throw new ProblemError(
        401,
        "This tool reads the signed-in user's data and needs a bearer token: Authorization: Bearer <Supabase Auth access token>.",
        { headers: { "WWW-Authenticate": bearerChallenge(metadataUrl) } },
      );
    }
    const server = createMcpServer(options.tools, options.invoker(user, requestId));
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
