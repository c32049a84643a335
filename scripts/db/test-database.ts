/**
 * A fresh, empty database for one test file: with TEST_DATABASE_URL set, a uniquely named database created on
 * that server (dropped again by `close()`), or a copy of a template database there; otherwise a new in-memory PGlite.
 */
import process from "node:process";
import { createPgliteClient, createPostgresClient, type SqlClient } from "./sql-client.ts";

export interface TestDatabase {
  readonly client: SqlClient;
  /** The new database's URL on a real server; undefined on PGlite. */
  readonly url: string | undefined;
  readonly engine: "pglite" | "postgres";
  close(): Promise<void>;
}

export async function createTestDatabase(
  serverUrl = process.env.TEST_DATABASE_URL,
  options: {
    /** A PGlite gets the pgTAP extension loaded. */
    pgtap?: boolean;
    /** On a server: the new database is a copy of this one (`create database ... template`), not empty. */
    template?: string;
  } = {},
): Promise<TestDatabase> {
  if (!serverUrl) {
    const client = await createPgliteClient({ pgtap: options.pgtap });
    return { client, url: undefined, engine: "pglite", close: () => client.close() };
  }
  const name = `pfa_test_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 10)}`;
  const admin = createPostgresClient(serverUrl, { max: 1 });
  await admin.exec(`create database ${name}${options.template ? ` template ${options.template}` : ""}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const client = createPostgresClient(url.toString(), { max: 4 });
  return {
    client,
    url: url.toString(),
    engine: "postgres",
    async close() {
      await client.close();
      await admin.exec(`drop database if exists ${name} with (force)`);
      await admin.close();
    },
  };
}
