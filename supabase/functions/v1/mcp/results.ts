/**
 * Tool results. Success: `structuredContent` is exactly the REST response body, and one text block carries the
 * same JSON. Failure: `isError: true` and the text block is the REST problem object (RFC 9457) as JSON.
 *
 * The problem is deliberately not put in `structuredContent`: a tool with an `outputSchema` must return
 * structured content that matches it, and the official TypeScript client (1.x) validates `structuredContent`
 * against the success schema even when `isError` is true (modelcontextprotocol/typescript-sdk#1943), so such a
 * result would surface as a client exception instead of the problem. The text block is JSON, so agents and
 * programs parse the problem from it.
 */
import type { Problem } from "@pfa/core/problem/problem.ts";
import type { CallToolResult } from "./sdk.ts";

export type Outcome =
  | { readonly ok: true; readonly body: Record<string, unknown> }
  | { readonly ok: false; readonly problem: Problem };

export function toolResult(outcome: Outcome): CallToolResult {
  if (outcome.ok) {
    return { content: [{ type: "text", text: JSON.stringify(outcome.body) }], structuredContent: outcome.body };
  }
  return { content: [{ type: "text", text: JSON.stringify(outcome.problem) }], isError: true };
}
