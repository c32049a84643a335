/**
 * The write without ON CONFLICT (db/write-statement.ts, issue 28): `conflictFree` allows it only when no stored key
 * of the user can equal a staged line's; a file imported that way stores exactly what the ON CONFLICT form stores;
 * and a key that another import commits after the check (on PostgreSQL: two connections) makes the import fall
 * back to the ON CONFLICT form, so its lines are counted as duplicates instead of failing the import.
 */
import process from "node:process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../src/mod.ts";
import { conflictFree, createStage, type StagedKeys } from "../src/db/write-statement.ts";
import { migratedDatabase } from "../../../supabase/tests/helpers.ts";
import { createPostgresClient, type SqlClient } from "../../../scripts/db/sql-client.ts";
import type { TestDatabase } from "../../../scripts/db/test-database.ts";
import { createUser } from "./helpers.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await migratedDatabase({ seed: false });
});
afterAll(async () => {
  await db?.close();
});

/** Stores one transaction of `userId` whose dedup key has the prefix of `date` (or ffffffff with `bank`). */
async function storeKey(client: SqlClient, userId: string, date: string, account = "A", bank = false) {
  const [imp] = await client.query<{ id: string }>(
    `insert into public.statement_imports (user_id, account_name, file_name, format, status, currency)
     values ($1, $2, 'stored.csv', 'csv', 'completed', 'EUR') returning id`,
    [userId, account],
  );
  await client.query(
    `insert into public.statement_transactions (user_id, statement_import_id, date, amount_minor, currency, dedup_key)
     values ($1, $2, $3::date, -100, 'EUR',
       ((case when $4::boolean then 'ffffffff' else lpad(to_hex($3::date - date '1900-01-01'), 8, '0') end)
        || '-1234-4000-8000-' || substr(md5(gen_random_uuid()::text), 1, 12))::uuid)`,
    [userId, imp!.id, date, bank],
  );
}

/** conflictFree for a stage holding one line per given bank id (null: none). */
async function check(userId: string, keys: StagedKeys, bankIds: (string | null)[] = []): Promise<boolean> {
  return await db.client.transaction(async (tx) => {
    const stage = await createStage(tx);
    for (const bankId of bankIds) {
      await tx.query(`insert into ${stage} (date, amount_minor, bank_id) values (date '2026-05-01', -100, $1)`, [
        bankId,
      ]);
    }
    return await conflictFree(tx, stage, userId, keys);
  });
}

describe("conflictFree", () => {
  const may = { minDate: "2026-05-01", maxDate: "2026-05-31", bankLines: 0 };

  it("is true for a user without stored keys, false without staged lines", async () => {
    const userId = await createUser(db.client);
    expect(await check(userId, may)).toBe(true);
    expect(await check(userId, { minDate: null, maxDate: null, bankLines: 0 })).toBe(false);
  });

  it("is false when a stored key's date prefix lies in the lines' span, whatever its account", async () => {
    const userId = await createUser(db.client);
    await storeKey(db.client, userId, "2026-04-30");
    await storeKey(db.client, userId, "2026-06-01");
    expect(await check(userId, may), "keys on the days just outside the span").toBe(true);
    const other = await createUser(db.client);
    await storeKey(db.client, other, "2026-05-15");
    expect(await check(userId, may), "another user's key").toBe(true);
    await storeKey(db.client, userId, "2026-05-31", "Other account");
    expect(await check(userId, may), "the span's last day, another account").toBe(false);
    const first = await createUser(db.client);
    await storeKey(db.client, first, "2026-05-01");
    expect(await check(first, may), "the span's first day").toBe(false);
  });

  it("with bank ids: false when the user has any bank-id key or the file repeats a bank id", async () => {
    const userId = await createUser(db.client);
    await storeKey(db.client, userId, "2020-01-01");
    const banked = { ...may, bankLines: 2 };
    expect(await check(userId, banked, ["A1", "A2"])).toBe(true);
    expect(await check(userId, banked, ["A1", "A1"]), "one bank id on two lines").toBe(false);
    expect(await check(userId, { ...may, bankLines: 1 }, ["A1", null])).toBe(true);
    await storeKey(db.client, userId, "2020-01-01", "Other account", true);
    expect(await check(userId, { ...may, bankLines: 1 }, ["A1"]), "a stored bank-id key").toBe(false);
    expect(await check(userId, may), "no bank lines: bank-id keys cannot meet them").toBe(true);
  });

  it("is false for lines dated before 1900 (their prefix does not sort by date)", async () => {
    const userId = await createUser(db.client);
    expect(await check(userId, { minDate: "1899-12-31", maxDate: "2026-05-31", bankLines: 0 })).toBe(false);
    expect(await check(userId, { minDate: "1900-01-01", maxDate: "2026-05-31", bankLines: 0 })).toBe(true);
  });
});

const CSV = "date,amount,description,counterparty,category,kind\n" +
  "2026-05-01,-3.00,Coffee,Cafe,Dining,\n" +
  "2026-05-01,-3.00,Coffee,Cafe,Dining,\n" +
  "2026-05-02,2500.00,Salary,Employer,,income\n" +
  "2026-05-03,-9.99,Cinema,,Leisure,expense\n" +
  "2026-05-03,-3.00,Coffee,Cafe,,\n";

/** The rows of one account as the API and the rollups see them, in a fixed order. */
async function rowsOf(userId: string, account: string) {
  return await db.client.query(
    `select t.date::text, t.amount_minor::text, t.currency, t.description, t.counterparty, t.category, t.kind,
            t.effective_kind, t.recurring_key, t.category_source, t.kind_source, t.dedup_key::text
     from public.statement_transactions t join public.statement_imports i on i.id = t.statement_import_id
     where t.user_id = $1 and i.account_name = $2
     order by t.dedup_key`,
    [userId, account],
  );
}

describe("the write without ON CONFLICT", () => {
  it("stores what the ON CONFLICT form stores, and reimports as all duplicates", async () => {
    const plain = await createUser(db.client);
    const speculative = await createUser(db.client);
    // A key of another account on one of the file's days keeps the second user on the ON CONFLICT form.
    await storeKey(db.client, speculative, "2026-05-02", "Other account");
    const file = { name: "may.csv", content: CSV };
    const options = (userId: string) => ({ userId, accountName: "A", currency: "EUR" });
    const [a] = await importFile(db.client, file, options(plain));
    const [b] = await importFile(db.client, file, options(speculative));
    expect(a!.transaction_count).toBe(5);
    expect({ ...a, statement_import_id: null }).toEqual({ ...b, statement_import_id: null });
    expect(await rowsOf(plain, "A")).toEqual(await rowsOf(speculative, "A"));
    const [again] = await importFile(db.client, file, options(plain));
    expect([again!.transaction_count, again!.duplicate_count]).toEqual([0, 5]);
  });

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    "falls back to ON CONFLICT when another import commits the same keys after the check",
    async () => {
      const userId = await createUser(db.client);
      const file = { name: "may.csv", content: CSV };
      const options = { userId, accountName: "A", currency: "EUR" };
      const other = createPostgresClient(db.url!, { max: 1 });
      const watcher = createPostgresClient(db.url!, { max: 1 });
      try {
        let second: Promise<unknown> | null = null;
        // The other import writes the file and stays open until this import's INSERT waits on its keys.
        const [first] = await other.transaction(async (tx) => {
          const reports = await importFile(tx, file, options);
          second = importFile(db.client, file, options);
          const deadline = Date.now() + 20_000;
          for (;;) {
            const [w] = await watcher.query<{ n: number }>(
              `select count(*)::int as n from pg_stat_activity
               where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'transactionid'`,
            );
            if (w!.n > 0) break;
            if (Date.now() > deadline) throw new Error("the second import never waited on the first's keys");
            await new Promise((r) => setTimeout(r, 50));
          }
          return reports;
        });
        const [report] = (await second!) as Awaited<ReturnType<typeof importFile>>;
        expect(first!.transaction_count).toBe(5);
        expect([report!.status, report!.transaction_count, report!.duplicate_count]).toEqual(["completed", 0, 5]);
        const [n] = await db.client.query<{ n: number }>(
          "select count(*)::int as n from public.statement_transactions where user_id = $1",
          [userId],
        );
        expect(n!.n).toBe(5);
      } finally {
        await other.close();
        await watcher.close();
      }
    },
    30_000,
  );
});
