/**
 * The smallest database interface the direct driver needs: run a function inside one transaction on one
 * connection. scripts/db's SqlClient (PGlite or postgres.js) fits it as is; `postgresEngine` is the production
 * pool (small, with connect and idle timeouts, no prepared statements so it also works through Supavisor in
 * transaction mode); `pgliteEngine` wraps a bare PGlite instance.
 */
import type { PGlite } from "@electric-sql/pglite";
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

export function postgresEngine(url: string, options: PostgresEngineOptions): SqlEngine {
  const sql = postgres(url, {
    max: options.max,
    connect_timeout: options.connectTimeoutSeconds,
    idle_timeout: options.idleTimeoutSeconds,
    max_lifetime: 30 * 60,
    prepare: false,
    fetch_types: false,
    onnotice: () => {},
    connection: { application_name: "pfa-api" },
  });
  return {
    transaction<T>(fn: (tx: SqlTransaction) => Promise<T>): Promise<T> {
      return sql.begin((tx) =>
        fn({
          query: async (text, params = []) => [...await tx.unsafe(text, params as postgres.ParameterOrJSON<never>[])],
        })
      ) as Promise<T>;
    },
    close: () => sql.end({ timeout: 5 }),
  };
}

export function pgliteEngine(db: PGlite): SqlEngine {
  return {
    transaction<T>(fn: (tx: SqlTransaction) => Promise<T>): Promise<T> {
      return db.transaction((tx) =>
        fn({ query: async (text, params = []) => (await tx.query<SqlRow>(text, [...params])).rows })
      );
    },
    close: () => db.close(),
  };
}
