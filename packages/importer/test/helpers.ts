/** Test support of the importer suites: a migrated database with one fresh user per call. */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type CsvMapping, validateMapping } from "../src/mod.ts";
import type { SqlClient } from "../../../scripts/db/sql-client.ts";
import { FIXTURES } from "./expected.ts";

export async function createUser(client: SqlClient, email = `${crypto.randomUUID()}@example.com`): Promise<string> {
  const [row] = await client.query<{ id: string }>(
    "insert into auth.users (id, email) values (gen_random_uuid(), $1) returning id",
    [email],
  );
  return row!.id;
}

export function fixtureMapping(path: string | undefined): CsvMapping | null {
  if (!path) return null;
  const mapping = validateMapping(JSON.parse(readFileSync(join(FIXTURES, path), "utf8")));
  if (Array.isArray(mapping)) throw new Error(mapping.join("; "));
  return mapping;
}

/** Sum of plain decimals, exactly (via minor units with two decimals: every fixture's currency has two). */
export function sumOf(amounts: readonly string[]): string {
  const cents = amounts.reduce((sum, a) => sum + BigInt(a.replace(".", "")), 0n);
  const abs = (cents < 0n ? -cents : cents).toString().padStart(3, "0");
  return `${cents < 0n ? "-" : ""}${abs.slice(0, -2)}.${abs.slice(-2)}`;
}
