/**
 * Runs the pgTAP files in supabase/tests/database (one per concern), each on a fresh migrated and seeded database
 * file-wide, inside a transaction that is rolled back. They need the pgTAP extension: the TEST_DATABASE_URL server's
 * when it has one, otherwise an embedded PGlite with @electric-sql/pglite-pgtap (the real pgTAP, built for PGlite).
 * A file passes when its plan was run in full and no test failed.
 */
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { splitSqlStatements } from "../../scripts/db/sql-split.ts";
import type { SqlClient } from "../../scripts/db/sql-client.ts";
import type { TestDatabase } from "../../scripts/db/test-database.ts";
import { migratedDatabase, rolledBack } from "./helpers.ts";

const DIR = fileURLToPath(new URL("./database/", import.meta.url));
const FILES = readdirSync(DIR).filter((f) => f.endsWith(".test.sql")).sort();

let db: TestDatabase;
async function hasPgtap(client: SqlClient): Promise<boolean> {
  return (await client.query("select 1 from pg_available_extensions where name = 'pgtap'")).length > 0;
}

beforeAll(async () => {
  db = await migratedDatabase();
  if (!(await hasPgtap(db.client))) {
    await db.close();
    db = await migratedDatabase({ pglite: true, pgtap: true });
  }
});
afterAll(async () => {
  await db?.close();
});

async function installTap(tx: SqlClient): Promise<void> {
  await tx.exec("create extension if not exists pgtap schema extensions");
  await tx.exec("set local search_path = public, extensions");
}

/** The TAP lines a file prints. */
async function runFile(file: string): Promise<string[]> {
  const statements = splitSqlStatements(readFileSync(DIR + file, "utf8"));
  const first = statements[0]?.replace(/^(--[^\n]*\n|\s)*/, "").toLowerCase();
  const last = statements[statements.length - 1]?.toLowerCase();
  if (first !== "begin" || last !== "rollback") {
    throw new Error(`${file} must start with begin; and end with rollback;`);
  }
  return await rolledBack(db.client, async (tx) => {
    await installTap(tx);
    const lines: string[] = [];
    for (const statement of statements.slice(1, -1)) {
      const rows = await tx.query(statement);
      for (const row of rows) {
        const value = Object.values(row)[0];
        if (typeof value === "string" && /^(ok|not ok|1\.\.|#)/.test(value)) lines.push(...value.split("\n"));
      }
    }
    return lines;
  });
}

describe.each(FILES)("pgTAP %s", (file) => {
  it("runs its whole plan without a failure", async () => {
    const lines = await runFile(file);
    const plan = lines.find((l) => l.startsWith("1.."));
    expect(plan, `${file} should declare a plan`).toBeDefined();
    const planned = Number(plan!.slice(3));
    const results = lines.filter((l) => /^(ok|not ok) /.test(l));
    const failures = lines.filter((l, i) => l.startsWith("not ok") || (l.startsWith("#") && i > 0));
    expect(failures, `${file} should have no failing test`).toEqual([]);
    expect(results.length, `${file} should run exactly the tests it planned`).toBe(planned);
  });
});
