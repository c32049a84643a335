/**
 * The MCP server: a low-level SDK `Server` whose `tools/list` and `tools/call` handlers are bound to the tool
 * definitions. The high-level `McpServer.registerTool` is not used on purpose: it validates arguments itself and
 * answers a bad argument with a plain-text message, where this API answers with the same 422 problem as REST.
 * Arguments therefore go untouched to `invoke`, which validates them exactly as the REST route does. Protocol
 * errors stay JSON-RPC errors: an unknown tool or malformed `params` is -32602 (invalid params).
 */
import { type CallToolResult, ErrorCode, ListToolsRequestSchema, McpError, Server } from "./sdk.ts";
import { type Outcome, toolResult } from "./results.ts";
import type { ToolDefinition } from "./tools.ts";
import { API_VERSION } from "../openapi/entries.ts";

/**
 * Runs one tool with the caller's raw arguments; never throws for a validation, auth or data failure. `callId` is
 * the JSON-RPC id of the `tools/call` request.
 */
export type InvokeTool = (
  tool: ToolDefinition,
  args: Record<string, unknown>,
  callId: string | number,
) => Promise<Outcome>;

export const SERVER_INFO = {
  name: "personal-finance-api",
  title: "Personal Finance API",
  version: API_VERSION,
} as const;

export const SERVER_INSTRUCTIONS = [
  "Personal-finance calculations with exact money (decimal strings, the currency's ISO 4217 minor units).",
  "calculate_* tools compute from the data you pass and need no sign-in; get_* and list_* tools read the " +
  "signed-in user's own data and need the user's access token.",
  "Every tool is read-only. Results equal the REST API's response bodies; errors are RFC 9457 problem JSON.",
].join(" ");

function typeName(value: unknown): string {
  return value === null ? "null" : Array.isArray(value) ? "an array" : `a ${typeof value}`;
}

/** `params` of a tools/call: a tool name, and arguments that are a JSON object (the REST body or query). */
export function checkCallParams(
  params: unknown,
): { name: string; arguments: Record<string, unknown> } {
  const { name, arguments: args } = (typeof params === "object" && params !== null ? params : {}) as {
    name?: unknown;
    arguments?: unknown;
  };
  if (typeof name !== "string") {
    throw new McpError(
      ErrorCode.InvalidParams,
      "tools/call needs params.name: the tool's name, a string.",
    );
  }
  if (args === undefined) return { name, arguments: {} };
  if (typeof args !== "object" || args === null || Array.isArray(args)) {
    throw new McpError(
      ErrorCode.InvalidParams,
      `params.arguments must be a JSON object holding the tool's input, not ${typeName(args)}.`,
    );
  }
  return { name, arguments: args as Record<string, unknown> };
}

export function createMcpServer(
  tools: readonly ToolDefinition[],
  invoke: InvokeTool,
): Server {
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
  // tools/call is answered by the fallback handler, which sees the raw request: the SDK's own tools/call wrapper
  // would answer arguments that are not an object with an internal error (-32603) quoting zod's issue list.
  server.fallbackRequestHandler = async (request): Promise<CallToolResult> => {
    if (request.method !== "tools/call") {
      throw new McpError(ErrorCode.MethodNotFound, "Method not found");
    }
    const { name, arguments: args } = checkCallParams(request.params);
    const tool = byName.get(name);
    if (!tool) {
      throw new McpError(
        ErrorCode.InvalidParams,
        `Unknown tool ${JSON.stringify(name)}; call tools/list for the available tools.`,
      );
    }
    return toolResult(await invoke(tool, args, request.id));
  };
  return server;
}
