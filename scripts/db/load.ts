/**
 * Bulk loading of generated rows with COPY (CSV), in chunks, on either engine. Runs as the connecting role
 * (postgres: the owner, which row-level security does not restrict), like the trusted pipelines that fill the
 * tables in production.
 */
import type { Dataset } from "./dataset.ts";
import type { SqlClient } from "./sql-client.ts";

type Value = string | number | boolean | null | undefined;

/** One CSV field: null is an unquoted empty field (SQL NULL); text is always quoted. */
export function csvField(value: Value): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") {
    if (!Number.isSafeInteger(value)) throw new RangeError(`not a safe integer: ${value}`);
    return String(value);
  }
  if (typeof value === "boolean") return value ? "t" : "f";
  return value.includes('"') ? `"${value.replaceAll('"', '""')}"` : `"${value}"`;
}

export interface TableSpec {
  readonly table: string;
  readonly columns: readonly string[];
}

/** One CSV line (with its newline) of `row`'s `columns`. */
export function csvLine(row: object, columns: readonly string[]): string {
  const record = row as Record<string, Value>;
  let line = csvField(record[columns[0]!]);
  for (let i = 1; i < columns.length; i++) line += "," + csvField(record[columns[i]!]);
  return line + "\n";
}

/**
 * COPYs `rows` into `spec.table` as one stream of CSV chunks of `chunkSize` rows (PGlite: one COPY per chunk).
 * Rows are turned into text lazily, so the database ingests one chunk while the next is being generated.
 */
export async function copyRows<R extends object>(
  client: SqlClient,
  spec: TableSpec,
  rows: Iterable<R>,
  chunkSize = 20_000,
): Promise<number> {
  let total = 0;
  function* chunks(): Generator<string> {
    let text = "";
    let n = 0;
    for (const row of rows) {
      text += csvLine(row, spec.columns);
      total++;
      if (++n >= chunkSize) {
        yield text;
        text = "";
        n = 0;
      }
    }
    if (n > 0) yield text;
  }
  await client.copyCsv(spec.table, spec.columns, chunks());
  return total;
}

/**
 * Runs `load` with the secondary indexes and foreign keys of `table` dropped, then recreates them: building an
 * index once and validating a foreign key with one join is far faster than maintaining them row by row.
 * Call it inside a transaction, so that a failure leaves the table as it was.
 */
export async function withIndexesDeferred<T>(client: SqlClient, table: string, load: () => Promise<T>): Promise<T> {
  const indexes = await client.query<{ name: string; def: string }>(
    `select format('%I.%I', n.nspname, c.relname) as name, pg_get_indexdef(i.indexrelid) as def
     from pg_index i join pg_class c on c.oid = i.indexrelid join pg_namespace n on n.oid = c.relnamespace
     where i.indrelid = $1::regclass
       and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid and k.conrelid = i.indrelid)`,
    [table],
  );
  const foreignKeys = await client.query<{ name: string; def: string }>(
    `select format('%I', conname) as name, pg_get_constraintdef(oid) as def
     from pg_constraint where conrelid = $1::regclass and contype = 'f'`,
    [table],
  );
  for (const fk of foreignKeys) await client.exec(`alter table ${table} drop constraint ${fk.name}`);
  for (const index of indexes) await client.exec(`drop index ${index.name}`);
  const result = await load();
  if (client.engine === "postgres") await client.exec("set local maintenance_work_mem = '256MB'");
  for (const index of indexes) await client.exec(index.def);
  for (const fk of foreignKeys) await client.exec(`alter table ${table} add constraint ${fk.name} ${fk.def}`);
  return result;
}

/** Where each dataset array goes, in foreign-key order. */
export const TABLES = {
  users: {
    table: "auth.users",
    columns: ["id", "email", "created_at"],
  },
  profiles: { table: "public.profiles", columns: ["user_id", "default_currency", "timezone"] },
  statement_imports: {
    table: "public.statement_imports",
    columns: [
      "id",
      "user_id",
      "account_name",
      "file_name",
      "format",
      "status",
      "statement_start",
      "statement_end",
      "currency",
      "opening_balance_minor",
      "closing_balance_minor",
      "transaction_count",
      "duplicate_count",
      "error_count",
      "imported_at",
    ],
  },
  statement_transactions: {
    table: "public.statement_transactions",
    columns: [
      "id",
      "user_id",
      "statement_import_id",
      "date",
      "amount_minor",
      "currency",
      "description",
      "counterparty",
      "category",
      "kind",
    ],
  },
  budgets: {
    table: "public.budgets",
    columns: ["id", "user_id", "month", "category", "amount_minor", "currency"],
  },
  goals: {
    table: "public.goals",
    columns: ["id", "user_id", "name", "currency", "target_minor", "target_date", "created_at"],
  },
  goal_contributions: {
    table: "public.goal_contributions",
    columns: ["id", "user_id", "goal_id", "date", "amount_minor"],
  },
} as const satisfies { [K in keyof Dataset]: TableSpec };

/** Fills every table from `data` (auth.users first). */
export async function loadDataset(client: SqlClient, data: Dataset): Promise<void> {
  // auth.users gets the fields Supabase Auth expects of an email user.
  await client.query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data,
                             created_at, updated_at)
     select u.id, 'authenticated', 'authenticated', u.email, u.created_at,
            '{"provider":"email","providers":["email"]}'::jsonb, '{}'::jsonb, u.created_at, u.created_at
     from jsonb_to_recordset($1::text::jsonb) as u (id uuid, email text, created_at timestamptz)`,
    [JSON.stringify(data.users)],
  );
  const order = ["profiles", "statement_imports", "statement_transactions", "budgets", "goals", "goal_contributions"];
  for (const key of order as (keyof Dataset)[]) {
    await copyRows(client, TABLES[key], data[key] as object[]);
  }
}
