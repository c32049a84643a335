/**
 * The stdio MCP server: the same tools and the same execution as `/v1/mcp`, for a local client that starts this
 * process. Calculation tools need nothing. Account tools use one user's access token (PFA_ACCESS_TOKEN, or a demo
 * user's token minted locally), verified at each call exactly as a REST bearer token (so an expired token is a
 * 401 problem, never a crash), and read that user's data through the same RLS-scoped provider as `npm start`.
 */
import type { TokenVerifier } from "../http/bearer.ts";
import type { AccountDataProvider } from "../routes/operations.ts";
import { executeOperation } from "./execute.ts";
import type { Server } from "./sdk.ts";
import { createMcpServer } from "./server.ts";
import type { ExactStdioServerTransport } from "./stdio-transport.ts";
import type { ToolDefinition } from "./tools.ts";

export interface StdioServerOptions {
  readonly tools: readonly ToolDefinition[];
  readonly verifier: TokenVerifier;
  readonly accountData: AccountDataProvider;
  /** The user's Supabase Auth access token, asked at each account tool call; without one, they answer 401. */
  readonly accessToken: () => Promise<string | undefined>;
  readonly transport: ExactStdioServerTransport;
  /** Base of absolute problem `type`s, as over HTTP (`problemTypeBase(SUPABASE_URL)`); absent: the relative form. */
  readonly problemTypeBase?: string;
}

export async function serveStdio(options: StdioServerOptions): Promise<Server> {
  const { accessToken, verifier, transport } = options;
  const user = async () => {
    const token = await accessToken();
    return token ? await verifier.verify(`Bearer ${token}`) : undefined;
  };
  const server = createMcpServer(options.tools, (tool, args, callId) =>
    executeOperation(
      tool.operation,
      args,
      {
        requestId: crypto.randomUUID(),
        user,
        accountData: options.accountData,
        ...(options.problemTypeBase === undefined ? {} : { problemTypeBase: options.problemTypeBase }),
      },
      transport.takeRejection(callId),
    ));
  await server.connect(transport);
  return server;
}
