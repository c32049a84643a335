/**
 * The smallest database interface the direct driver needs: run a function inside one transaction on one
 * connection. scripts/db's SqlClient (PGlite or postgres.js) fits it as is; `postgresEngine` is the production
 * pool (small, with connect and idle timeouts, no prepared statements so it also works through Supavisor in
 * transaction mode).
 */
import net from "node:net";
import postgres from "postgres";
import { markConnectionPhase } from "./unavailable.ts";

export type SqlRow = Record<string, unknown>;

export interface SqlTransaction {
  query(sql: string, params?: readonly unknown[]): Promise<SqlRow[]>;
}

export interface SqlEngine {
  /** Runs `fn` inside one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlTransaction) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export interface PostgresEngineOptions {
  readonly max: number;
  readonly connectTimeoutSeconds: number;
  readonly idleTimeoutSeconds: number;
}

/**
 * Errors after which a connection must not be written to again: the socket is closed or closing, or the server
 * ended the session. (A statement timeout, 57014, is not one: the connection is fine and is rolled back.)
 */
const CONNECTION_LOST_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNRESET",
  "ECONNREFUSED",
  "ECONNABORTED",
  "EPIPE",
  "ETIMEDOUT",
  "57P01", // admin_shutdown (pg_terminate_backend)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now
  "57P05", // idle_session_timeout
]);

function connectionLost(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (CONNECTION_LOST_CODES.has(code) || code.startsWith("08"));
}

/**
 * postgres.js 3.4.9 sets every new connection up with a query of its own (the array-type lookup that `fetch_types`
 * enables, which reserve() needs) and drops that query's promise: when the connection is lost during it, the
 * rejection is unhandled, and Deno ends the process on an unhandled rejection. The connection loss itself reaches
 * the pool (it reconnects, or the request fails and the pool is replaced), so exactly these rejections are marked
 * handled: a postgres.js error whose query is that lookup. Every other unhandled rejection keeps its default.
 */
const TYPE_LOOKUP = /from pg_catalog\.pg_type a\s+left join pg_catalog\.pg_type b on b\.oid = a\.typelem/;
let typeLookupGuarded = false;

export function isTypeLookupRejection(reason: unknown): boolean {
  const query = (reason as { query?: unknown } | null)?.query;
  return reason instanceof Error && typeof query === "string" && TYPE_LOOKUP.test(query);
}

function guardTypeLookup(): void {
  const target = globalThis as { addEventListener?: typeof globalThis.addEventListener };
  if (typeLookupGuarded || typeof target.addEventListener !== "function") return;
  typeLookupGuarded = true;
  target.addEventListener("unhandledrejection", (event) => {
    if (isTypeLookupRejection((event as PromiseRejectionEvent).reason)) event.preventDefault();
  });
}

/** What postgres.js hands a `socket` factory (its parsed options; `host`/`port` are lists for multi-host URLs). */
interface SocketTarget {
  readonly host: readonly string[];
  readonly port: readonly number[];
  readonly path?: string | false;
}

/**
 * One postgres.js pool that knows every socket it opened. postgres.js 3.4.9 does not cancel what an ended pool
 * still has in flight: a reconnect timer (its backoff), or a reserve() request it already rejected but left queued,
 * opens a connection after `end()` has returned, and that connection then sits idle in the ended pool until its
 * idle timeout, or for good when a stale reserve() claimed it. So the sockets come from a factory here: `retire()`
 * makes the factory refuse (the connection attempt fails at once, without a retry) and destroys every socket the
 * pool still has, open or still connecting.
 */
function trackedPool(url: string, options: PostgresEngineOptions) {
  const sockets = new Set<net.Socket>();
  let retired = false;
  let next = 0;
  const sql = postgres(url, {
    max: options.max,
    connect_timeout: options.connectTimeoutSeconds,
    idle_timeout: options.idleTimeoutSeconds,
    max_lifetime: 30 * 60,
    prepare: false,
    // Must stay on: with fetch_types off, postgres.js 3.4.9 never resolves reserve() on a new connection.
    fetch_types: true,
    onnotice: () => {},
    connection: { application_name: "pfa-api" },
    // Not in postgres.js's types, but its documented way to supply sockets. It expects the socket it is given to
    // be connected already; a connecting one works as well (writes wait for the connection, TLS included), and
    // postgres.js's connect timeout, which starts as soon as the factory returns, still covers the TCP connect.
    socket: ({ host, port, path }: SocketTarget) => {
      if (retired) throw Object.assign(new Error("This database pool was replaced."), { code: "CONNECTION_ENDED" });
      const i = next++ % host.length;
      const socket = path ? net.connect(path) : net.connect(port[i] ?? 5432, host[i]);
      // postgres.js reads `host` for TLS server name indication (SNI); its own sockets carry it
      Object.assign(socket, { host: host[i] });
      sockets.add(socket);
      socket.once("close", () => sockets.delete(socket));
      return socket;
    },
  } as postgres.Options<Record<string, never>>);
  return {
    sql,
    /** Ends the pool: waits up to `timeoutSeconds` for running queries, then closes every socket it opened. */
    async retire(timeoutSeconds: number): Promise<void> {
      retired = true;
      try {
        await sql.end({ timeout: timeoutSeconds });
      } finally {
        for (const socket of sockets) socket.destroy();
      }
    },
  };
}

/**
 * reserve() with a bound. postgres.js 3.4.9 can leave a reserve() pending for good: when a connection is lost twice
 * while it is being set up, the request is dropped from its queue on the second attempt and nothing reconnects for
 * it. The bound is twice the connect timeout (a connect, the set-up query, one retry); past it the request fails as
 * a connect timeout (the pool is then replaced), and a connection handed out late goes straight back.
 */
function reserveWithin(sql: postgres.Sql, ms: number): Promise<postgres.ReservedSql> {
  const reserving = sql.reserve();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      reserving.then((late) => late.release(), () => {});
      reject(
        Object.assign(new Error(`The database pool handed out no connection within ${ms} ms.`), {
          code: "CONNECT_TIMEOUT",
        }),
      );
    }, ms);
  });
  return Promise.race([reserving, bound]).finally(() => clearTimeout(timer));
}

/**
 * The production pool. Transactions run on a reserved connection with explicit `begin`/`commit`/`rollback`
 * instead of postgres.js's `sql.begin()`: when a connection dies inside `sql.begin()`, postgres.js 3.4.x sends
 * its own ROLLBACK on the dead socket, which throws from a timer, outside any promise, and takes the whole
 * process down; the pool is then left unable to reconnect (porsager/postgres#1133, #1154, #1208; open upstream).
 * Here nothing is ever written to a connection after it was lost: the whole pool is replaced by a fresh one and
 * the old one retired (trackedPool: ended without waiting, every socket it opened closed, none opened later), so
 * the service recovers by itself once the database answers again and never holds more than `max` connections.
 * A failed or overdue reserve() replaces the pool too, whatever the error: postgres.js keeps a rejected request
 * queued and would hand it the next connection that opens, which nothing would ever release.
 */
export function postgresEngine(url: string, options: PostgresEngineOptions): SqlEngine {
  guardTypeLookup();
  let pool = trackedPool(url, options);
  let closed = false;
  /** Replaces the pool after a lost connection (once per pool, however many requests saw it fail). */
  const replace = (lost: typeof pool) => {
    if (lost !== pool || closed) return;
    pool = trackedPool(url, options);
    lost.retire(0).catch(() => {});
  };
  return {
    async transaction<T>(fn: (tx: SqlTransaction) => Promise<T>): Promise<T> {
      if (closed) {
        // postgres.js would still hand out a connection of an ended pool through reserve()
        throw Object.assign(new Error("The database pool is closed."), { code: "CONNECTION_ENDED" });
      }
      const current = pool;
      let reserved: postgres.ReservedSql;
      try {
        reserved = await reserveWithin(current.sql, 2 * options.connectTimeoutSeconds * 1000);
      } catch (error) {
        replace(current);
        // Whatever fails before a connection is handed out is the connection phase: refused, unreachable, a database
        // that does not accept connections (55000), does not exist (3D000), a role or password refused (28xxx), no
        // CONNECT privilege (42501 here, a bug anywhere else). All of them mean "cannot answer now", a 503.
        throw markConnectionPhase(error);
      }
      let usable = true;
      // `begin` is not awaited: postgres.js sends it in the same flight as the transaction's first statement (one
      // round trip fewer). Its outcome is checked before the commit, and wins over a later error it caused. Should it
      // ever fail, the statements after it would run outside a transaction, with the set-up's settings gone at the
      // end of each statement: without claims, every read function returns no rows (each filters on auth.uid()).
      const begun = reserved.unsafe("begin").then(() => undefined, (error: unknown) => error ?? new Error("begin"));
      try {
        const result = await fn({
          query: async (
            text,
            params = [],
          ) => [...await reserved.unsafe(text, params as postgres.ParameterOrJSON<never>[])],
        });
        const beginFailed = await begun;
        if (beginFailed) throw beginFailed;
        await reserved.unsafe("commit");
        return result;
      } catch (caught) {
        const error = (await begun) ?? caught;
        if (connectionLost(error)) usable = false;
        else {
          try {
            await reserved.unsafe("rollback");
          } catch {
            usable = false;
          }
        }
        throw error;
      } finally {
        if (usable) reserved.release();
        else replace(current);
      }
    },
    close: () => {
      closed = true;
      return pool.retire(5);
    },
  };
}
