/**
 * The embedded migrator, the Supabase CLI path, the statement splitter and the demo data generator.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_END_DATE, DEMO_USERS, generateDemoData, SAVINGS_CLOSING_ERROR } from "../../scripts/db/demo-data.ts";
import { effectiveKind } from "../../scripts/db/dataset.ts";
import { applyBootstrap, listMigrations, migrate } from "../../scripts/db/migrate.ts";
import { SEED_SQL_FILE } from "../../scripts/db/paths.ts";
import { renderSeedSql } from "../../scripts/db/seed-sql.ts";
import { splitSqlStatements } from "../../scripts/db/sql-split.ts";
import { migrateWithSupabaseCli } from "../../scripts/db/supabase-cli.ts";
import { createTestDatabase, type TestDatabase } from "../../scripts/db/test-database.ts";

describe("splitSqlStatements", () => {
  it("splits on semicolons outside strings, dollar quotes and comments, keeping leading comments", () => {
    const script = [
      "-- first; still a comment",
      "create table t (a text default 'x;y');",
      "create function f() returns int language sql as $body$ select 1; $body$;",
      "/* block; comment */ select E'it\\'s;', \"odd;name\" from t;",
      "",
      "  select $$;$$  ;",
      "-- trailing comment only",
    ].join("\n");
    expect(splitSqlStatements(script), "Each statement should be cut at its own semicolon").toEqual([
      "-- first; still a comment\ncreate table t (a text default 'x;y')",
      "create function f() returns int language sql as $body$ select 1; $body$",
      "/* block; comment */ select E'it\\'s;', \"odd;name\" from t",
      "select $$;$$",
    ]);
  });
});

describe("migrate (embedded)", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.close();
  });

  it("applies every migration once, records it like the Supabase CLI, and is a no-op the second time", async () => {
    const files = listMigrations();
    expect(files.length, "There should be migrations to apply").toBeGreaterThan(0);
    const first = await migrate(db.client);
    expect(first.applied, "A fresh database should get every migration, in order").toEqual(files.map((f) => f.version));
    const rows = await db.client.query<{ version: string; name: string; statements: string[] }>(
      "select version, name, statements from supabase_migrations.schema_migrations order by version",
    );
    expect(rows, "The bookkeeping should hold each migration's version, name and statements").toEqual(
      files.map((f) => ({ version: f.version, name: f.name, statements: splitSqlStatements(f.sql) })),
    );
    const second = await migrate(db.client);
    expect(second.applied, "A second run should apply nothing").toEqual([]);
  });

  it("runs the bootstrap again without error and keeps the API roles", async () => {
    await applyBootstrap(db.client);
    const roles = await db.client.query<{ rolname: string; rolbypassrls: boolean; rolcanlogin: boolean }>(
      `select rolname, rolbypassrls, rolcanlogin from pg_roles
       where rolname in ('anon', 'authenticated', 'service_role') order by rolname`,
    );
    expect(roles, "The bootstrap should create the three API roles, only service_role bypassing RLS").toEqual([
      { rolname: "anon", rolbypassrls: false, rolcanlogin: false },
      { rolname: "authenticated", rolbypassrls: false, rolcanlogin: false },
      { rolname: "service_role", rolbypassrls: true, rolcanlogin: false },
    ]);
  });

  it("defines auth.uid(), auth.role() and auth.jwt() from request.jwt.claims", async () => {
    const [row] = await db.client.transaction(async (tx) => {
      await tx.exec(
        `select set_config('request.jwt.claims', '{"sub":"a11ce000-0000-4000-8000-000000000001","role":"authenticated"}', true)`,
      );
      return await tx.query<{ uid: string; role: string; jwt: { sub: string } }>(
        "select auth.uid() as uid, auth.role() as role, auth.jwt() as jwt",
      );
    });
    expect(row, "The auth helpers should read the request's claims").toEqual({
      uid: "a11ce000-0000-4000-8000-000000000001",
      role: "authenticated",
      jwt: { sub: "a11ce000-0000-4000-8000-000000000001", role: "authenticated" },
    });
  });
});

describe("migrate with the Supabase CLI (real PostgreSQL only)", () => {
  it("records the same bookkeeping as the embedded migrator and is a no-op the second time", async () => {
    const cli = await createTestDatabase();
    const embedded = await createTestDatabase();
    try {
      if (!cli.url) {
        // The CLI needs a server; PGlite runs the embedded migrator only (tested above).
        expect(cli.engine, "Without a server URL the database should be PGlite").toBe("pglite");
        return;
      }
      await migrateWithSupabaseCli(cli.url);
      await migrateWithSupabaseCli(cli.url);
      await migrate(embedded.client);
      const history = "select version, name, statements from supabase_migrations.schema_migrations order by version";
      const viaCli = await cli.client.query(history);
      expect(viaCli.length, "The CLI should record each migration exactly once").toBe(listMigrations().length);
      expect(viaCli, "The CLI and the embedded migrator should record identical history").toEqual(
        await embedded.client.query(history),
      );
    } finally {
      await cli.close();
      await embedded.close();
    }
  });
});

describe("demo data", () => {
  const data = generateDemoData();

  it("is deterministic, and supabase/seed.sql is generated from it", () => {
    expect(generateDemoData(), "Two runs should produce identical rows").toEqual(data);
    expect(readFileSync(SEED_SQL_FILE, "utf8"), "supabase/seed.sql should be current (npm run db:seed-sql)")
      .toBe(renderSeedSql());
  });

  it("has the two demo users with their currencies and time zones", () => {
    expect(data.profiles, "alice should be EUR in Berlin and bob USD in New York").toEqual([
      { user_id: DEMO_USERS.alice.id, default_currency: "EUR", timezone: "Europe/Berlin" },
      { user_id: DEMO_USERS.bob.id, default_currency: "USD", timezone: "America/New_York" },
    ]);
  });

  it("covers 24 months up to the end date, with every kind of line the rules care about", () => {
    const dates = data.statement_transactions.map((t) => t.date).sort();
    expect(dates[0], "The data should start 24 months before the end month").toBe("2024-12-01");
    expect(dates[dates.length - 1]! <= DEMO_END_DATE, "No transaction should be dated after the end date").toBe(true);
    for (const user of [DEMO_USERS.alice.id, DEMO_USERS.bob.id]) {
      const mine = data.statement_transactions.filter((t) => t.user_id === user);
      const has = (label: string, test: (t: (typeof mine)[number]) => boolean) =>
        expect(mine.some(test), `${user} should have ${label}`).toBe(true);
      has("salary", (t) => t.category === "Salary" && t.amount_minor > 0);
      has("rent", (t) => t.category === "Rent");
      has("groceries", (t) => t.category === "Groceries");
      has("refunds", (t) => t.kind === "expense" && t.amount_minor > 0);
      has("reversals", (t) => t.kind === "income" && t.amount_minor < 0);
      has("transfers", (t) => t.kind === "transfer");
      has("uncategorized lines", (t) => t.category === null && effectiveKind(t) === "expense");
      has("lines without a kind", (t) => t.kind === null);
    }
    const aliceCurrencies = new Set(
      data.statement_transactions.filter((t) => t.user_id === DEMO_USERS.alice.id).map((t) => t.currency),
    );
    expect([...aliceCurrencies].sort(), "alice should have EUR, a USD card and a CHF account").toEqual([
      "CHF",
      "EUR",
      "USD",
    ]);
  });

  it("keeps each import's counts and balances consistent with its transactions", () => {
    const off: [string, number][] = [];
    for (const imp of data.statement_imports) {
      const lines = data.statement_transactions.filter((t) => t.statement_import_id === imp.id);
      expect(lines.length, `Import ${imp.file_name} should count its transactions`).toBe(imp.transaction_count);
      if (imp.status === "failed") continue;
      // The account's lines dated in the statement's span, whichever import holds them (an overlapping export's
      // first lines are stored under the previous import).
      const account = new Set(
        data.statement_imports.filter((i) =>
          i.user_id === imp.user_id && i.account_name === imp.account_name && i.currency === imp.currency &&
          i.status !== "failed"
        ).map((i) => i.id),
      );
      const sum = data.statement_transactions
        .filter((t) =>
          account.has(t.statement_import_id) && t.date >= imp.statement_start! && t.date <= imp.statement_end!
        )
        .reduce((s, t) => s + t.amount_minor, 0);
      const difference = imp.closing_balance_minor! - (imp.opening_balance_minor! + sum);
      if (difference !== 0) off.push([imp.file_name.replace(/_.*/, ""), difference]);
    }
    // Every import closes at opening + the account's lines in its span, except the one savings statement the
    // net-worth story reports 1.50 too high (demo-data.ts, SAVINGS_OFF_MONTH).
    expect(off, "Only the savings statement made to be off should not add up").toEqual([
      ["tagesgeld", SAVINGS_CLOSING_ERROR],
    ]);
  });
});
