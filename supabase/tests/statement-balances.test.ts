/**
 * The daily statement rollup (migration 20261125120000_statement_daily_totals.sql) and me_statement_balances
 * (20261125120100):
 * - the rollup equals a fresh aggregation of statement_transactions after every kind of write;
 * - me_statement_balances, called as each user, returns exactly what the AccountData contract (the in-memory
 *   implementation, over that user's raw rows read as the owner) returns, row for row, for several date lists;
 * - so netWorthOn gives the same numbers through SQL as through the contract.
 * PGlite, or a fresh database on TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { netWorthOn } from "../../packages/core/src/operations/net-worth-on.ts";
import { DEMO_USERS } from "../../scripts/db/demo-data.ts";
import type { SqlClient } from "../../scripts/db/sql-client.ts";
import type { TestDatabase } from "../../scripts/db/test-database.ts";
import { createAccountData } from "../functions/v1/data/account-data.ts";
import { readFunctionSql } from "../functions/v1/data/direct/read-function-sql.ts";
import type { Row } from "../functions/v1/data/values.ts";
import { actingAs, migratedDatabase, rolledBack } from "./helpers.ts";
import { ownerContract } from "./owner-contract.ts";

const FRESH = `select user_id, statement_import_id, date, sum(amount_minor)::text as amount_minor, count(*)::text as n
  from public.statement_transactions group by 1, 2, 3 order by 1, 2, 3`;
const ROLLUP = `select user_id, statement_import_id, date, amount_minor::text as amount_minor,
  transaction_count::text as n from public.statement_daily_totals order by 1, 2, 3`;
const FRESH_ACCOUNT = `select t.user_id, i.account_name, i.currency, t.date, sum(t.amount_minor)::text as amount_minor,
    count(*)::text as n
  from public.statement_transactions t join public.statement_imports i on i.id = t.statement_import_id
  where i.status not in ('processing', 'failed')
  group by 1, 2, 3, 4 order by user_id, account_name collate "C", currency, date`;
const ACCOUNT_ROLLUP = `select user_id, account_name, currency, date, amount_minor::text as amount_minor,
  transaction_count::text as n from public.account_daily_totals order by user_id, account_name collate "C", currency, date`;

let db: TestDatabase;

beforeAll(async () => {
  db = await migratedDatabase();
});
afterAll(async () => {
  await db?.close();
});

async function rollupMatches(tx: SqlClient): Promise<void> {
  const [fresh, rollup] = [await tx.query(FRESH), await tx.query(ROLLUP)];
  expect(rollup, "The daily rollup should equal a fresh aggregation of the statement transactions").toEqual(fresh);
  const [freshAccount, accountRollup] = [await tx.query(FRESH_ACCOUNT), await tx.query(ACCOUNT_ROLLUP)];
  expect(accountRollup, "The account rollup should equal a fresh aggregation over the counted imports")
    .toEqual(freshAccount);
}

describe("statement_daily_totals and account_daily_totals", () => {
  it("matches the raw rows after seeding, inserts, updates, deletes and truncate", async () => {
    await rollupMatches(db.client);
    await rolledBack(db.client, async (tx) => {
      const alice = DEMO_USERS.alice.id;
      await tx.query(
        `insert into public.statement_transactions (user_id, statement_import_id, date, amount_minor, currency)
         select user_id, statement_import_id, date, 1234, currency from public.statement_transactions
         where user_id = $1 order by date, id limit 5`,
        [alice],
      );
      await rollupMatches(tx);
      await tx.query(
        "update public.statement_transactions set amount_minor = amount_minor + 1 where user_id = $1 and date < '2025-06-01'",
        [alice],
      );
      await tx.query(
        `update public.statement_transactions set date = date + 1
         where id in (select id from public.statement_transactions order by id limit 40)`,
      );
      await rollupMatches(tx);
      // Imports that stop and start counting, move to another account name, or are deleted: the account
      // rollup follows (statement_daily_totals, keyed by import, does not change).
      await tx.query(
        `update public.statement_imports set status = 'failed'
         where id in (select id from public.statement_imports where status <> 'failed' order by id limit 3)`,
      );
      await rollupMatches(tx);
      await tx.query(
        `update public.statement_imports set status = 'completed'
         where id in (select id from public.statement_imports where status = 'failed' order by id desc limit 2)`,
      );
      await tx.query(
        `update public.statement_imports set account_name = account_name || ' (old)'
         where id in (select id from public.statement_imports order by id desc limit 4)`,
      );
      await rollupMatches(tx);
      await tx.query(
        "delete from public.statement_imports where id in (select id from public.statement_imports order by id limit 2)",
      );
      await tx.query("delete from public.statement_transactions where amount_minor between -3000 and 0");
      await rollupMatches(tx);
      await tx.exec("truncate public.statement_transactions");
      await rollupMatches(tx);
    });
  });
});

const contractOf = (userId: string) => ownerContract(db.client, userId);

function sqlData(tx: SqlClient) {
  return createAccountData(async (name, args) => {
    const { text, params } = readFunctionSql(name, args);
    return (await tx.query<{ row: Row }>(text, params)).map((r) => r.row);
  });
}

const DATE_LISTS: string[][] = [
  [],
  ["2026-06-30"],
  ["2024-12-31", "2025-01-31", "2025-02-28", "2025-06-15", "2026-02-28", "2026-11-30", "2027-01-31"],
  ["2026-11-15", "2020-01-01", "2026-11-15"],
];

describe("me_statement_balances", () => {
  it.each(Object.entries(DEMO_USERS))(
    "returns, as %s, exactly the rows of the AccountData contract",
    async (_, user) => {
      const contract = await contractOf(user.id);
      for (const currency of [null, "EUR", "USD", "JPY"]) {
        for (const dates of DATE_LISTS) {
          const viaSql = await actingAs(
            db.client,
            { role: "authenticated", sub: user.id },
            (tx) => sqlData(tx).statementBalances(currency, dates),
          );
          const expected = await contract.statementBalances(currency, dates);
          expect(viaSql, `me_statement_balances(${currency}, [${dates}]) should follow the contract`).toEqual(expected);
          if (currency === null) {
            expect(viaSql.length, "The demo users have statements").toBeGreaterThan(0);
          }
        }
      }
    },
  );

  it.each(Object.entries(DEMO_USERS))("gives netWorthOn the same numbers as the contract, as %s", async (_, user) => {
    const contract = await contractOf(user.id);
    for (const currency of ["EUR", "USD"]) {
      for (const date of ["2024-11-30", "2025-03-31", "2025-08-17", "2026-11-30", "2030-01-01"]) {
        const viaSql = await actingAs(
          db.client,
          { role: "authenticated", sub: user.id },
          (tx) => netWorthOn(sqlData(tx), currency, date),
        );
        expect(viaSql, `net worth in ${currency} on ${date}`).toBe(await netWorthOn(contract, currency, date));
      }
    }
  });
});
