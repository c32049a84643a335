/**
 * Every fixture through the whole pipeline (on PGlite, or TEST_DATABASE_URL's PostgreSQL): the reports and the
 * stored rows equal the hand-checked expectations; importing the same file again writes nothing and counts every
 * line a duplicate; a dry run counts the same without writing.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importFile } from "../src/mod.ts";
import { migratedDatabase } from "../../../supabase/tests/helpers.ts";
import type { TestDatabase } from "../../../scripts/db/test-database.ts";
import { FIXTURE_LIST, FIXTURES } from "./expected.ts";
import { createUser, fixtureMapping, sumOf } from "./helpers.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await migratedDatabase({ seed: false });
});
afterAll(async () => {
  await db?.close();
});

describe.each(FIXTURE_LIST)("fixture $file", (fixture) => {
  const options = (userId: string, dryRun = false) => ({
    userId,
    accountName: `Account ${fixture.file}`,
    currency: fixture.currency ?? null,
    mapping: fixtureMapping(fixture.mapping),
    dryRun,
  });
  const input = { path: join(FIXTURES, fixture.file) };

  it("imports with the hand-checked counts, sums, balances and span, and reimports as all duplicates", async () => {
    const userId = await createUser(db.client);
    const dry = await importFile(db.client, input, options(userId, true));
    const reports = await importFile(db.client, input, options(userId));
    expect(reports.map((r) => r.format), "every statement is recognised from its content").toEqual(
      fixture.statements.map(() => fixture.format),
    );
    for (const [i, expected] of fixture.statements.entries()) {
      const report = reports[i]!;
      expect({
        status: report.status,
        currency: report.currency,
        statement_start: report.statement_start,
        statement_end: report.statement_end,
        opening_balance: report.opening_balance,
        closing_balance: report.closing_balance,
        transaction_count: report.transaction_count,
        duplicate_count: report.duplicate_count,
        error_lines: report.errors.map((e) => e.line),
        error_count: report.error_count,
      }, `statement ${i + 1} of ${fixture.file}`).toEqual({
        status: expected.status,
        currency: expected.currency,
        statement_start: expected.statement_start,
        statement_end: expected.statement_end,
        opening_balance: expected.opening_balance,
        closing_balance: expected.closing_balance,
        transaction_count: expected.transaction_count,
        duplicate_count: 0,
        error_lines: expected.error_lines,
        error_count: expected.error_lines.length,
      });
      expect({ ...dry[i], statement_import_id: "x" }, "a dry run reports the same").toEqual({
        ...report,
        statement_import_id: "x",
      });
      const rows = await db.client.query<{ amount: string }>(
        `select (amount_minor / 100.0)::numeric(20,2)::text as amount from public.statement_transactions
         where statement_import_id = $1`,
        [report.statement_import_id],
      );
      expect(sumOf(rows.map((r) => r.amount)), "the stored lines add up to the file's sum").toBe(expected.sum);
      const [stored] = await db.client.query(
        `select status, transaction_count, duplicate_count, error_count from public.statement_imports where id = $1`,
        [report.statement_import_id],
      );
      expect(stored, "the import row holds the reported counts").toEqual({
        status: expected.status,
        transaction_count: expected.transaction_count,
        duplicate_count: 0,
        error_count: expected.error_lines.length,
      });
    }
    const again = await importFile(db.client, input, options(userId));
    for (const [i, expected] of fixture.statements.entries()) {
      expect(
        [again[i]!.transaction_count, again[i]!.duplicate_count, again[i]!.error_count],
        "the same file again: nothing new, every line a duplicate",
      ).toEqual([0, expected.transaction_count, expected.error_lines.length]);
    }
    const [total] = await db.client.query<{ n: number }>(
      "select count(*)::int as n from public.statement_transactions where user_id = $1",
      [userId],
    );
    expect(total!.n, "no line is stored twice").toBe(fixture.statements.reduce((n, s) => n + s.transaction_count, 0));
  });
});

describe("deduplication", () => {
  it("keeps two equal lines of one file, and is scoped to the account", async () => {
    const userId = await createUser(db.client);
    const file = {
      name: "coffee.csv",
      content: "date,amount,description\n2026-05-01,-3.00,Coffee\n2026-05-01,-3.00,Coffee\n",
    };
    const first = await importFile(db.client, file, { userId, accountName: "A", currency: "EUR" });
    expect([first[0]!.transaction_count, first[0]!.duplicate_count]).toEqual([2, 0]);
    const three = {
      name: "coffee-3.csv",
      content: "date,amount,description\n2026-05-01,-3.00,coffee\n2026-05-01,-3.00,Coffee \n2026-05-01,-3.00,COFFEE\n",
    };
    const second = await importFile(db.client, three, { userId, accountName: "A", currency: "EUR" });
    expect(
      [second[0]!.transaction_count, second[0]!.duplicate_count],
      "a third equal coffee is new; the first two are the earlier import's (description compared normalized)",
    ).toEqual([1, 2]);
    const other = await importFile(db.client, file, { userId, accountName: "B", currency: "EUR" });
    expect([other[0]!.transaction_count, other[0]!.duplicate_count], "another account is not a duplicate").toEqual([
      2,
      0,
    ]);
  });

  it("numbers repeated lines by their order in the file, wherever they stand, and finds them again", async () => {
    const userId = await createUser(db.client);
    // Newest first, with two groups of equal lines spread among unique ones.
    const lines = [
      "2026-05-03,-3.00,Coffee",
      "2026-05-02,-9.99,Cinema",
      "2026-05-03,-3.00,Coffee",
      "2026-05-01,-3.00,Coffee",
      "2026-05-02,-9.99,Cinema",
      "2026-05-01,-1.00,Bus",
      "2026-05-03,-3.00,COFFEE",
    ];
    const file = (rows: string[]) => ({
      name: "repeats.csv",
      content: `date,amount,description\n${rows.join("\n")}\n`,
    });
    const first = await importFile(db.client, file(lines), { userId, accountName: "A", currency: "EUR" });
    expect([first[0]!.transaction_count, first[0]!.duplicate_count]).toEqual([7, 0]);
    // The same lines in another order: every line is the same occurrence of the same line, so all are duplicates.
    const again = await importFile(db.client, file([...lines].reverse()), {
      userId,
      accountName: "A",
      currency: "EUR",
    });
    expect([again[0]!.transaction_count, again[0]!.duplicate_count]).toEqual([0, 7]);
    // One more of each group and one unique line: exactly those three are new.
    const more = await importFile(
      db.client,
      file([...lines, "2026-05-03,-3.00,coffee", "2026-05-02,-9.99,Cinema", "2026-05-04,-2.00,Bus"]),
      { userId, accountName: "A", currency: "EUR" },
    );
    expect([more[0]!.transaction_count, more[0]!.duplicate_count]).toEqual([3, 7]);
    const [keys] = await db.client.query<{ n: number; distinct_keys: number }>(
      `select count(*)::int as n, count(distinct dedup_key)::int as distinct_keys
       from public.statement_transactions where user_id = $1`,
      [userId],
    );
    expect(keys).toEqual({ n: 10, distinct_keys: 10 });
  });
});

describe("stored columns", () => {
  it("stores the recurring key that private.recurring_key gives for the same text", async () => {
    const userId = await createUser(db.client);
    const texts = ["NETFLIX.COM 4412", "İstanbul Kebap", "Straße 12", "ﬁnance Ltd", "ΟΔΟΣ Σ", "  42  ", "Café—Crème"];
    const content = "date,amount,description,counterparty\n" +
      texts.map((t, i) => `2026-05-0${i + 1},-1.00,"Desc ${t}",${i % 2 === 0 ? `"${t}"` : ""}`).join("\n") + "\n";
    const [report] = await importFile(db.client, { name: "keys.csv", content }, {
      userId,
      accountName: "A",
      currency: "EUR",
    });
    expect(report!.transaction_count).toBe(texts.length);
    const rows = await db.client.query<{ stored: string; computed: string }>(
      `select recurring_key as stored,
              private.recurring_key(case when counterparty <> '' then counterparty else coalesce(description, '') end)
                as computed
       from public.statement_transactions where user_id = $1`,
      [userId],
    );
    expect(rows.length).toBe(texts.length);
    for (const r of rows) expect(r.stored).toBe(r.computed);
    expect(rows.map((r) => r.stored)).toContain("netflix com");
  });
});
