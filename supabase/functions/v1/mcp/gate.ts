/**
 * Which tools a JSON-RPC POST body calls. The HTTP endpoint looks at the body before the MCP transport sees it,
 * so that calling an account tool without a token can be answered with an HTTP 401 (and the OAuth discovery
 * header) rather than a tool result: an MCP client starts its authorization flow only on an HTTP 401.
 */

/** Names of the tools called by `tools/call` requests in a body (one message, or a batch array). */
export function calledTools(body: unknown): string[] {
  const messages = Array.isArray(body) ? body : [body];
  const names: string[] = [];
  for (const message of messages) {
    if (typeof message !== "object" || message === null) continue;
    const { method, params } = message as { method?: unknown; params?: unknown };
    if (method !== "tools/call" || typeof params !== "object" || params === null) continue;
    const name = (params as { name?: unknown }).name;
    if (typeof name === "string") names.push(name);
  }
  return names;
}

/** `true` when the body calls at least one tool that needs a signed-in user. */
export function callsAccountTool(body: unknown, accountTools: ReadonlySet<string>): boolean {
  return calledTools(body).some((name) => accountTools.has(name));
}
