/**
 * Test helper: a fresh, migrated database (scripts/db's createTestDatabase: a new database on TEST_DATABASE_URL's
 * server, dropped again by `drop()`, or else an in-memory PGlite) with the migrations applied.
 */
import { migrate } from "../../scripts/db/migrate.ts";
import type { SqlClient } from "../../scripts/db/sql-client.ts";
import { createTestDatabase } from "../../scripts/db/test-database.ts";

export interface TestDatabase {
  readonly client: SqlClient;
  /** The connection string of the new database, when on a real server. */
  readonly url: string | undefined;
  drop(): Promise<void>;
}

export async function createMigratedTestDatabase(): Promise<TestDatabase> {
  const db = await createTestDatabase();
  try {
    await migrate(db.client);
  } catch (error) {
    await db.close();
    throw error;
  }
  return { client: db.client, url: db.url, drop: () => db.close() };
}
