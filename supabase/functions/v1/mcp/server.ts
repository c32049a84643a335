/**
 * The MCP server: a low-level SDK `Server` whose `tools/list` and `tools/call` handlers are bound to the tool
 * definitions. The high-level `McpServer.registerTool` is not used on purpose: it validates arguments itself and
 * answers a bad argument with a plain-text message, where this API answers with the same 422 problem as REST.
 * Arguments therefore go untouched to `invoke`, which validates them exactly as the REST route does.
 */
import {
  CallToolRequestSchema,
  type CallToolResult,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
  Server,
} from "./sdk.ts";
import { type Outcome, toolResult } from "./results.ts";
import type { ToolDefinition } from "./tools.ts";

/**
 * Runs one tool with the caller's raw arguments; never throws for a validation, auth or data failure. `callId` is
 * the JSON-RPC id of the `tools/call` request.
 */
export type InvokeTool = (
  tool: ToolDefinition,
  args: Record<string, unknown>,
  callId: string | number,
) => Promise<Outcome>;

export const SERVER_INFO = { name: "personal-finance-api", title: "Personal Finance API", version: "1.0.0" } as const;

export const SERVER_INSTRUCTIONS = [
  "Personal-finance calculations with exact money (decimal strings, the currency's ISO 4217 minor units).",
  "calculate_* tools compute from the data you pass and need no sign-in; get_* and list_* tools read the " +
  "signed-in user's own data and need the user's access token.",
  "Every tool is read-only. Results equal the REST API's response bodies; errors are RFC 9457 problem JSON.",
].join(" ");

export function createMcpServer(tools: readonly ToolDefinition[], invoke: InvokeTool): Server {
  const byName = new Map(tools.map((tool) => [tool.name, tool]));
  const server = new Server(SERVER_INFO, {
    capabilities: { tools: { listChanged: false } },
    instructions: SERVER_INSTRUCTIONS,
  });
  server.setRequestHandler(ListToolsRequestSchema, () => ({
    tools: tools.map((tool) => ({
      name: tool.name,
      title: tool.title,
      description: tool.description,
      inputSchema: tool.inputSchema,
      outputSchema: tool.outputSchema,
      annotations: tool.annotations,
    })),
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra): Promise<CallToolResult> => {
    const tool = byName.get(request.params.name);
    if (!tool) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool ${JSON.stringify(request.params.name)}; call tools/list for the available tools.`,
      );
    }
    return toolResult(await invoke(tool, request.params.arguments ?? {}, extra.requestId));
  });
  return server;
}
