/**
 * A TCP proxy the test controls, put between the server and PostgreSQL to make the database unreachable on demand:
 * - `up`: forwards every connection;
 * - `refuse`: closes the listening socket and every open connection, so new connections are refused
 *   (ECONNREFUSED) and pooled ones break;
 * - `blackhole`: closes every open connection and accepts new ones but never answers (a hung network);
 * - `stall`: a network partition that heals: open connections stay open but no byte moves either way, and new
 *   connections wait; back to `up`, everything held resumes where it stopped.
 * - `cut-after-startup`: new connections get through the startup handshake, and are closed as soon as the client
 *   sends its first query (a connection lost while the driver sets it up).
 * Switching back to `up` listens again on the same port.
 */
export type ProxyMode = "up" | "refuse" | "blackhole" | "stall" | "cut-after-startup";

export interface TcpProxy {
  readonly port: number;
  readonly mode: ProxyMode;
  /** Reads from clients so far: one per flight the client sent (a client waits for answers between flights). */
  readonly clientReads: number;
  setMode(mode: ProxyMode): Promise<void>;
  close(): Promise<void>;
}

export function startTcpProxy(target: { hostname: string; port: number }): TcpProxy {
  let mode: ProxyMode = "up";
  let listener: Deno.Listener | undefined;
  const open = new Set<Deno.Conn>();
  let port = 0;
  let resume: (() => void) | undefined;
  let resumed: Promise<void> = Promise.resolve();
  const whileStalled = async () => {
    while (mode === "stall") await resumed;
  };

  const closeQuietly = (conn: Deno.Conn) => {
    open.delete(conn);
    try {
      conn.close();
    } catch { /* already closed */ }
  };

  let clientReads = 0;

  /** Copies `from` to `to`; with `chunks`, closes both after that many reads (the rest is never forwarded). */
  async function pipe(from: Deno.Conn, to: Deno.Conn, chunks = Infinity, fromClient = false): Promise<void> {
    const buffer = new Uint8Array(64 * 1024);
    try {
      for (let read = 0; read < chunks + 1; read++) {
        const n = await from.read(buffer);
        if (n === null || read === chunks) break;
        if (fromClient) clientReads++;
        await whileStalled();
        let written = 0;
        while (written < n) written += await to.write(buffer.subarray(written, n));
      }
    } catch { /* either side closed */ }
    closeQuietly(from);
    closeQuietly(to);
  }

  async function serve(conn: Deno.Conn): Promise<void> {
    open.add(conn);
    if (mode === "blackhole") return; // hold it open, say nothing
    await whileStalled();
    let upstream: Deno.Conn;
    try {
      upstream = await Deno.connect(target);
    } catch {
      closeQuietly(conn);
      return;
    }
    open.add(upstream);
    // the client speaks first: its startup message is one read, its first query (after ReadyForQuery) the next
    void pipe(conn, upstream, mode === "cut-after-startup" ? 1 : Infinity, true);
    void pipe(upstream, conn);
  }

  function listen(): void {
    listener = Deno.listen({ hostname: "127.0.0.1", port });
    port = (listener.addr as Deno.NetAddr).port;
    const current = listener;
    (async () => {
      try {
        for await (const conn of current) void serve(conn);
      } catch { /* listener closed */ }
    })();
  }

  function dropAll(): void {
    for (const conn of [...open]) closeQuietly(conn);
  }

  listen();
  return {
    get port() {
      return port;
    },
    get mode() {
      return mode;
    },
    get clientReads() {
      return clientReads;
    },
    async setMode(next) {
      if (next === mode) return;
      const previous = mode;
      mode = next;
      if (next === "stall") {
        resumed = new Promise((resolve) => (resume = resolve));
        return;
      }
      if (previous === "stall") {
        resume?.();
        if (next === "up") return;
      }
      dropAll();
      if (next === "refuse") {
        listener?.close();
        listener = undefined;
      } else if (previous === "refuse") {
        listen();
      }
      await new Promise((resolve) => setTimeout(resolve, 10));
    },
    async close() {
      mode = "refuse";
      resume?.();
      listener?.close();
      listener = undefined;
      dropAll();
      await new Promise((resolve) => setTimeout(resolve, 10));
    },
  };
}
