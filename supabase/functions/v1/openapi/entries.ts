/**
 * What start-up needs of the OpenAPI side: the type of the entries routes record (run only when the document is
 * generated, by document.ts, which is loaded then), and the values routes share with the document.
 */
import type { OpenAPIHono } from "@hono/zod-openapi";
import type { Operation } from "@pfa/core/contracts/operation.ts";

export type Registry = OpenAPIHono["openAPIRegistry"];

/**
 * OpenAPI entries in registration order, run against a fresh registry when the document is generated. An entry may
 * wait for what it documents (the operations, document.ts itself, both loaded on first use); the next one runs after
 * it.
 */
export type OpenApiEntries = Array<(registry: Registry) => void | Promise<void>>;

export const API_VERSION = "1.1.0";

export const MCP_ENDPOINT = "/v1/mcp";

// Not exported where it is declared: the Supabase CLI's upload (`functions deploy --use-api`) reads a quoted path on an
// export line as an import, and would warn that it skips /v1/docs/scalar.js.
const scriptPath = "/v1/docs/scalar.js";
/** Path of the reference page's script (reference/page.ts), relative to the page (`…/v1/docs/scalar.js`). */
export { scriptPath as SCALAR_SCRIPT_PATH };

/** `true` when the operation's output is a page (`{ data, next_cursor }`). */
export function isPaginated(op: Operation): boolean {
  const shape = (op.output as unknown as { shape?: Record<string, unknown> }).shape;
  return shape !== undefined && "next_cursor" in shape && "data" in shape;
}
