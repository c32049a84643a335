/**
 * Balances of repeated, overlapping and gapped exports, with all three kinds of statement (reported opening balance,
 * derived from the closing balance, unknown), API.md §9.3 and §9.6 as settled for issue 24. Stored rows are written
 * the way the importer stores them: a line that an earlier import of the account already holds is stored once,
 * under that import. Checked three ways, as the owner through row-level security:
 * - GET net worth and GET accounts through the SQL read function give the hand-worked numbers below;
 * - they equal what the same operations give over the AccountData contract (the in-memory implementation over the
 *   raw rows), for many dates;
 * - the dashboard view statement_reconciliation gives the same reconciliation.
 * PGlite, or a fresh database on TEST_DATABASE_URL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperations } from "../../packages/core/src/operations/index.ts";
import { get } from "../../packages/core/src/testing/run.ts";
import type { SqlClient } from "../../scripts/db/sql-client.ts";
import type { TestDatabase } from "../../scripts/db/test-database.ts";
import { createAccountData } from "../functions/v1/data/account-data.ts";
import { readFunctionSql } from "../functions/v1/data/direct/read-function-sql.ts";
import type { Row } from "../functions/v1/data/values.ts";
import { actingAs, addStranger, migratedDatabase, rolledBack, STRANGER_ID } from "./helpers.ts";
import { ownerContract } from "./owner-contract.ts";

const { byName } = createOperations();

let db: TestDatabase;

beforeAll(async () => {
  db = await migratedDatabase({ seed: false });
  await addStranger(db.client);
});
afterAll(async () => {
  await db?.close();
});

function sqlData(tx: SqlClient) {
  return createAccountData(async (name, args) => {
    const { text, params } = readFunctionSql(name, args);
    return (await tx.query<{ row: Row }>(text, params)).map((r) => r.row);
  });
}

const u = STRANGER_ID;
const id = (k: number) => `ab000000-0000-4000-8000-${String(k).padStart(12, "0")}`;

/**
 * Giro (CSV with a balance column: opening and closing reported). The bank's balances: 1,000.00 on March 1;
 * −12.50 on the 2nd (987.50); +2,000.00 on the 3rd (2,987.50); −20.00 on the 5th (2,967.50); −30.00 on the 9th
 * (2,937.50); +5.00 on the 12th (2,942.50); lines of the 13th–19th never exported (3,000.00 on the 20th); +100.00 on
 * the 25th (3,100.00).
 *   A  03-01…03-05 opens 1,000.00, closes 2,967.50; stores the 2nd, 3rd and 5th.
 *   B  the same export again: every line a duplicate, nothing stored.
 *   C  03-03…03-12 opens 987.50 (the balance at the start of the 3rd), closes 2,942.50; the 3rd and 5th are
 *      duplicates; stores the 9th and 12th.
 *   D  03-20…03-31 opens 3,000.00 (a gap after C), closes 3,100.00; stores the 25th.
 *   A failed and a processing import of Giro hold lines that never count.
 * Card (OFX: closing balance only).
 *   E  03-01…03-31 closes −450.00; stores −120.00 on the 4th and −30.00 on the 18th: derived opening −300.00.
 *   F  03-15…04-14 closes −600.00; the 18th is a duplicate; stores −150.00 on April 2: the account's transactions in
 *      its span are −30.00 − 150.00, so its derived opening is −420.00.
 * Wallet (QIF: no balance at all).
 *   G  no bounds; stores −5.00 on the 2nd and −7.00 on the 10th: span 03-02…03-10, every balance unknown.
 *   H  04-01…04-30 opens 20.00, reports no closing; stores −1.00 on April 5.
 */
async function writeAccounts(tx: SqlClient): Promise<void> {
  const imp = async (
    k: number,
    account: string,
    start: string | null,
    end: string | null,
    opening: number | null,
    closing: number | null,
    importedAt: string,
    status = "completed",
  ) =>
    await tx.query(
      `insert into public.statement_imports (id, user_id, account_name, file_name, format, status,
         statement_start, statement_end, currency, opening_balance_minor, closing_balance_minor, imported_at)
       values ($1, $2, $3, 'x', 'csv', $4, $5, $6, 'EUR', $7, $8, $9)`,
      [id(k), u, account, status, start, end, opening, closing, importedAt],
    );
  const line = async (k: number, date: string, amount: number) =>
    await tx.query(
      `insert into public.statement_transactions (user_id, statement_import_id, date, amount_minor, currency)
       values ($1, $2, $3, $4, 'EUR')`,
      [u, id(k), date, amount],
    );
  await imp(1, "Giro", "2026-03-01", "2026-03-05", 100000, 296750, "2026-03-06T06:00:00Z");
  await line(1, "2026-03-02", -1250);
  await line(1, "2026-03-03", 200000);
  await line(1, "2026-03-05", -2000);
  await imp(2, "Giro", "2026-03-01", "2026-03-05", 100000, 296750, "2026-03-06T07:00:00Z");
  await imp(3, "Giro", "2026-03-03", "2026-03-12", 98750, 294250, "2026-03-13T06:00:00Z");
  await line(3, "2026-03-09", -3000);
  await line(3, "2026-03-12", 500);
  await imp(4, "Giro", "2026-03-20", "2026-03-31", 300000, 310000, "2026-04-01T06:00:00Z");
  await line(4, "2026-03-25", 10000);
  await imp(5, "Giro", "2026-03-01", "2026-03-31", 100000, 100000, "2026-04-01T07:00:00Z", "failed");
  await line(5, "2026-03-10", 9999999);
  await imp(6, "Giro", "2026-03-01", "2026-03-31", 100000, 100000, "2026-04-01T08:00:00Z", "processing");
  await line(6, "2026-03-11", 8888888);
  await imp(7, "Card", "2026-03-01", "2026-03-31", null, -45000, "2026-04-01T06:00:00Z");
  await line(7, "2026-03-04", -12000);
  await line(7, "2026-03-18", -3000);
  await imp(8, "Card", "2026-03-15", "2026-04-14", null, -60000, "2026-04-15T06:00:00Z");
  await line(8, "2026-04-02", -15000);
  await imp(9, "Wallet", null, null, null, null, "2026-03-11T06:00:00Z");
  await line(9, "2026-03-02", -500);
  await line(9, "2026-03-10", -700);
  await imp(10, "Wallet", "2026-04-01", "2026-04-30", 2000, null, "2026-05-01T06:00:00Z");
  await line(10, "2026-04-05", -100);
}

const asOwner = <T>(tx: SqlClient, fn: (tx: SqlClient) => Promise<T>) =>
  actingAs(tx, { role: "authenticated", sub: u }, fn);

describe("repeated, overlapping and gapped exports; reported, derived and unknown opening balances", () => {
  it("GET net worth and GET accounts through SQL give the hand-worked balances", async () => {
    await rolledBack(db.client, async (tx) => {
      await writeAccounts(tx);
      const r = await asOwner(
        tx,
        (t) =>
          get(byName.get_net_worth, { currency: "EUR", from: "2026-03-01", to: "2026-04-10" }, {
            data: sqlData(t),
            subject: u,
          }),
      );
      // March 31: Giro inside D, 3,000.00 + 100.00; Card inside F (it starts later than E), −420.00 − 30.00; Wallet
      // after G, which gives no balance: not counted. April 10: Giro after D, its reported 3,100.00; Card inside F,
      // −420.00 − 30.00 − 150.00; Wallet inside H, 20.00 − 1.00.
      expect(r.series).toEqual([
        { date: "2026-03-31", total: "2650.00", account_count: 2 },
        { date: "2026-04-10", total: "2519.00", account_count: 3 },
      ]);
      const rows = (name: string) =>
        r.accounts.find((a: { account_name: string }) => a.account_name === name)!.statements.map((
          s: Record<string, unknown>,
        ) => [
          s.statement_start,
          s.statement_end,
          s.opening_balance,
          s.opening_balance_source,
          s.computed_closing_balance,
          s.difference,
          s.continuity_difference,
        ]);
      expect(rows("Giro")).toEqual([
        ["2026-03-01", "2026-03-05", "1000.00", "reported", "2967.50", "0.00", null],
        ["2026-03-01", "2026-03-05", "1000.00", "reported", "2967.50", "0.00", "-1967.50"], // the repeat
        ["2026-03-03", "2026-03-12", "987.50", "reported", "2942.50", "0.00", "-1980.00"], // the overlap
        ["2026-03-20", "2026-03-31", "3000.00", "reported", "3100.00", "0.00", "57.50"], // after the gap
      ]);
      expect(rows("Card")).toEqual([
        ["2026-03-01", "2026-03-31", "-300.00", "derived", "-450.00", null, null],
        ["2026-03-15", "2026-04-14", "-420.00", "derived", "-600.00", null, "30.00"],
      ]);
      expect(rows("Wallet")).toEqual([
        ["2026-03-02", "2026-03-10", null, null, null, null, null],
        ["2026-04-01", "2026-04-30", "20.00", "reported", "19.00", null, null],
      ]);
      // March 10: Giro inside the overlapping export, 987.50 + 2,000.00 − 20.00 − 30.00 = 2,937.50, the bank's own
      // balance; Card inside E (an OFX-only account), −300.00 − 120.00; Wallet inside G: unknown.
      const mar10 = await asOwner(
        tx,
        (t) => get(byName.list_accounts, { as_of: "2026-03-10" }, { data: sqlData(t), subject: u }),
      );
      expect(mar10.accounts.map((a: Record<string, unknown>) => [a.account_name, a.balance, a.reconciled])).toEqual([
        ["Card", "-420.00", null],
        ["Giro", "2937.50", true],
        ["Wallet", null, null],
      ]);
    });
  });

  it("SQL and the AccountData contract agree on every day, and the view on the reconciliation", async () => {
    await rolledBack(db.client, async (tx) => {
      await writeAccounts(tx);
      const contract = await ownerContract(tx, u);
      const days: string[] = [];
      const first = Date.UTC(2026, 1, 27); // 2026-02-27 through 2026-05-03
      for (let i = 0; i <= 65; i++) days.push(new Date(first + i * 86_400_000).toISOString().slice(0, 10));
      for (const asOf of days) {
        const viaSql = await asOwner(
          tx,
          (t) => get(byName.list_accounts, { as_of: asOf }, { data: sqlData(t), subject: u }),
        );
        const expected = await get(byName.list_accounts, { as_of: asOf }, { data: contract, subject: u });
        expect(viaSql, `GET accounts on ${asOf}`).toEqual(expected);
      }
      const query = { currency: "EUR", from: "2026-02-01", to: "2026-05-02" };
      const viaSql = await asOwner(tx, (t) => get(byName.get_net_worth, query, { data: sqlData(t), subject: u }));
      expect(viaSql).toEqual(await get(byName.get_net_worth, query, { data: contract, subject: u }));

      // The view, in minor units, against the report's statements (decimal strings with two places).
      const minor = (v: string | null) => (v === null ? null : String(Math.round(Number(v) * 100)));
      const view = await asOwner(tx, (t) =>
        t.query(
          `select account_name, statement_start::text, statement_end::text, opening_balance_minor::text,
                  opening_balance_source, computed_closing_balance_minor::text, reported_closing_balance_minor::text,
                  difference_minor::text, continuity_difference_minor::text
           from public.statement_reconciliation order by account_name collate "C", position`,
        ));
      const report = viaSql.accounts.flatMap((
        a: { account_name: string; statements: Record<string, string | null>[] },
      ) =>
        a.statements.map((s) => ({
          account_name: a.account_name,
          statement_start: s.statement_start,
          statement_end: s.statement_end,
          opening_balance_minor: minor(s.opening_balance!),
          opening_balance_source: s.opening_balance_source,
          computed_closing_balance_minor: minor(s.computed_closing_balance!),
          reported_closing_balance_minor: minor(s.reported_closing_balance!),
          difference_minor: minor(s.difference!),
          continuity_difference_minor: minor(s.continuity_difference!),
        }))
      );
      expect(view, "statement_reconciliation should match the core").toEqual(report);
      const balances = await asOwner(tx, (t) =>
        t.query(
          `select account_name, balance_minor::text, reconciled from public.account_balances
           order by account_name collate "C"`,
        ));
      // The latest statements: Card's F (derived: reconciled null), Giro's D, Wallet's H (no closing reported).
      expect(balances).toEqual([
        { account_name: "Card", balance_minor: "-60000", reconciled: null },
        { account_name: "Giro", balance_minor: "310000", reconciled: true },
        { account_name: "Wallet", balance_minor: "1900", reconciled: null },
      ]);
    });
  });
});
