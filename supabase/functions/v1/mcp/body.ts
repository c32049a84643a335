/**
 * Parses a JSON-RPC body (one line on stdio, one POST over HTTP) and checks the `arguments` of each `tools/call`
 * with REST's exact JSON checks (`parseJsonBody`): a number written with an exponent or with more than 15
 * significant digits, or a duplicated key, is a 422 for that call, with the same items as REST (pointers made
 * relative to the arguments, which are the REST body or query). JSON.parse alone would silently round such
 * numbers. Such problems outside any call's arguments make the whole message a JSON-RPC parse error.
 */
import type { ErrorItem } from "@pfa/core/problem/problem.ts";
import { InexactJsonError, InvalidJsonError, ValidationError } from "@pfa/core/problem/validation-error.ts";

export type JsonValidator = (text: string) => unknown;

export type CallId = string | number;

export interface ParsedMcpBody {
  readonly body: unknown;
  /** Tool calls whose arguments failed the exact checks, by JSON-RPC id. */
  readonly rejected: ReadonlyMap<CallId, ValidationError>;
}

/** Malformed JSON, or exact-JSON problems outside any tool call's arguments. */
export class McpParseError extends Error {
  override readonly name = "McpParseError";
}

function callId(message: unknown): CallId | undefined {
  if (typeof message !== "object" || message === null) return undefined;
  const { method, params, id } = message as { method?: unknown; params?: unknown; id?: unknown };
  if (method !== "tools/call" || typeof params !== "object" || params === null) return undefined;
  return typeof id === "string" || typeof id === "number" ? id : undefined;
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The item with its pointer (and the pointer quoted in its message) relative to `prefix`. */
function relative(item: ErrorItem, prefix: string): ErrorItem {
  const pointer = item.pointer!.slice(prefix.length);
  const quoted = new RegExp("`" + escape(item.pointer || "/") + "`", "g");
  return { ...item, pointer, message: item.message.replace(quoted, "`" + (pointer || "/") + "`") };
}

/**
 * `validate` (REST's `parseJsonBody`) parses the text once: it refuses an object with too many members before
 * JSON.parse builds it (a parse error), and reports exactness problems with the value JSON.parse gave.
 */
export function parseMcpBody(text: string, validate: JsonValidator): ParsedMcpBody {
  let body: unknown;
  let inexact: InexactJsonError | undefined;
  try {
    body = validate(text);
  } catch (error) {
    if (error instanceof InexactJsonError) {
      inexact = error;
      body = error.value;
    } else if (error instanceof InvalidJsonError) {
      const reason = error.message.replace(/^The request body is not valid JSON: /, "");
      throw new McpParseError(`Parse error: the message is not valid JSON (${reason}).`);
    } else if (error instanceof ValidationError) {
      throw new McpParseError(`Parse error: ${error.errors[0]?.message ?? error.message}`);
    } else throw error;
  }
  const batch = Array.isArray(body);
  const messages: unknown[] = batch ? body as unknown[] : [body];
  const rejected = new Map<CallId, ValidationError>();
  if (inexact === undefined || !messages.some((m) => callId(m) !== undefined)) return { body, rejected };
  const byCall = new Map<CallId, ErrorItem[]>();
  for (const item of inexact.errors) {
    const index = batch ? Number(item.pointer?.split("/")[1]) : 0;
    const prefix = batch ? `/${index}/params/arguments` : "/params/arguments";
    const id = callId(messages[index]);
    const inside = item.pointer === prefix || item.pointer?.startsWith(prefix + "/");
    if (id === undefined || !inside) {
      throw new McpParseError(`Parse error: ${item.message}`);
    }
    byCall.set(id, [...byCall.get(id) ?? [], relative(item, prefix)]);
  }
  for (const [id, items] of byCall) rejected.set(id, new ValidationError(items));
  return { body, rejected };
}
