/**
 * What the HTTP endpoint reads off a JSON-RPC body (one message or a batch) before the MCP transport sees it: the
 * requests it holds (each counts against the rate limit), an id two requests share (the SDK would answer only one),
 * and the body without its `notifications/cancelled` messages (every request of a POST is answered in its one
 * response, so nothing is left to cancel, and the SDK would wait forever for a response it dropped).
 */
const isCancellation = (message: unknown) =>
  typeof message === "object" && message !== null && (message as { method?: unknown }).method ===
    "notifications/cancelled";

/** The body without its `notifications/cancelled` messages; null when nothing is left. */
export function withoutCancellations(body: unknown): unknown {
  if (!Array.isArray(body)) return isCancellation(body) ? null : body;
  if (!body.some(isCancellation)) return body;
  const kept = body.filter((message) => !isCancellation(message));
  return kept.length === 0 ? null : kept;
}

/** JSON-RPC requests (a method and an id) in a body; notifications and responses are not counted. */
export function requestCount(body: unknown): number {
  let count = 0;
  for (const message of Array.isArray(body) ? body : [body]) {
    if (typeof message !== "object" || message === null) continue;
    const { id, method } = message as { id?: unknown; method?: unknown };
    if (typeof method === "string" && (typeof id === "string" || typeof id === "number")) count++;
  }
  return count;
}

/** The first id two requests of a batch share (the SDK would answer only one of them), if any. */
export function repeatedId(batch: unknown[]): string | number | undefined {
  const seen = new Set<string | number>();
  for (const message of batch) {
    if (typeof message !== "object" || message === null) continue;
    const { id, method } = message as { id?: unknown; method?: unknown };
    if (typeof method !== "string" || (typeof id !== "string" && typeof id !== "number")) continue;
    if (seen.has(id)) return id;
    seen.add(id);
  }
  return undefined;
}
