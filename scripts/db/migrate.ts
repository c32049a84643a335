/**
 * The embedded migrator: applies the compatibility bootstrap, then every pending file of supabase/migrations in
 * version order, recording each in `supabase_migrations.schema_migrations (version, name, statements)` exactly as
 * `supabase migration up` does. A second run applies nothing.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { BOOTSTRAP_DIR, MIGRATIONS_DIR } from "./paths.ts";
import type { SqlClient } from "./sql-client.ts";
import { splitSqlStatements } from "./sql-split.ts";

export interface MigrationFile {
  /** The timestamp prefix, e.g. `20261121200100`. */
  readonly version: string;
  /** The rest of the file name without `.sql`, e.g. `profiles`. */
  readonly name: string;
  readonly path: string;
  readonly sql: string;
}

const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/;

/** supabase/migrations/*.sql in version order (the Supabase CLI's naming: `<version>_<name>.sql`). */
export function listMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  return readdirSync(dir)
    .map((file) => ({ file, match: MIGRATION_FILE.exec(file) }))
    .filter((f): f is { file: string; match: RegExpExecArray } => f.match !== null)
    .map(({ file, match }) => ({
      version: match[1]!,
      name: match[2]!,
      path: join(dir, file),
      sql: readFileSync(join(dir, file), "utf8"),
    }))
    .sort((a, b) => a.version.localeCompare(b.version));
}

/** The compatibility bootstrap files (supabase/bootstrap/*.sql) in name order. */
export function listBootstrapFiles(dir = BOOTSTRAP_DIR): { path: string; sql: string }[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => ({ path: join(dir, f), sql: readFileSync(join(dir, f), "utf8") }));
}

/** Roles, auth schema and extensions schema for a non-Supabase Postgres. Idempotent. */
export async function applyBootstrap(client: SqlClient): Promise<void> {
  for (const file of listBootstrapFiles()) {
    // Statement by statement: PGlite and postgres.js both accept multi-statement scripts, but running them one
    // at a time keeps NOTICEs out of the way and names the failing statement.
    for (const statement of splitSqlStatements(file.sql)) {
      await client.exec(statement);
    }
  }
}

/** The Supabase CLI's bookkeeping table (pkg/migration/history.go). */
export const HISTORY_DDL = [
  "create schema if not exists supabase_migrations",
  "create table if not exists supabase_migrations.schema_migrations (version text not null primary key)",
  "alter table supabase_migrations.schema_migrations add column if not exists statements text[]",
  "alter table supabase_migrations.schema_migrations add column if not exists name text",
];

export interface MigrateResult {
  /** Versions applied by this run, in order; empty when the database was up to date. */
  readonly applied: string[];
}

/** Applies the bootstrap and every pending migration, each migration in its own transaction. */
export async function migrate(client: SqlClient, options: { bootstrap?: boolean } = {}): Promise<MigrateResult> {
  if (options.bootstrap ?? true) await applyBootstrap(client);
  for (const ddl of HISTORY_DDL) await client.exec(ddl);
  const done = new Set(
    (await client.query<{ version: string }>("select version from supabase_migrations.schema_migrations"))
      .map((r) => r.version),
  );
  const applied: string[] = [];
  for (const migration of listMigrations()) {
    if (done.has(migration.version)) continue;
    const statements = splitSqlStatements(migration.sql);
    await client.transaction(async (tx) => {
      for (const statement of statements) {
        try {
          await tx.exec(statement);
        } catch (error) {
          throw new Error(`migration ${migration.version}_${migration.name} failed at: ${statement.slice(0, 200)}`, {
            cause: error,
          });
        }
      }
      await tx.query(
        // The statements travel as JSON text: both engines turn that into text[] the same way.
        `insert into supabase_migrations.schema_migrations (version, name, statements)
         values ($1, $2, array(select jsonb_array_elements_text($3::text::jsonb)))`,
        [migration.version, migration.name, JSON.stringify(statements)],
      );
    });
    applied.push(migration.version);
  }
  return { applied };
}
