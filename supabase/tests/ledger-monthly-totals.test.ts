/**
 * The monthly ledger rollup (migration 20261121213000_ledger_monthly_totals.sql) is exact:
 * - after every kind of write (insert, update of amount / kind / category / date, delete, cascades, truncate) it
 *   equals a fresh aggregation of statement_transactions;
 * - me_ledger_totals, which now reads it, returns exactly what its original definition (aggregating the raw rows)
 *   returns, for whole-year, whole-month, cut and empty ranges, for every user, as `authenticated`;
 * - the dashboard views agree with it;
 * - it is protected like every table: RLS to the owner, no access for anon, no writes for authenticated.
 * PGlite, or a fresh database on TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seed } from "../../scripts/db/seed.ts";
import { seedScale } from "../../scripts/db/seed-scale.ts";
import type { SqlClient } from "../../scripts/db/sql-client.ts";
import type { TestDatabase } from "../../scripts/db/test-database.ts";
import { migratedDatabase } from "./helpers.ts";

/** me_ledger_totals as first defined (20261121200700), over the raw rows of user $3. */
const REFERENCE = `
  select t.currency,
         case when t.date between $1::date and $2::date then date_trunc('month', t.date::timestamp)::date end as month,
         t.effective_kind as kind,
         case when t.date between $1::date and $2::date then t.category end as category,
         sum(t.amount_minor)::bigint as amount_minor,
         count(*) as transaction_count
  from public.statement_transactions as t
  where t.user_id = $3::uuid
  group by 1, 2, 3, 4
  order by 1, 2 nulls last, 3, 4 nulls last`;

const FRESH_AGGREGATE = `
  select user_id, currency, date_trunc('month', date::timestamp)::date as month, effective_kind as kind, category,
         sum(amount_minor) as amount_minor, count(*) as transaction_count
  from public.statement_transactions
  group by 1, 2, 3, 4, 5`;
const ROLLUP = `
  select user_id, currency, month, kind, category, amount_minor, transaction_count
  from public.ledger_monthly_totals`;

const json = (rows: unknown) => JSON.stringify(rows, (_k, v) => (typeof v === "bigint" ? v.toString() : v));

let db: TestDatabase;
let client: SqlClient;
let users: string[] = [];

async function asUser<T>(userId: string, fn: (tx: SqlClient) => Promise<T>): Promise<T> {
  return await client.transaction(async (tx) => {
    await tx.exec("set local role authenticated");
    await tx.query("select set_config('request.jwt.claims', $1, true)", [
      JSON.stringify({ sub: userId, role: "authenticated", aud: "authenticated" }),
    ]);
    return await fn(tx);
  });
}

/** Deterministic ranges: years, months, cut months, one day, reversed, everything, and pseudo-random ones. */
function ranges(): [string, string][] {
  const out: [string, string][] = [
    ["2025-01-01", "2025-12-31"],
    ["2026-01-01", "2026-12-31"],
    ["2026-11-01", "2026-11-30"],
    ["2026-02-01", "2026-02-28"],
    ["2026-01-01", "2026-11-21"],
    ["2025-03-15", "2025-03-20"],
    ["2025-03-20", "2025-03-15"],
    ["2025-02-28", "2026-02-01"],
    ["2025-06-30", "2025-07-01"],
    ["2025-07-01", "2025-07-01"],
    ["2000-01-01", "2099-12-31"],
    ["2099-01-01", "2099-12-31"],
  ];
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  for (let i = 0; i < 12; i++) {
    const from = new Date(Date.UTC(2024, 10, 1) + Math.floor(next() * 800) * 86_400_000);
    const to = new Date(from.getTime() + Math.floor(next() * 420 - 30) * 86_400_000);
    out.push([from.toISOString().slice(0, 10), to.toISOString().slice(0, 10)]);
  }
  return out;
}

async function expectExact(): Promise<void> {
  // The rollup equals a fresh aggregation, row for row.
  const sort = (rows: Record<string, unknown>[]) => rows.map((r) => json(Object.values(r))).sort();
  expect(sort(await client.query(ROLLUP))).toEqual(sort(await client.query(FRESH_AGGREGATE)));
  // me_ledger_totals (as the user, through RLS) equals its original definition, for every user and range.
  for (const user of users) {
    for (const [from, to] of ranges()) {
      const actual = await asUser(user, (tx) => tx.query("select * from public.me_ledger_totals($1, $2)", [from, to]));
      const expected = await client.query(REFERENCE, [from, to, user]);
      expect(json(actual), `${user} ${from}..${to}`).toBe(json(expected));
    }
  }
  // The monthly cashflow view agrees with the rollup.
  const view = await client.query(
    `select user_id, currency, month, income_minor, expenses_minor, net_minor, transaction_count, transfer_count
     from public.monthly_cashflow`,
  );
  const fromRollup = await client.query(
    `select user_id, currency, month,
            coalesce(sum(amount_minor) filter (where kind = 'income'), 0)::bigint as income_minor,
            coalesce(-sum(amount_minor) filter (where kind = 'expense'), 0)::bigint as expenses_minor,
            coalesce(sum(amount_minor) filter (where kind <> 'transfer'), 0)::bigint as net_minor,
            coalesce(sum(transaction_count) filter (where kind <> 'transfer'), 0)::bigint as transaction_count,
            coalesce(sum(transaction_count) filter (where kind = 'transfer'), 0)::bigint as transfer_count
     from public.ledger_monthly_totals group by 1, 2, 3`,
  );
  expect(sort(fromRollup)).toEqual(sort(view));
  // And the monthly category spending view.
  const spending = await client.query(
    `select user_id, currency, month, category, spent_minor, transaction_count from public.monthly_category_spending`,
  );
  const spendingFromRollup = await client.query(
    `select user_id, currency, month, category, (-amount_minor)::bigint as spent_minor, transaction_count
     from public.ledger_monthly_totals where kind = 'expense'`,
  );
  expect(sort(spendingFromRollup)).toEqual(sort(spending));
}

beforeAll(async () => {
  db = await migratedDatabase(); // migrated and seeded with the demo users
  client = db.client;
  await seedScale(client, { users: 3, transactionsPerUser: 1_500, seed: "rollup-test" });
  users = (await client.query<{ user_id: string }>(
    "select distinct user_id from public.statement_transactions order by 1",
  )).map((r) => r.user_id);
});

afterAll(async () => {
  await db?.close();
});

describe("ledger_monthly_totals", () => {
  it("is exact after the initial load (COPY) and me_ledger_totals keeps its results", async () => {
    expect(users.length).toBeGreaterThanOrEqual(4);
    await expectExact();
  });

  it("stays exact through inserts (new categories, null category, no kind)", async () => {
    await client.exec(`
      insert into public.statement_transactions (user_id, statement_import_id, date, amount_minor, currency, category, kind)
      select t.user_id, t.statement_import_id, t.date, t.amount_minor + 7, t.currency,
             case when t.amount_minor % 3 = 0 then null else 'New category' end,
             case when t.amount_minor % 2 = 0 then null else t.kind end
      from public.statement_transactions as t
      order by t.id
      limit 700`);
    await expectExact();
  });

  it("stays exact through updates of amount, kind, category and date", async () => {
    await client.exec(
      "update public.statement_transactions set amount_minor = -amount_minor where id in " +
        "(select id from public.statement_transactions order by id limit 500)",
    );
    await client.exec(
      "update public.statement_transactions set category = case when category is null then 'X' else null end, " +
        "kind = case when kind = 'transfer' then null else 'transfer' end where id in " +
        "(select id from public.statement_transactions order by id desc limit 600)",
    );
    await client.exec(
      "update public.statement_transactions set date = date - 20 where id in " +
        "(select id from public.statement_transactions order by amount_minor, id limit 400)",
    );
    await expectExact();
  });

  it("stays exact through deletes, cascades from imports and users, and truncate", async () => {
    await client.exec(
      "delete from public.statement_transactions where id in " +
        "(select id from public.statement_transactions order by date, id limit 900)",
    );
    await client.exec(
      "delete from public.statement_imports where id in (select id from public.statement_imports order by id limit 5)",
    );
    await client.query("delete from auth.users where id = $1", [users[users.length - 1]]);
    users = users.slice(0, -1);
    await expectExact();
    await client.exec("truncate public.statement_transactions");
    expect(await client.query(ROLLUP)).toEqual([]);
  });

  it("is readable only by its owner, never by anon, and never writable through the API roles", async () => {
    await seed(client);
    const owner = (await client.query<{ user_id: string }>(
      "select user_id from public.ledger_monthly_totals limit 1",
    ))[0]!.user_id;
    const seen = await asUser(owner, (tx) =>
      tx.query<{ mine: bigint; others: bigint }>(
        "select count(*) filter (where user_id = $1) as mine, count(*) filter (where user_id <> $1) as others " +
          "from public.ledger_monthly_totals",
        [owner],
      ));
    expect(Number(seen[0]!.mine)).toBeGreaterThan(0);
    expect(Number(seen[0]!.others)).toBe(0);
    await expect(asUser(owner, (tx) =>
      tx.query(
        "insert into public.ledger_monthly_totals (user_id, currency, month, kind, category, amount_minor, " +
          "transaction_count) values ($1, 'EUR', '2026-01-01', 'income', null, 1, 1)",
        [owner],
      ))).rejects.toThrow(/permission denied/);
    await expect(client.transaction(async (tx) => {
      await tx.exec("set local role anon");
      return await tx.query("select count(*) from public.ledger_monthly_totals");
    })).rejects.toThrow(/permission denied/);
  });
});
