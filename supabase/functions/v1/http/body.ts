/**
 * Reads a JSON request body with limits enforced while streaming: the media type is checked first (415), a
 * declared `Content-Length` above the limit is refused before any byte is read (413), and the bytes actually
 * received are counted so any body is cut off as soon as it passes the limit. Nothing is reserved up front and
 * nothing beyond the limit is ever buffered. A body that takes longer than the read timeout is 408; the number of
 * bodies read at once is bounded. Invalid UTF-8 and malformed JSON are 400.
 */
import { createGate, type Gate } from "../data/direct/gate.ts";
import { createDeadlines } from "./deadlines.ts";
import { ProblemError } from "./problem.ts";

/** `application/json`, optionally with `charset=utf-8` (any case); any other parameter value is refused. */
export function checkJsonMediaType(contentType: string | null, contentEncoding: string | null = null): void {
  // RFC 9110 §15.5.16: a content coding the server does not apply is a 415. Nothing is ever decompressed here, so a
  // compressed body cannot expand past the byte limit either.
  const coding = contentEncoding?.trim().toLowerCase();
  if (coding && coding !== "identity") {
    throw new ProblemError(
      415,
      `Content-Encoding ${JSON.stringify(contentEncoding!.trim().slice(0, 40))} is not supported; send the body ` +
        "uncompressed.",
    );
  }
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

/** How a body may be read: its size, how long it may take, and how many bodies are read at once. */
export interface BodyReadLimits {
  readonly maxBytes: number;
  /** Milliseconds the whole body may take to arrive (408 past it); none when absent. */
  readonly timeoutMs?: number;
  /** Bounds the bodies read at once (a slot is held while reading); 503 when none frees up within `timeoutMs`. */
  readonly slots?: Gate;
  /**
   * Bounds the bodies one client (user or address) has being read at once: its further reads wait for one of its
   * own to end, and past `timeoutMs` get 503, without ever holding one of the `slots`.
   */
  readonly shares?: ClientShares;
}

/** Per-client slots of body reads, so that one client cannot hold every slot with stalled uploads. */
export interface ClientShares {
  /** Waits (up to `timeoutMs`, then 503) until `client` has fewer than its share of reads; resolves the release. */
  enter(client: string, timeoutMs: number): Promise<() => void>;
  /** The release at once when `client` has fewer than its share of reads; `undefined` when it must wait (`enter`). */
  tryEnter(client: string): (() => void) | undefined;
  /** Clients with a read in progress or waiting (entries exist only while one is). */
  readonly clients: number;
}

/** One client's reads: how many run, and the reads waiting for one of them to end (first come, first served). */
interface Share {
  active: number;
  readonly waiting: Array<() => void>;
}

export function clientShares(perClient: number): ClientShares {
  // A plain counter per client with a read in progress: the common case (a free share) allocates the entry and the
  // release, and arms no timer; only a read that has to wait for its own client's queues with a timeout.
  const shares = new Map<string, Share>();
  const busy = () =>
    new ProblemError(
      503,
      `You have ${perClient} request bodies being received at once, the most one client may, and none ended in ` +
        "time; retry shortly.",
      { headers: { "Retry-After": "1" } },
    );
  const releaser = (client: string, share: Share) => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = share.waiting.shift();
      if (next) next(); // the slot passes straight to the next waiting read of this client
      else if (--share.active === 0) shares.delete(client);
    };
  };
  const tryEnter = (client: string) => {
    let share = shares.get(client);
    if (share === undefined) {
      share = { active: 0, waiting: [] };
      shares.set(client, share);
    } else if (share.active >= perClient) return undefined;
    share.active++;
    return releaser(client, share);
  };
  return {
    get clients() {
      return shares.size;
    },
    tryEnter,
    enter(client, timeoutMs) {
      const now = tryEnter(client);
      if (now) return Promise.resolve(now);
      const share = shares.get(client)!;
      return new Promise((resolve, reject) => {
        const grant = () => {
          clearTimeout(timer);
          resolve(releaser(client, share));
        };
        const timer = setTimeout(() => {
          const i = share.waiting.indexOf(grant);
          if (i >= 0) share.waiting.splice(i, 1);
          reject(busy());
        }, timeoutMs);
        share.waiting.push(grant);
      });
    },
  };
}

/**
 * The 408 of a body that did not arrive in time, with `Connection: close`. node:http (`npm start`) then closes the
 * connection; Deno.serve (2.9) sends the header but keeps the socket until the client ends it.
 */
export function bodyTimedOut(timeoutMs: number): ProblemError {
  return new ProblemError(408, `The request body did not arrive within ${timeoutMs} ms; send it without pauses.`, {
    headers: { Connection: "close" },
  });
}

/** The slots of `maxConcurrent` body reads; a request that waits too long for one gets 503 with Retry-After. */
export function bodyReadSlots(maxConcurrent: number): Gate {
  return createGate(
    maxConcurrent,
    () =>
      new ProblemError(503, "Too many request bodies are being received at once; retry shortly.", {
        headers: { "Retry-After": "1" },
      }),
  );
}

/**
 * Reads the body as it arrives, counting bytes: a declared `Content-Length` above the limit is 413 before any byte is
 * read, and a body (declared or chunked) is cut off with 413 as soon as it passes the limit. Nothing is reserved up
 * front: memory grows with the bytes actually received, so a stalled upload holds only what it sent. Past
 * `timeoutMs` the read is cancelled and answered 408. A bare number is the byte limit alone.
 */
export async function readBodyBytes(
  request: Request,
  limits: number | BodyReadLimits,
  /** Who the request counts against (admit.ts `clientKey`): with `shares`, bounds that client's reads. */
  client?: string,
): Promise<Uint8Array> {
  const { maxBytes, timeoutMs, slots, shares } = typeof limits === "number"
    ? { maxBytes: limits } as BodyReadLimits
    : limits;
  const declared = request.headers.get("content-length");
  let length = -1;
  if (declared !== null) {
    length = Number(declared);
    if (Number.isSafeInteger(length) && length > maxBytes) throw tooLarge(maxBytes);
  }
  const whole = Number.isSafeInteger(length) && length >= 0 && length <= WHOLE_READ_MAX_BYTES;
  // `request.body` builds a ReadableStream over the connection; a whole read (readWhole) does without one.
  const stream = whole ? null : request.body;
  if (!whole && !stream) return new Uint8Array(0);
  const leave = shares && client !== undefined
    ? shares.tryEnter(client) ?? await shares.enter(client, timeoutMs ?? 10_000)
    : undefined;
  try {
    const release = slots ? slots.tryAcquire() ?? await slots.acquire(timeoutMs ?? 10_000) : undefined;
    try {
      return whole ? await readWhole(request, maxBytes, timeoutMs) : await readStream(stream!, maxBytes, timeoutMs);
    } finally {
      release?.();
    }
  } finally {
    leave?.();
  }
}

/** The read timeouts of every body read in this process, on one timer (deadlines.ts). */
const readDeadlines = createDeadlines();

function cutOff(): ProblemError {
  return new ProblemError(400, "The request body was cut off: the connection closed before it was complete.");
}

/**
 * Bodies that declare at most this many bytes are read in one step (readWhole). A read abandoned at its 408 keeps
 * what the client sent until the connection ends, so the size is kept small: no more than the socket buffers the
 * kernel holds for a connection anyway.
 */
export const WHOLE_READ_MAX_BYTES = 64 * 1024;

/**
 * A small body with a declared `Content-Length`: HTTP framing lets no more bytes than declared into the body, so it
 * is read in one step (`Request.bytes()`, which Deno serves with a single read of the whole body: about 10 µs less
 * CPU per request than a reader loop, bench/servers). The limit is still checked on what arrived (a Request built in
 * process is not framed by a server). Past `timeoutMs` the read is abandoned with the 408, as readStream does.
 */
function readWhole(request: Request, limit: number, timeoutMs: number | undefined): Promise<Uint8Array> {
  // One promise settled by whichever comes first, the bytes or the deadline (rather than Promise.race over two
  // derived promises: fewer allocations and turns on every request, the same answers).
  const whole = request.bytes();
  return new Promise((resolve, reject) => {
    const cancelDeadline = timeoutMs === undefined
      ? undefined
      : readDeadlines.after(timeoutMs, () => reject(bodyTimedOut(timeoutMs)));
    whole.then((bytes) => {
      cancelDeadline?.();
      if (bytes.byteLength > limit) reject(tooLarge(limit));
      else resolve(bytes);
    }, () => {
      cancelDeadline?.();
      reject(cutOff());
    });
  });
}

async function readStream(
  stream: ReadableStream<Uint8Array>,
  limit: number,
  timeoutMs: number | undefined,
): Promise<Uint8Array> {
  const reader = stream.getReader();
  let timedOut = false;
  // Cancelling the reader ends the pending read() (done); the flag tells a timeout from the end of the body.
  const cancelDeadline = timeoutMs === undefined ? undefined : readDeadlines.after(timeoutMs, () => {
    timedOut = true;
    reader.cancel().catch(() => {});
  });
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        // The connection broke mid-body (ECONNRESET and the like): the client's doing, not a server error, so a 400
        // (which nobody receives) rather than a 500 in the log.
        if (timedOut) throw bodyTimedOut(timeoutMs!);
        throw cutOff();
      }
      const { done, value } = chunk;
      if (timedOut) throw bodyTimedOut(timeoutMs!);
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await reader.cancel().catch(() => {});
        throw tooLarge(limit);
      }
      chunks.push(value);
    }
  } finally {
    // The reader keeps its lock: nothing reads a request body twice, and releasing it rejects the reader's `closed`
    // promise with a new TypeError (a stack trace captured per request, about 5 % of a small request's CPU).
    cancelDeadline?.();
  }
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
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
