/**
 * Shared setup of the database suites: a fresh database (TEST_DATABASE_URL server or in-memory PGlite), migrated
 * and seeded once per test file (on the server: a copy of the run's migrated and seeded template, global-setup.ts),
 * and `actingAs` to run statements as an API role exactly like PostgREST does (`set local role`, claims in
 * `request.jwt.claims`), always rolled back.
 */
import { migrate } from "../../scripts/db/migrate.ts";
import { seed } from "../../scripts/db/seed.ts";
import type { SqlClient } from "../../scripts/db/sql-client.ts";
import { createTestDatabase, type TestDatabase } from "../../scripts/db/test-database.ts";
import { inject } from "vitest";
import type {} from "./global-setup.ts"; // the type of inject("databaseTemplates")

/**
 * A fresh database, migrated and (by default) seeded. `pglite: true` forces an embedded PGlite even when
 * TEST_DATABASE_URL is set; `pgtap: true` loads the pgTAP extension into a PGlite.
 */
export async function migratedDatabase(
  options: { seed?: boolean; pglite?: boolean; pgtap?: boolean } = {},
): Promise<TestDatabase> {
  // On TEST_DATABASE_URL's server: a copy of the run's template, migrated and seeded once (global-setup.ts).
  const templates = options.pglite ? undefined : inject("databaseTemplates");
  if (templates) {
    return await createTestDatabase(undefined, {
      template: options.seed ?? true ? templates.seeded : templates.migrated,
    });
  }
  const db = await createTestDatabase(options.pglite ? "" : undefined, { pgtap: options.pgtap });
  try {
    await migrate(db.client);
    if (options.seed ?? true) await seed(db.client);
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

export type Actor =
  | { readonly role: "anon" }
  | { readonly role: "authenticated"; readonly sub?: string }
  | { readonly role: "service_role" };

class Rollback<T> {
  constructor(readonly value: T) {}
}

/** Runs `fn` inside a transaction that is always rolled back, and returns its result. Errors of `fn` propagate. */
export async function rolledBack<T>(client: SqlClient, fn: (tx: SqlClient) => Promise<T>): Promise<T> {
  try {
    await client.transaction(async (tx) => {
      throw new Rollback(await fn(tx));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value as T;
    throw error;
  }
  throw new Error("unreachable");
}

/** Runs `fn` as `actor` (PostgREST style) inside a transaction that is always rolled back. */
export function actingAs<T>(client: SqlClient, actor: Actor, fn: (tx: SqlClient) => Promise<T>): Promise<T> {
  return rolledBack(client, async (tx) => {
    const claims = actor.role === "authenticated"
      ? { role: "authenticated", aud: "authenticated", ...(actor.sub ? { sub: actor.sub } : {}) }
      : { role: actor.role };
    await tx.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify(claims)]);
    await tx.exec(`set local role ${actor.role}`);
    return await fn(tx);
  });
}

/** The SQLSTATE of a database error from either engine, or undefined. */
export function sqlState(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } };
  const code = typeof e?.code === "string" ? e.code : typeof e?.cause?.code === "string" ? e.cause.code : undefined;
  return code;
}

/** Runs `fn` and returns the SQLSTATE it failed with (undefined when it succeeded). */
export async function failureOf(fn: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await fn();
    return undefined;
  } catch (error) {
    const state = sqlState(error);
    if (state === undefined) throw error;
    return state;
  }
}

/** A user that exists in auth.users but owns no data. */
export const STRANGER_ID = "5e1f0000-0000-4000-8000-0000000000ff";

export async function addStranger(client: SqlClient): Promise<void> {
  await client.query("insert into auth.users (id, email) values ($1, 'stranger@example.com') on conflict do nothing", [
    STRANGER_ID,
  ]);
}

/** A database integer (bigint, numeric string) as a safe JS number; anything else throws. */
export function safeNumber(v: unknown): number {
  const x = Number(v);
  if (!Number.isSafeInteger(x)) throw new RangeError(`not a safe integer: ${String(v)}`);
  return x;
}
