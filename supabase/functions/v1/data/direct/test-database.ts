/**
 * Test helper: a fresh, migrated database. With TEST_DATABASE_URL, a new database created on that server (dropped
 * again by `drop()`); otherwise an in-memory PGlite. Uses scripts/db's SqlClient and migrator.
 */
import postgres from "postgres";
import { migrate } from "../../../../../scripts/db/migrate.ts";
import { createPgliteClient, createPostgresClient, type SqlClient } from "../../../../../scripts/db/sql-client.ts";

export interface TestDatabase {
  readonly client: SqlClient;
  /** The connection string of the new database, when on a real server. */
  readonly url: string | undefined;
  drop(): Promise<void>;
}

export async function createMigratedTestDatabase(): Promise<TestDatabase> {
  const serverUrl = Deno.env.get("TEST_DATABASE_URL");
  if (!serverUrl) {
    const client = await createPgliteClient();
    await migrate(client);
    return { client, url: undefined, drop: () => client.close() };
  }
  const name = `pfa_drivers_${crypto.randomUUID().replaceAll("-", "").slice(0, 16)}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`create database ${name}`);
  } finally {
    await admin.end({ timeout: 5 });
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = createPostgresClient(url.href, { max: 2 });
  await migrate(client);
  return {
    client,
    url: url.href,
    async drop() {
      await client.close();
      const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
      try {
        await admin.unsafe(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end({ timeout: 5 });
      }
    },
  };
}
