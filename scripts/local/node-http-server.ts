/**
 * Serves a fetch handler on node:http (what `npm start` and the test servers listen with), for what Deno.serve cannot
 * do: close the connection of a request whose body was not read to the end. After a 408 (a body that stalled) or a
 * 413 the socket is destroyed once the answer is written, so a stalled upload holds nothing; `requestTimeoutMs` and
 * `headersTimeoutMs` bound, at the socket, requests the app never reads (slow headers, a stalled body on a route that
 * takes none). The handler gets the peer's real address as Deno.serve would give it (`info.remoteAddr`).
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { problemResponse } from "../../supabase/functions/v1/http/problem.ts";

export type FetchHandler = (request: Request, info?: Deno.ServeHandlerInfo) => Response | Promise<Response>;

export interface NodeHttpOptions {
  readonly hostname: string;
  readonly port: number;
  /** Whole-request bound at the socket (node's `requestTimeout`); default 30 s. */
  readonly requestTimeoutMs?: number;
  /** Bound on receiving the request head (node's `headersTimeout`); default 10 s. */
  readonly headersTimeoutMs?: number;
  readonly onListen?: (address: { hostname: string; port: number }) => void;
}

export interface NodeHttpServer {
  readonly port: number;
  shutdown(): Promise<void>;
}

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) as `127.0.0.1`. */
function peerAddress(address: string | undefined): string {
  return address?.startsWith("::ffff:") ? address.slice(7) : address ?? "";
}

/** The request body as a web stream, pulled as the app reads (back-pressure pauses the socket). */
function bodyStream(req: http.IncomingMessage): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      req.on("data", (chunk: Uint8Array) => {
        controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
        if ((controller.desiredSize ?? 0) <= 0) req.pause();
      });
      req.on("end", () => controller.close());
      req.on("error", (error) => controller.error(error));
      req.pause();
    },
    pull() {
      req.resume();
    },
    cancel() {
      req.pause();
    },
  }, { highWaterMark: 64 * 1024, size: (chunk) => chunk.byteLength });
}

function toRequest(req: http.IncomingMessage, hostname: string, port: number, signal: AbortSignal): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) headers.append(req.rawHeaders[i]!, req.rawHeaders[i + 1]!);
  const method = req.method ?? "GET";
  const hasBody = method !== "GET" && method !== "HEAD";
  // The target resolved against the Host header; a Host that is not a host (`a b`, `[::1`) is replaced by the
  // listening address, and an absolute-form target (`GET http://x/v1/health`) keeps only its own URL.
  const target = req.url ?? "/";
  let url: URL;
  try {
    url = new URL(target, `http://${req.headers.host ?? `${hostname}:${port}`}`);
  } catch {
    url = new URL(target, `http://${hostname}:${port}`);
  }
  return new Request(url, {
    method,
    headers,
    signal,
    ...(hasBody ? { body: bodyStream(req), duplex: "half" } : {}),
  } as RequestInit);
}

/** A problem answer of the function's own shape (http/problem.ts), with the request id header the app adds. */
function problem(status: 405 | 500, detail: string, headers: Record<string, string> = {}): Response {
  const id = crypto.randomUUID();
  return problemResponse(status, detail, id, { headers: { ...headers, "X-Request-Id": id } });
}

/** A request the Fetch API cannot represent: a forbidden method (TRACE, TRACK, CONNECT) is a 405 problem. */
function unservable(method: string): Response {
  const detail = `The method ${JSON.stringify(method.slice(0, 20))} is not served; use GET, HEAD, POST or OPTIONS.`;
  return problem(405, detail, { Allow: "GET, HEAD, POST, OPTIONS" });
}

async function send(res: http.ServerResponse, response: Response, head: boolean, close: boolean): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = name === "set-cookie" ? [...(headers[name] as string[] ?? []), value] : value;
  });
  if (close) headers["connection"] = "close";
  res.writeHead(response.status, headers);
  if (response.body && !head) {
    for await (const chunk of response.body) {
      if (!res.write(chunk)) await new Promise((resolve) => res.once("drain", resolve));
    }
  }
  await new Promise<void>((resolve) => res.end(resolve));
}

export function serveOnNodeHttp(options: NodeHttpOptions, handler: FetchHandler): Promise<NodeHttpServer> {
  const server = http.createServer(async (req, res) => {
    const aborted = new AbortController();
    res.on("close", () => aborted.abort());
    const socket = req.socket;
    const info = {
      remoteAddr: {
        transport: "tcp" as const,
        hostname: peerAddress(socket.remoteAddress),
        port: socket.remotePort ?? 0,
      },
      completed: new Promise<void>((resolve) => res.on("close", () => resolve())),
    };
    let response: Response;
    let request: Request | undefined;
    try {
      request = toRequest(req, options.hostname, socket.localPort ?? options.port, aborted.signal);
    } catch {
      // Only a method the Fetch API forbids (TRACE, TRACK, CONNECT) gets here: the URL always resolves.
    }
    if (request === undefined) response = unservable(req.method ?? "");
    else {
      try {
        response = await handler(request, info);
      } catch {
        response = problem(500, "An unexpected error occurred.");
      }
    }
    // A body the app did not read to the end (408, 413, or a route that takes none): the connection cannot be reused.
    const unread = req.method !== "GET" && req.method !== "HEAD" && !req.complete;
    try {
      await send(res, response, req.method === "HEAD", unread);
    } catch {
      // the client went away
    }
    if (unread) socket.destroy();
  });
  server.requestTimeout = options.requestTimeoutMs ?? 30_000;
  server.headersTimeout = options.headersTimeoutMs ?? 10_000;
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port, options.hostname, () => {
      server.off("error", reject);
      const port = (server.address() as AddressInfo).port;
      options.onListen?.({ hostname: options.hostname, port });
      resolve({
        port,
        shutdown: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
