/**
 * Statement files imported through the pipeline and read back through the API (GET /v1/me/statements/imports and
 * /v1/me/statements/transactions, as the file's owner over real HTTP) equal the files: every line with its date,
 * amount, description, counterparty, category and kind as hand-written in packages/importer/test/expected.ts, and
 * each import's span, balances and counts. Runs on PGlite, or on TEST_DATABASE_URL's PostgreSQL.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { importFile, type ImportReport } from "@pfa/importer";
import { FIXTURE_LIST, FIXTURES } from "../../packages/importer/test/expected.ts";
import { fixtureMapping } from "../../packages/importer/test/helpers.ts";
import { freshDatabase } from "../reliability/helpers/database.ts";
import { startApp } from "../reliability/helpers/app.ts";

const USER = "1a2b3c4d-0000-4000-8000-00000000f11e";

Deno.test("imported statements read back through GET /v1/me/statements/* equal the files", async () => {
  const db = await freshDatabase({ demo: false });
  await db.client.query("insert into auth.users (id, email) values ($1, 'reader@example.com')", [USER]);
  const app = await startApp({ db });
  try {
    const token = await app.token(USER);
    const get = async (path: string) => {
      const res = await app.fetch(path, { headers: { authorization: `Bearer ${token}` } });
      assert.equal(res.status, 200, `${path}: ${res.status}`);
      return await res.json();
    };
    const withLines = FIXTURE_LIST.filter((f) => f.statements.every((s) => s.lines));
    assert.ok(withLines.length >= 5, "several formats have every line written out");
    const reports: ImportReport[] = [];
    for (const fixture of withLines) {
      reports.push(
        ...await importFile(db.client, { path: join(FIXTURES, fixture.file) }, {
          userId: USER,
          accountName: fixture.file,
          currency: fixture.currency ?? null,
          mapping: fixtureMapping(fixture.mapping),
        }),
      );
    }
    const imports = (await get("/v1/me/statements/imports?limit=100")).data as Record<string, unknown>[];
    const expected = withLines.flatMap((f) => f.statements.map((s) => ({ fixture: f, statement: s })));
    assert.equal(imports.length, expected.length, "one import per statement");
    for (const [i, { fixture, statement }] of expected.entries()) {
      const id = reports[i]!.statement_import_id!;
      const row = imports.find((r) => r.id === id);
      assert.ok(row, `import ${id} of ${fixture.file} is listed`);
      assert.deepEqual(
        {
          account_name: row.account_name,
          file_name: row.file_name,
          format: row.format,
          status: row.status,
          statement_start: row.statement_start,
          statement_end: row.statement_end,
          currency: row.currency,
          opening_balance: row.opening_balance,
          closing_balance: row.closing_balance,
          transaction_count: row.transaction_count,
          duplicate_count: row.duplicate_count,
          error_count: row.error_count,
        },
        {
          account_name: fixture.file,
          file_name: fixture.file.split("/").pop(),
          format: fixture.format,
          status: statement.status,
          statement_start: statement.statement_start,
          statement_end: statement.statement_end,
          currency: statement.currency,
          opening_balance: statement.opening_balance,
          closing_balance: statement.closing_balance,
          transaction_count: statement.transaction_count,
          duplicate_count: 0,
          error_count: statement.error_lines.length,
        },
        fixture.file,
      );
      const page = await get(`/v1/me/statements/transactions?statement_import_id=${id}&limit=100`);
      const lines = (page.data as Record<string, unknown>[]).map((t) => ({
        date: t.date,
        amount: t.amount,
        description: t.description,
        counterparty: t.counterparty,
        category: t.category,
        kind: t.kind,
      }));
      const order = (a: { date: unknown; amount: unknown }, b: { date: unknown; amount: unknown }) =>
        String(a.date).localeCompare(String(b.date)) || String(a.amount).localeCompare(String(b.amount));
      // The API shows the effective kind: the file's, else by sign (positive = income, else expense).
      const effective = statement.lines!.map((l) => ({
        ...l,
        kind: l.kind ?? (l.amount.startsWith("-") || /^0(\.0+)?$/.test(l.amount) ? "expense" : "income"),
      }));
      assert.deepEqual(lines.toSorted(order), effective.toSorted(order), `the lines of ${fixture.file}`);
      assert.ok(
        (page.data as { currency: string }[]).every((t) => t.currency === statement.currency),
        "every line in the statement's currency",
      );
    }
  } finally {
    await app.close();
    await db.drop();
  }
});
