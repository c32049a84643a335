/**
 * supabase/seed.sql (what `supabase db reset` loads) on a bootstrap database: the bootstrap and the migrations on a
 * fresh database (TEST_DATABASE_URL's server, or PGlite), then the file as it is committed. Its dates are relative to
 * `current_date`, so the demo users have data this month whatever day the suite runs.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../../scripts/db/demo-data.ts";
import { SEED_SQL_FILE } from "../../scripts/db/paths.ts";
import { seedSqlDataset } from "../../scripts/db/seed-sql.ts";
import type { TestDatabase } from "../../scripts/db/test-database.ts";
import { migratedDatabase } from "./helpers.ts";

describe("supabase/seed.sql on a bootstrap database", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await migratedDatabase({ seed: false });
    await db.client.exec(readFileSync(SEED_SQL_FILE, "utf8"));
  });
  afterAll(async () => {
    await db?.close();
  });

  const one = async <T extends Record<string, unknown>>(sql: string): Promise<T> => (await db.client.query<T>(sql))[0]!;

  it("loads every row of the demo data, and leaves no helper function behind", async () => {
    const data = seedSqlDataset();
    const counts = await one<Record<string, bigint>>(
      `select (select count(*) from auth.users) as users, (select count(*) from public.profiles) as profiles,
              (select count(*) from public.statement_imports) as statement_imports,
              (select count(*) from public.statement_transactions) as statement_transactions,
              (select count(*) from public.budgets) as budgets, (select count(*) from public.goals) as goals,
              (select count(*) from public.goal_contributions) as goal_contributions`,
    );
    expect(counts, "Each table should hold exactly the generator's rows").toEqual({
      users: BigInt(data.users.length),
      profiles: BigInt(data.profiles.length),
      statement_imports: BigInt(data.statement_imports.length),
      statement_transactions: BigInt(data.statement_transactions.length),
      budgets: BigInt(data.budgets.length),
      goals: BigInt(data.goals.length),
      goal_contributions: BigInt(data.goal_contributions.length),
    });
    const helpers = await db.client.query(
      "select proname from pg_proc where proname in ('demo_date', 'demo_past', 'demo_time')",
    );
    expect(helpers, "The pg_temp helpers should be dropped at the end of the file").toEqual([]);
  });

  it("gives both demo users transactions, budgets and a cashflow row in the current month", async () => {
    const rows = await db.client.query<{ email: string; transactions: bigint; budgets: bigint; cashflow: bigint }>(
      `select u.email,
              (select count(*) from public.statement_transactions t
               where t.user_id = u.id and t.date >= date_trunc('month', current_date)) as transactions,
              (select count(*) from public.budgets b
               where b.user_id = u.id and b.month = date_trunc('month', current_date)::date) as budgets,
              (select count(*) from public.monthly_cashflow c
               where c.user_id = u.id and c.month = date_trunc('month', current_date)::date) as cashflow
       from auth.users u order by u.email`,
    );
    expect(rows.map((r) => r.email), "Both demo users should exist").toEqual([
      DEMO_USERS.alice.email,
      DEMO_USERS.bob.email,
    ]);
    for (const row of rows) {
      expect(row.transactions > 0n, `${row.email} should have transactions this month`).toBe(true);
      expect(row.budgets > 0n, `${row.email} should have budgets this month`).toBe(true);
      expect(row.cashflow > 0n, `${row.email} should have a monthly_cashflow row this month`).toBe(true);
    }
  });

  it("dates nothing that happened after today, while goals may still have target dates ahead", async () => {
    const row = await one<Record<string, boolean>>(
      `select (select max(date) from public.statement_transactions) <= current_date as transactions,
              (select max(date) from public.goal_contributions) <= current_date as contributions,
              (select max(statement_end) from public.statement_imports) <= current_date as statements,
              (select max(imported_at) from public.statement_imports) <= now() as imports,
              (select max(created_at) from auth.users) <= now() as users,
              (select bool_or(target_date > current_date) from public.goals) as goal_ahead`,
    );
    expect(row, "History should end today at the latest; some goal should lie ahead").toEqual({
      transactions: true,
      contributions: true,
      statements: true,
      imports: true,
      users: true,
      goal_ahead: true,
    });
  });

  it("maps the generator's dates onto the calendar of today: months back, days of the month, month ends", async () => {
    // The generator (reference end 2026-11-30) starts the data 24 months back, on 2024-12-01: the first day of the
    // month 23 months before the current one. alice signed up on 2024-11-15 09:30 UTC: day 15 of the month 24 months
    // back. Her first statement (2024-12) ends on that month's last day.
    const row = await one<Record<string, boolean>>(
      `select (select min(date) from public.statement_transactions)
                = (date_trunc('month', current_date) - interval '23 months')::date as first_transaction,
              (select created_at from auth.users where email = 'alice@example.com')
                = (date_trunc('month', current_date) - interval '24 months' + interval '14 days 09:30')
                  at time zone 'UTC' as alice_signed_up,
              (select statement_end from public.statement_imports where file_name = 'girokonto_2024-12.csv')
                = (date_trunc('month', current_date) - interval '22 months' - interval '1 day')::date as first_end`,
    );
    expect(row, "Each date should keep its place relative to today").toEqual({
      first_transaction: true,
      alice_signed_up: true,
      first_end: true,
    });
  });
});
