/**
 * The recurring rollup (recurring_daily_totals, migration 20261125130000_recurring_streams.sql) is exact: after
 * every kind of write to statement_transactions (insert, update of amount / kind / counterparty / description /
 * date, delete, cascades, truncate) it equals a fresh aggregation of the candidates. PGlite, or a fresh database on
 * TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestDatabase } from "../../scripts/db/test-database.ts";
import { migratedDatabase } from "./helpers.ts";

const FRESH = `
  select user_id, currency, date, recurring_key, case when amount_minor > 0 then 'inflow' else 'outflow' end as d,
         sum(amount_minor)::text as amount, count(*)::text as n
  from public.statement_transactions
  where effective_kind <> 'transfer' and amount_minor <> 0
  group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`;
const ROLLUP = `
  select user_id, currency, date, recurring_key, direction as d, amount_minor::text as amount,
         transaction_count::text as n
  from public.recurring_daily_totals order by 1, 2, 3, 4, 5`;

describe("recurring_daily_totals", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await migratedDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });

  const same = async (what: string) => {
    const fresh = await db.client.query(FRESH);
    expect(fresh.length, `${what}: the demo data should have candidates`).toBeGreaterThan(0);
    expect(await db.client.query(ROLLUP), `${what}: the rollup should equal a fresh aggregation`).toEqual(fresh);
  };

  it("equals a fresh aggregation after the seed and after every kind of write", async () => {
    await same("seed");
    await db.client.exec(
      `update public.statement_transactions set amount_minor = -amount_minor where date < '2025-06-01'`,
    );
    await same("sign flipped");
    await db.client.exec(
      `update public.statement_transactions set kind = 'transfer' where category = 'Groceries'`,
    );
    await same("kind changed to transfer");
    await db.client.exec(
      `update public.statement_transactions set counterparty = 'Somebody Else ' || (date - '2024-01-01'::date) % 3
       where category = 'Dining'`,
    );
    await same("counterparty changed");
    await db.client.exec(
      `update public.statement_transactions set description = null, counterparty = '', date = date + 1
       where category = 'Shopping'`,
    );
    await same("description and date changed");
    await db.client.exec(`update public.statement_transactions set amount_minor = 0 where category = 'Transport'`);
    await same("amount set to zero");
    await db.client.exec(`delete from public.statement_transactions where date >= '2026-09-01'`);
    await same("deleted");
    await db.client.exec(
      `delete from public.statement_imports where id in (select statement_import_id from public.statement_transactions
       where category = 'Rent' limit 1)`,
    );
    await same("cascade from an import");
    await db.client.exec("truncate public.statement_transactions");
    expect(await db.client.query(ROLLUP), "truncate should empty the rollup").toEqual([]);
  });
});
