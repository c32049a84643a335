/**
 * The smallest database interface the direct driver needs: run a function inside one transaction on one
 * connection. scripts/db's SqlClient (PGlite or postgres.js) fits it as is; `postgresEngine` is the production
 * pool (small, with connect and idle timeouts, no prepared statements so it also works through Supavisor in
 * transaction mode).
 */
import postgres from "postgres";

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
 * The production pool. Transactions run on a reserved connection with explicit `begin`/`commit`/`rollback`
 * instead of postgres.js's `sql.begin()`: when a connection dies inside `sql.begin()`, postgres.js 3.4.x sends
 * its own ROLLBACK on the dead socket, which throws from a timer, outside any promise, and takes the whole
 * process down; the pool is then left unable to reconnect (porsager/postgres#1133, #1154, #1208; open upstream).
 * Here nothing is ever written to a connection after it was lost: the whole pool is replaced by a fresh one
 * (the old one is ended without waiting), so the service recovers by itself once the database answers again.
 */
export function postgresEngine(url: string, options: PostgresEngineOptions): SqlEngine {
  const create = () =>
    postgres(url, {
      max: options.max,
      connect_timeout: options.connectTimeoutSeconds,
      idle_timeout: options.idleTimeoutSeconds,
      max_lifetime: 30 * 60,
      prepare: false,
      // Must stay on: with fetch_types off, postgres.js 3.4.9 never resolves reserve() on a new connection.
      fetch_types: true,
      onnotice: () => {},
      connection: { application_name: "pfa-api" },
    });
  let sql = create();
  let closed = false;
  /** Replaces the pool after a lost connection (once per pool, however many requests saw it fail). */
  const replace = (lost: typeof sql) => {
    if (lost !== sql || closed) return;
    sql = create();
    lost.end({ timeout: 0 }).catch(() => {});
  };
  return {
    async transaction<T>(fn: (tx: SqlTransaction) => Promise<T>): Promise<T> {
      if (closed) {
        // postgres.js would still hand out a connection of an ended pool through reserve()
        throw Object.assign(new Error("The database pool is closed."), { code: "CONNECTION_ENDED" });
      }
      const pool = sql;
      let reserved: postgres.ReservedSql;
      try {
        reserved = await pool.reserve();
      } catch (error) {
        if (connectionLost(error)) replace(pool);
        throw error;
      }
      let usable = true;
      try {
        await reserved.unsafe("begin");
        const result = await fn({
          query: async (
            text,
            params = [],
          ) => [...await reserved.unsafe(text, params as postgres.ParameterOrJSON<never>[])],
        });
        await reserved.unsafe("commit");
        return result;
      } catch (error) {
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
        else replace(pool);
      }
    },
    close: () => {
      closed = true;
      return sql.end({ timeout: 5 });
    },
  };
}
