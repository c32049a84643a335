/**
 * SqlClient: one small interface over the two engines this project runs on, embedded PGlite and a real
 * PostgreSQL through postgres.js. Importable from Node (vitest) and Deno (npm start, deno test, bench).
 *
 * Both engines return the same JavaScript values, so callers never branch on the engine:
 *
 * | Postgres type            | JavaScript value                                              |
 * |--------------------------|---------------------------------------------------------------|
 * | int2, int4               | number                                                        |
 * | int8 (bigint, count(*))  | bigint (exact; convert with a safe-integer check)             |
 * | numeric                  | string, exactly as Postgres prints it (e.g. "12.50")          |
 * | date                     | string `YYYY-MM-DD`                                           |
 * | timestamptz              | string RFC 3339 in UTC, microseconds kept (`...T06:00:00Z`)   |
 * | json, jsonb              | parsed value                                                  |
 * | arrays                   | arrays of the values above                                    |
 * | text, uuid, others       | string                                                        |
 *
 * Every session runs with `TimeZone = UTC`.
 */
import { PGlite } from "@electric-sql/pglite";
import postgres from "postgres";

export type Row = Record<string, unknown>;

export interface SqlClient {
  readonly engine: "pglite" | "postgres";
  /** Runs one or more statements without parameters (simple query protocol). */
  exec(sql: string): Promise<void>;
  /** Runs one statement with `$1`-style parameters and returns its rows. */
  query<T extends Row = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  /** Runs `fn` inside one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T>;
  /** Bulk load: `COPY table (columns) FROM STDIN` with CSV text (no header), given whole or in chunks. */
  copyCsv(table: string, columns: readonly string[], csv: string | Iterable<string>): Promise<void>;
  /**
   * `COPY target FROM STDIN (FORMAT csv)` straight into `target` (`table (columns)`), chunks streamed with
   * back-pressure. Only for tables that cannot reject a well-formed row (the importer's unconstrained staging):
   * on postgres.js an error raised after the stream ended would be lost (see copyCsv).
   */
  copyInto(target: string, csv: AsyncIterable<string> | Iterable<string>): Promise<void>;
  close(): Promise<void>;
}

const OID = { int8: 20, numeric: 1700, date: 1082, timestamp: 1114, timestamptz: 1184 } as const;

/** `2026-11-21 06:00:00.5+00` (TimeZone UTC) -> `2026-11-21T06:00:00.5Z`. */
export function timestamptzToRfc3339(text: string): string {
  return text.replace(" ", "T").replace(/\+00(:00)?$/, "Z");
}

const textParsers = {
  [OID.int8]: (x: string) => BigInt(x),
  [OID.numeric]: (x: string) => x,
  [OID.date]: (x: string) => x,
  [OID.timestamp]: (x: string) => x.replace(" ", "T"),
  [OID.timestamptz]: timestamptzToRfc3339,
};

/** Values sent as parameters: bigint and everything else go as text; null stays null. */
function serializeParam(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  return value;
}

// ---------------------------------------------------------------------------------------------- PGlite

type PgliteLike = Pick<PGlite, "exec" | "query">;

function pgliteOps(db: PgliteLike): Omit<SqlClient, "transaction" | "close"> {
  return {
    engine: "pglite",
    async exec(sql) {
      await db.exec(sql);
    },
    async query<T extends Row = Row>(sql: string, params: readonly unknown[] = []) {
      const result = await db.query<T>(sql, params.map(serializeParam));
      return result.rows;
    },
    async copyInto(target, csv) {
      for await (const chunk of csv) {
        await db.query(`copy ${target} from '/dev/blob' with (format csv)`, [], { blob: new Blob([chunk]) });
      }
    },
    async copyCsv(table, columns, csv) {
      for (const chunk of typeof csv === "string" ? [csv] : csv) {
        await db.query(
          `copy ${table} (${columns.join(", ")}) from '/dev/blob' with (format csv)`,
          [],
          { blob: new Blob([chunk]) },
        );
      }
    },
  };
}

/** A new in-memory PGlite (Postgres in WebAssembly), or one stored in `dataDir`. */
export async function createPgliteClient(
  options: { dataDir?: string; /** Load the pgTAP extension (for the pgTAP suites). */ pgtap?: boolean } = {},
): Promise<SqlClient> {
  const extensions = options.pgtap ? { pgtap: (await import("@electric-sql/pglite-pgtap")).pgtap } : undefined;
  const db = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(extensions ? { extensions } : {}),
    parsers: textParsers,
  });
  await db.exec("set time zone 'UTC'");
  return wrapPglite(db, db);
}

function wrapPglite(db: PgliteLike, engine: PGlite): SqlClient {
  const ops = pgliteOps(db);
  return {
    ...ops,
    async transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
      if (db !== engine) {
        // Nested: a savepoint inside the surrounding transaction.
        const name = `sp_${Math.random().toString(36).slice(2)}`;
        await db.exec(`savepoint ${name}`);
        try {
          const result = await fn(wrapPglite(db, engine));
          await db.exec(`release savepoint ${name}`);
          return result;
        } catch (error) {
          await db.exec(`rollback to savepoint ${name}`);
          throw error;
        }
      }
      return await engine.transaction((tx) => fn(wrapPglite(tx as unknown as PgliteLike, engine)));
    },
    async close() {
      if (db === engine && !engine.closed) await engine.close();
    },
  };
}

// ---------------------------------------------------------------------------------------------- postgres.js

// deno-lint-ignore no-explicit-any
type Sql = postgres.Sql<any>;
// deno-lint-ignore no-explicit-any
type TxSql = postgres.TransactionSql<any>;

export interface PostgresClientOptions {
  /** Pool size; default 10. */
  max?: number;
  /** Extra startup parameters, e.g. `{ statement_timeout: "5000" }`. */
  connection?: Record<string, string>;
}

/** A pooled connection to a real PostgreSQL at `url` (postgres.js). */
export function createPostgresClient(url: string, options: PostgresClientOptions = {}): SqlClient {
  const sql = postgres(url, {
    max: options.max ?? 10,
    onnotice: () => {},
    connection: { TimeZone: "UTC", ...options.connection },
    // Our own parsers for the types listed at the top of this file (text format).
    types: {
      int8: { to: OID.int8, from: [OID.int8], serialize: String, parse: textParsers[OID.int8] },
      numeric: { to: OID.numeric, from: [OID.numeric], serialize: String, parse: textParsers[OID.numeric] },
      date: { to: OID.date, from: [OID.date], serialize: String, parse: textParsers[OID.date] },
      timestamp: { to: OID.timestamp, from: [OID.timestamp], serialize: String, parse: textParsers[OID.timestamp] },
      timestamptz: {
        to: OID.timestamptz,
        from: [OID.timestamptz],
        serialize: String,
        parse: textParsers[OID.timestamptz],
      },
    },
  });
  return wrapPostgres(sql, sql);
}

function wrapPostgres(sql: Sql | TxSql, root: Sql): SqlClient {
  return {
    engine: "postgres",
    async exec(text) {
      await sql.unsafe(text).simple();
    },
    async query<T extends Row = Row>(text: string, params: readonly unknown[] = []) {
      const rows = await sql.unsafe(text, params.map(serializeParam) as postgres.ParameterOrJSON<never>[]);
      return [...rows] as unknown as T[];
    },
    async transaction<T>(fn: (tx: SqlClient) => Promise<T>): Promise<T> {
      if ((sql as unknown) !== root) {
        return await (sql as TxSql).savepoint((tx) => fn(wrapPostgres(tx, root))) as T;
      }
      return await root.begin((tx) => fn(wrapPostgres(tx, root))) as T;
    },
    async copyCsv(table, columns, csv) {
      // postgres.js never settles a COPY whose error arrives after the stream ended (the error is dropped), so
      // the data goes first into an unconstrained temporary table of the same column types, where nothing but
      // malformed CSV can fail, and then into the target with one INSERT ... SELECT, whose errors surface normally.
      const run = async (tx: TxSql) => {
        const types = await tx.unsafe<{ name: string; type: string }[]>(
          `select format('%I', a.attname) as name, format_type(a.atttypid, a.atttypmod) as type
           from unnest(string_to_array($1, ',')) with ordinality as c (name, position)
           join pg_attribute a on a.attrelid = $2::regclass and a.attname = c.name
           order by c.position`,
          [columns.join(","), table],
        );
        if (types.length !== columns.length) throw new Error(`copyCsv: unknown columns of ${table}`);
        const stage = `pg_temp.copy_stage_${Math.random().toString(36).slice(2, 10)}`;
        const list = types.map((t) => t.name).join(", ");
        await tx.unsafe(`create temporary table ${stage} (${types.map((t) => `${t.name} ${t.type}`).join(", ")})`);
        await streamCopy(tx, `${stage} (${list})`, csv);
        await tx.unsafe(`insert into ${table} (${list}) select ${list} from ${stage}`);
        await tx.unsafe(`drop table ${stage}`);
      };
      if ((sql as unknown) !== root) await (sql as TxSql).savepoint(run);
      else await root.begin(run);
    },
    async copyInto(target, csv) {
      if ((sql as unknown) === root) throw new Error("copyInto runs inside a transaction (a temporary table)");
      await streamCopy(sql as TxSql, target, csv);
    },
    async close() {
      if (sql === root) await root.end({ timeout: 5 });
    },
  };
}

/** `COPY target FROM STDIN` (CSV), writing the chunks with back-pressure. */
async function streamCopy(
  sql: TxSql,
  target: string,
  csv: string | Iterable<string> | AsyncIterable<string>,
): Promise<void> {
  const stream = await sql.unsafe(`copy ${target} from stdin with (format csv)`).writable();
  const failed = new Promise<never>((_, reject) => stream.once("error", reject));
  failed.catch(() => {});
  try {
    for await (const chunk of typeof csv === "string" ? [csv] : csv) {
      if (!stream.write(chunk)) {
        await Promise.race([new Promise<void>((resolve) => stream.once("drain", () => resolve())), failed]);
      }
    }
  } catch (error) {
    // The chunks' producer failed (e.g. an unreadable file): abort the COPY (CopyFail), so the transaction can
    // roll back instead of waiting for the rest of the data.
    stream.destroy(error as Error);
    throw error;
  }
  stream.end();
  await Promise.race([new Promise<void>((resolve) => stream.once("finish", () => resolve())), failed]);
}

// ---------------------------------------------------------------------------------------------- choosing

/** `createPostgresClient(url)` when a URL is given, else a fresh in-memory PGlite. */
export async function connect(url?: string | undefined, options: PostgresClientOptions = {}): Promise<SqlClient> {
  return url ? createPostgresClient(url, options) : await createPgliteClient();
}
