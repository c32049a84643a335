/**
 * Parity: the dashboard views statement_reconciliation and account_balances (migrations
 * 20261125120200_account_views.sql and 20261126130000_account_views_without_opening_balance.sql) give the same numbers as the TypeScript core (storedAccounts,
 * reconcileStatements, balanceOnDate), on the demo data and on a hand-made account with every edge case of API.md
 * §9.3 and §9.6 (missing bounds, overlaps, ties, no closing balance, no opening balance, ignored imports), read as
 * each user through row-level security.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedAccounts } from "../../packages/core/src/operations/account-statements.ts";
import { statementOn } from "../../packages/core/src/services/balance-on-date.ts";
import {
  closingBalance,
  closingDifference,
  reconcileStatements,
} from "../../packages/core/src/services/reconcile-statements.ts";
import { DEMO_USERS } from "../../scripts/db/demo-data.ts";
import type { SqlClient } from "../../scripts/db/sql-client.ts";
import type { TestDatabase } from "../../scripts/db/test-database.ts";
import { actingAs, addStranger, migratedDatabase, rolledBack, STRANGER_ID } from "./helpers.ts";
import { ownerContract } from "./owner-contract.ts";

let db: TestDatabase;

beforeAll(async () => {
  db = await migratedDatabase();
  await addStranger(db.client);
});
afterAll(async () => {
  await db?.close();
});

const str = (v: unknown) => (v === null ? null : String(v));

/** What the core computes for `user`, from the raw rows read as the owner through `client`. */
async function core(client: SqlClient, user: string) {
  const data = await ownerContract(client, user);
  const { accounts } = storedAccounts(await data.statementBalances(null, []), []);
  const reconciliation = accounts.flatMap((a) =>
    reconcileStatements(a.statements).map((r, i) => ({
      statement_import_id: r.statement.row.id,
      account_name: a.account_name,
      currency: a.currency,
      position: String(i + 1),
      statement_start: r.statement.start,
      statement_end: r.statement.end,
      opening_balance_minor: str(r.statement.openingMinor),
      computed_closing_balance_minor: str(r.statement.computedClosingMinor),
      reported_closing_balance_minor: str(r.statement.reportedClosingMinor),
      difference_minor: str(r.differenceMinor),
      continuity_difference_minor: str(r.continuityDifferenceMinor),
      opening_balance_source: r.statement.openingSource,
    }))
  );
  // The latest statement's closing balance: the balance on any date after its end (balanceOnDate's rule there).
  const balances = accounts.map((a) => {
    const latest = statementOn(a.statements, "9999-12-31")!;
    const balance = closingBalance(latest);
    const difference = closingDifference(latest);
    return {
      account_name: a.account_name,
      currency: a.currency,
      balance_minor: str(balance),
      balance_date: balance === null ? null : latest.end,
      latest_statement_import_id: latest.row.id,
      statement_count: String(a.statements.length),
      reconciled: difference === null ? null : difference === 0n,
    };
  });
  return { reconciliation, balances };
}

/** What the views return to `user`, acting as them. */
async function views(tx: SqlClient) {
  const reconciliation = await tx.query(
    `select statement_import_id::text, account_name, currency, position::text, statement_start::text,
            statement_end::text, opening_balance_minor::text, computed_closing_balance_minor::text,
            reported_closing_balance_minor::text, difference_minor::text, continuity_difference_minor::text,
            opening_balance_source
     from public.statement_reconciliation as r order by r.account_name collate "C", r.currency, r.position`,
  );
  const balances = await tx.query(
    `select account_name, currency, balance_minor::text, balance_date::text, latest_statement_import_id::text,
            statement_count::text, reconciled
     from public.account_balances order by account_name collate "C", currency`,
  );
  return { reconciliation, balances };
}

describe("statement_reconciliation and account_balances", () => {
  it.each(Object.entries(DEMO_USERS))("match the core on the demo data of %s", async (_, user) => {
    const expected = await core(db.client, user.id);
    const seen = await actingAs(db.client, { role: "authenticated", sub: user.id }, views);
    expect(seen.reconciliation.length, "The demo data has statements to reconcile").toBeGreaterThan(1);
    expect(seen.reconciliation, "statement_reconciliation should match the core").toEqual(expected.reconciliation);
    expect(seen.balances, "account_balances should match the core").toEqual(expected.balances);
  });

  it("show every demo statement, imported as the bank's files, reconciling but the one made to be off", async () => {
    // Overlapping demo exports repeat every line of the previous statement from their first day on; those lines are
    // stored once, yet each statement's computed closing balance equals its reported one. OFX statements (closing
    // balance only) are derived (difference null), QIF ones give no balance (null); Tagesgeld's statement of month
    // SAVINGS_OFF_MONTH reports 1.50 too much.
    const rows = await db.client.query<{ account_name: string; difference_minor: string | null; n: string }>(
      `select account_name, difference_minor::text, count(*)::text as n from public.statement_reconciliation
       group by 1, 2 order by account_name collate "C", difference_minor`,
    );
    expect(rows).toEqual([
      { account_name: "Brokerage Cash", difference_minor: "0", n: "24" },
      { account_name: "Euro Travel Card", difference_minor: "0", n: "4" }, // bob's EUR card (CSV with balances)
      { account_name: "Everyday Checking", difference_minor: "0", n: "24" },
      { account_name: "Girokonto", difference_minor: "0", n: "24" }, // the failed import is left out
      { account_name: "Haushaltskonto", difference_minor: null, n: "24" },
      { account_name: "Kreditkarte", difference_minor: "0", n: "12" },
      { account_name: "Sparkonto CHF", difference_minor: "0", n: "24" }, // alice's CHF account (CAMT.053)
      { account_name: "Swiss Account", difference_minor: "0", n: "2" }, // bob's CHF account (MT940, yearly)
      { account_name: "Tagesgeld", difference_minor: "0", n: "22" }, // 24 months, one never imported
      { account_name: "Tagesgeld", difference_minor: "150", n: "1" },
      { account_name: "USD Travel Card", difference_minor: null, n: "6" },
      { account_name: "Visa Signature", difference_minor: null, n: "6" },
    ]);
    const [overlaps] = await db.client.query<{ imports: string; duplicates: string }>(
      `select count(*)::text as imports, sum(duplicate_count)::text as duplicates from public.statement_imports
       where duplicate_count > 0`,
    );
    expect(Number(overlaps!.imports), "The demo import exercises deduplication").toBeGreaterThanOrEqual(5);
  });

  it("match the core on every edge case of the balance rules", async () => {
    await rolledBack(db.client, async (tx) => {
      const u = STRANGER_ID;
      const imp = async (
        id: string,
        start: string | null,
        end: string | null,
        opening: number | null,
        closing: number | null,
        status = "completed",
        importedAt = "2026-01-01T00:00:00Z",
        account = "Edge",
      ) =>
        await tx.query(
          `insert into public.statement_imports (id, user_id, account_name, file_name, format, status,
             statement_start, statement_end, currency, opening_balance_minor, closing_balance_minor, imported_at)
           values ($1, $2, $3, 'e.csv', 'csv', $4, $5, $6, 'EUR', $7, $8, $9)`,
          [id, u, account, status, start, end, opening, closing, importedAt],
        );
      const tx1 = async (importId: string, date: string, amount: number) =>
        await tx.query(
          `insert into public.statement_transactions (user_id, statement_import_id, date, amount_minor, currency)
           values ($1, $2, $3, $4, 'EUR')`,
          [u, importId, date, amount],
        );
      const id = (k: number) => `e0000000-0000-4000-8000-${String(k).padStart(12, "0")}`;
      await imp(id(1), "2026-01-01", "2026-01-31", 1000, 1500); // reconciles
      await tx1(id(1), "2026-01-10", 500);
      await tx1(id(1), "2026-02-03", 7); // after the end: not in the computed closing balance
      await imp(id(2), "2026-01-01", "2026-01-31", 1000, 1499, "partial", "2026-02-01T00:00:00Z"); // tie: later import
      await tx1(id(2), "2026-01-11", 500);
      await imp(id(3), null, "2026-03-31", 1510, null); // start from its first transaction
      await tx1(id(3), "2026-03-05", -20);
      await tx1(id(3), "2026-03-05", -5);
      await imp(id(4), "2026-04-01", null, 1485, 1400); // end from its last transaction
      await tx1(id(4), "2026-04-20", -80);
      await imp(id(5), null, null, 0, null); // nothing dates it: excluded
      await imp(id(6), "2026-05-01", "2026-05-31", null, 10); // no opening balance: nothing computed, 10 reported
      await imp(id(7), "2026-06-01", "2026-06-30", 1, 1, "processing"); // ignored
      await imp(id(8), "2026-06-01", "2026-06-30", 1, 1, "failed"); // ignored
      await imp(id(9), "2026-08-10", null, 50, null, "completed", "2026-01-01T00:00:00Z", "Card"); // end = start
      await tx1(id(9), "2026-08-01", -5);
      await imp(id(10), null, "2026-08-10", 60, null, "completed", "2026-01-01T00:00:00Z", "Card"); // start = end
      await tx1(id(10), "2026-08-20", 5);
      await imp(id(11), "2026-07-01", "2026-07-31", 15, null); // opens 5 above id(6)'s reported 10
      await imp(id(12), null, null, null, null, "completed", "2026-01-01T00:00:00Z", "Wallet"); // QIF-like: no balance
      await tx1(id(12), "2026-03-02", -300);
      const expected = await core(tx, u);
      const seen = await actingAs(tx, { role: "authenticated", sub: u }, views);
      const rows = seen.reconciliation as Record<string, string | null>[];
      expect(rows.map((r) => r.statement_import_id)).toEqual([
        id(9),
        id(10),
        id(1),
        id(2),
        id(3),
        id(4),
        id(6),
        id(11),
        id(12),
      ]);
      // Hand-checked: the statement without an opening balance derives it from its reported 10 (no transaction of
      // the account in May): 10, computed 10, nothing independent to reconcile; it opens 1,390 below the April
      // statement's reported 1,400; the next statement's continuity compares with its 10 (15 − 10 = 5).
      const byId = new Map(rows.map((r) => [r.statement_import_id, r]));
      expect(byId.get(id(6))).toMatchObject({
        opening_balance_minor: "10",
        computed_closing_balance_minor: "10",
        reported_closing_balance_minor: "10",
        difference_minor: null,
        continuity_difference_minor: "-1390",
        opening_balance_source: "derived",
      });
      // The two January imports both count the account's +500 of the 10th and +500 of the 11th: 1,000 + 1,000.
      expect(byId.get(id(1))).toMatchObject({ computed_closing_balance_minor: "2000", difference_minor: "-500" });
      expect(byId.get(id(11))?.continuity_difference_minor).toBe("5");
      expect(byId.get(id(12))).toMatchObject({
        statement_start: "2026-03-02",
        statement_end: "2026-03-02",
        computed_closing_balance_minor: null,
        opening_balance_source: null,
      });
      expect(seen.balances, "The account with no balance at all is listed with nulls").toContainEqual({
        account_name: "Wallet",
        currency: "EUR",
        balance_minor: null,
        balance_date: null,
        latest_statement_import_id: id(12),
        statement_count: "1",
        reconciled: null,
      });
      expect(seen.reconciliation, "statement_reconciliation should match the core").toEqual(expected.reconciliation);
      expect(seen.balances, "account_balances should match the core").toEqual(expected.balances);
    });
  });
});
