/**
 * A fresh, migrated database for one test file: a uniquely named database on TEST_DATABASE_URL's server (dropped
 * again by `drop()`), or an embedded PGlite when no server is configured. Reuses the drivers' test helper
 * (tests/helpers/migrated-database.ts) and scripts/db's migrator and demo seed.
 */
import { createMigratedTestDatabase } from "../../helpers/migrated-database.ts";
import { seed } from "../../../scripts/db/seed.ts";
import type { SqlClient } from "../../../scripts/db/sql-client.ts";

export interface FreshDatabase {
  /** Trusted (owner) connection: bypasses row-level security, like the pipelines that fill the tables. */
  readonly client: SqlClient;
  /** Connection string of the new database on a real server; undefined on PGlite. */
  readonly url: string | undefined;
  readonly engine: "postgres" | "pglite";
  drop(): Promise<void>;
}

/** The PostgreSQL server the suites may use (CI sets TEST_DATABASE_URL), or undefined (PGlite). */
export function testServerUrl(): string | undefined {
  return Deno.env.get("TEST_DATABASE_URL") || undefined;
}

export async function freshDatabase(options: { demo?: boolean } = {}): Promise<FreshDatabase> {
  const db = await createMigratedTestDatabase();
  if (options.demo !== false) await seed(db.client);
  return { client: db.client, url: db.url, engine: db.url ? "postgres" : "pglite", drop: db.drop };
}

/** `url` with a password: with trust auth the server ignores it, so it serves as a canary that must never leak. */
export function withPassword(url: string, password: string): string {
  const u = new URL(url);
  u.password = password;
  return u.href;
}
