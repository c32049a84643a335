/**
 * Reads a JSON request body with limits enforced while streaming: the media type is checked first (415), a
 * declared `Content-Length` above the limit is refused before any byte is read (413), and the bytes actually
 * received are counted so a body without a length (chunked) is cut off as soon as it passes the limit. Nothing
 * beyond the limit is ever buffered. Invalid UTF-8 and malformed JSON are 400.
 */
import { ProblemError } from "./problem.ts";

/** `application/json`, optionally with `charset=utf-8` (any case); any other parameter value is refused. */
export function checkJsonMediaType(contentType: string | null): void {
  if (!contentType) {
    throw new ProblemError(415, "A request body must be sent with Content-Type: application/json.");
  }
  const [type = "", ...params] = contentType.split(";");
  if (type.trim().toLowerCase() !== "application/json") {
    throw new ProblemError(415, `Content-Type ${JSON.stringify(type.trim())} is not supported; use application/json.`);
  }
  for (const param of params) {
    const [name = "", value = ""] = param.split("=");
    if (name.trim().toLowerCase() !== "charset") continue;
    const charset = value.trim().replace(/^"(.*)"$/, "$1").toLowerCase();
    if (charset !== "utf-8" && charset !== "utf8") {
      throw new ProblemError(415, `charset ${JSON.stringify(charset)} is not supported; JSON bodies must be UTF-8.`);
    }
  }
}

function tooLarge(limit: number): ProblemError {
  return new ProblemError(413, `The request body is larger than the limit of ${limit} bytes.`);
}

/** Reads at most `limit` bytes of the body; throws 413 as soon as more arrive. */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array> {
  const declared = request.headers.get("content-length");
  let expected = 0;
  if (declared !== null) {
    const length = Number(declared);
    if (Number.isSafeInteger(length) && length >= 0) {
      if (length > limit) throw tooLarge(limit);
      expected = length;
    }
  }
  const stream = request.body;
  if (!stream) return new Uint8Array(0);
  if (declared !== null && expected > 0) {
    // Fast path: the HTTP server frames the body by its Content-Length (no byte beyond it belongs to this
    // request), so reading it whole buffers at most `expected` ≤ `limit` bytes. The check after is a guard for
    // in-process Requests, which have no framing.
    const bytes = new Uint8Array(await request.arrayBuffer());
    if (bytes.byteLength > limit) throw tooLarge(limit);
    return bytes;
  }
  const reader = stream.getReader();
  // One buffer sized from Content-Length when it is known (grown by doubling otherwise, capped at the limit).
  let buffer = new Uint8Array(expected > 0 ? expected : Math.min(limit, 64 * 1024));
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (size + value.byteLength > limit) {
        await reader.cancel().catch(() => {});
        throw tooLarge(limit);
      }
      if (size + value.byteLength > buffer.byteLength) {
        const grown = new Uint8Array(Math.min(limit, Math.max(buffer.byteLength * 2, size + value.byteLength)));
        grown.set(buffer.subarray(0, size));
        buffer = grown;
      }
      buffer.set(value, size);
      size += value.byteLength;
    }
  } finally {
    reader.releaseLock();
  }
  return buffer.subarray(0, size);
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
const lenient = new TextDecoder("utf-8");

/**
 * Decodes UTF-8 strictly (a leading BOM is dropped); invalid bytes are 400. The lenient decoder is several times
 * faster than the fatal one and differs from it only by writing U+FFFD for invalid bytes, so its result is exact
 * when it holds no U+FFFD; otherwise (invalid bytes, or a U+FFFD actually sent) the fatal decoder decides.
 */
export function decodeUtf8(bytes: Uint8Array): string {
  const text = lenient.decode(bytes);
  if (!text.includes("\uFFFD")) return text;
  try {
    return utf8.decode(bytes);
  } catch {
    throw new ProblemError(400, "The request body is not valid UTF-8.");
  }
}
