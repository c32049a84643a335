/**
 * What the importer needs of a database connection. scripts/db's SqlClient (PGlite and postgres.js) provides it,
 * so the same import code runs on the embedded database of `npm start` and on a real PostgreSQL.
 */
export interface ImportSql {
  readonly engine: "pglite" | "postgres";
  exec(sql: string): Promise<void>;
  query<T extends Record<string, unknown> = Record<string, unknown>>(
    sql: string,
    params?: readonly unknown[],
  ): Promise<T[]>;
  transaction<T>(fn: (tx: ImportSql) => Promise<T>): Promise<T>;
  /**
   * `COPY target FROM STDIN (FORMAT csv)` straight into `target` (`table (columns)`), streaming the chunks with
   * back-pressure. Only for tables that cannot reject a well-formed row (the importer's unconstrained staging).
   */
  copyInto(target: string, csv: AsyncIterable<string> | Iterable<string>): Promise<void>;
}
