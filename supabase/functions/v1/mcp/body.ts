/**
 * Parses a JSON-RPC POST body. The envelope is plain JSON; the `arguments` of each `tools/call` are taken from a
 * second parse with REST's exact JSON parser, so a money amount sent as a JSON number keeps every digit (and
 * exponent notation stays detectable), exactly as in a REST body. Throws when either parse fails.
 */
export type JsonParser = (text: string) => unknown;

function isToolCall(message: unknown): message is { method: "tools/call"; params: Record<string, unknown> } {
  if (typeof message !== "object" || message === null) return false;
  const { method, params } = message as { method?: unknown; params?: unknown };
  return method === "tools/call" && typeof params === "object" && params !== null && !Array.isArray(params);
}

function exactArguments(message: unknown, exact: unknown): unknown {
  if (!isToolCall(message) || !("arguments" in message.params)) return message;
  const args = (exact as { params?: { arguments?: unknown } } | null)?.params?.arguments;
  return { ...message, params: { ...message.params, arguments: args } };
}

export function parseMcpBody(text: string, exactParser: JsonParser): unknown {
  const envelope: unknown = JSON.parse(text);
  const messages = Array.isArray(envelope) ? envelope : [envelope];
  if (!messages.some(isToolCall)) return envelope;
  const exact = exactParser(text);
  if (Array.isArray(envelope)) {
    return envelope.map((message, i) => exactArguments(message, (exact as unknown[])[i]));
  }
  return exactArguments(envelope, exact);
}
