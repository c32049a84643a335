/**
 * The direct SQL driver on a real database (PGlite, or a fresh database on TEST_DATABASE_URL): migrations applied,
 * a small fixture of two users loaded as the superuser, then read back through the driver as each user.
 * Expected values are the fixture's, written out by hand.
 */
import assert from "node:assert/strict";
import type { AccountData } from "@pfa/core/contracts/account-data.ts";
import { type Dataset, emptyDataset } from "../../scripts/db/dataset.ts";
import { DEMO_USERS, generateDemoData } from "../../scripts/db/demo-data.ts";
import { loadDataset } from "../../scripts/db/load.ts";
import { seed, todayUtc } from "../../scripts/db/seed.ts";
import type { VerifiedUser } from "../../supabase/functions/v1/auth/verifier.ts";
import { DatabaseUnavailableError } from "../../supabase/functions/v1/data/errors.ts";
import type { AccountDataProvider } from "../../supabase/functions/v1/data/provider.ts";
import { createDirectDataProvider } from "../../supabase/functions/v1/data/direct/direct-provider.ts";
import {
  postgresEngine,
  type SqlEngine,
  type SqlTransaction,
} from "../../supabase/functions/v1/data/direct/sql-engine.ts";
import { createMigratedTestDatabase } from "../helpers/migrated-database.ts";

const U1 = "11111111-1111-4111-8111-111111111111";
const U2 = "22222222-2222-4222-8222-222222222222";
const NOBODY = "33333333-3333-4333-8333-333333333333";
const I1 = "a0000000-0000-4000-8000-000000000001";
const I2 = "a0000000-0000-4000-8000-000000000002";
const I3 = "a0000000-0000-4000-8000-000000000003";
const G1 = "90000000-0000-4000-8000-000000000001";
const G2 = "90000000-0000-4000-8000-000000000002";
const id = (n: number) => `c0000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function fixture(): Dataset {
  const d = emptyDataset();
  d.users.push(
    { id: U1, email: "u1@example.com", created_at: "2025-01-01T00:00:00Z" },
    { id: U2, email: "u2@example.com", created_at: "2025-01-01T00:00:00Z" },
  );
  d.profiles.push(
    { user_id: U1, default_currency: "EUR", timezone: "Europe/Berlin" },
    { user_id: U2, default_currency: "USD", timezone: "UTC" },
  );
  const imp = {
    account_name: "Current",
    file_name: "jan.csv",
    format: "csv",
    status: "completed",
    statement_start: "2026-01-01",
    statement_end: "2026-01-31",
    opening_balance_minor: 100,
    closing_balance_minor: null,
    transaction_count: 3,
    duplicate_count: 1,
    error_count: 0,
  } as const;
  d.statement_imports.push(
    { ...imp, id: I1, user_id: U1, currency: "EUR", imported_at: "2026-03-01T10:00:00.123456Z" },
    { ...imp, id: I2, user_id: U1, currency: "EUR", imported_at: "2026-02-01T09:00:00Z", statement_start: null },
    { ...imp, id: I3, user_id: U2, currency: "USD", imported_at: "2026-02-15T00:00:00Z" },
  );
  const tx = { description: "x", counterparty: null, category: null, kind: null } as const;
  d.statement_transactions.push(
    {
      ...tx,
      id: id(1),
      user_id: U1,
      statement_import_id: I1,
      date: "2026-01-15",
      amount_minor: -1250,
      currency: "EUR",
      category: "groceries",
    },
    {
      ...tx,
      id: id(2),
      user_id: U1,
      statement_import_id: I1,
      date: "2026-01-20",
      amount_minor: 300000,
      currency: "EUR",
    },
    {
      ...tx,
      id: id(3),
      user_id: U1,
      statement_import_id: I1,
      date: "2026-02-03",
      amount_minor: -5000,
      currency: "EUR",
      kind: "transfer",
    },
    {
      ...tx,
      id: id(4),
      user_id: U1,
      statement_import_id: I1,
      date: "2026-01-15",
      amount_minor: -750,
      currency: "EUR",
      category: "groceries",
    },
    {
      ...tx,
      id: id(5),
      user_id: U2,
      statement_import_id: I3,
      date: "2026-01-10",
      amount_minor: -999,
      currency: "USD",
      category: "food",
    },
  );
  d.budgets.push(
    { id: id(101), user_id: U1, month: "2026-01-01", category: "groceries", amount_minor: 20000, currency: "EUR" },
    { id: id(102), user_id: U2, month: "2026-01-01", category: "food", amount_minor: 5000, currency: "USD" },
  );
  d.goals.push(
    {
      id: G1,
      user_id: U1,
      name: "Holiday",
      currency: "EUR",
      target_minor: 100000,
      target_date: "2026-12-31",
      created_at: "2025-06-01T00:00:00Z",
    },
    {
      id: G2,
      user_id: U2,
      name: "Car",
      currency: "USD",
      target_minor: 900000,
      target_date: null,
      created_at: "2025-06-01T00:00:00Z",
    },
  );
  d.goal_contributions.push(
    { id: id(201), user_id: U1, goal_id: G1, date: "2026-01-10", amount_minor: 5000 },
    { id: id(202), user_id: U1, goal_id: G1, date: "2026-02-10", amount_minor: 7000 },
    { id: id(203), user_id: U1, goal_id: G1, date: "2026-06-01", amount_minor: 1000 },
    { id: id(204), user_id: U2, goal_id: G2, date: "2026-01-05", amount_minor: 42 },
  );
  return d;
}

const db = await createMigratedTestDatabase();
await db.client.transaction((tx) => loadDataset(tx, fixture()));
await seed(db.client); // the demo users too: only their rows are touched
const onPostgres = db.url !== undefined;
/** The production pool on a real server; scripts/db's PGlite client (single connection) otherwise. */
const engine: SqlEngine = onPostgres
  ? postgresEngine(db.url!, { max: 3, connectTimeoutSeconds: 5, idleTimeoutSeconds: 10 })
  : db.client;
const maxConcurrency = onPostgres ? 3 : 1;

function provider(overrides: Partial<Parameters<typeof createDirectDataProvider>[0]> = {}): AccountDataProvider {
  return createDirectDataProvider({
    engine,
    statementTimeoutMs: 5000,
    maxConcurrency,
    acquireTimeoutMs: 5000,
    ...overrides,
  });
}
const direct = provider();

function user(sub: string): VerifiedUser {
  return { sub, token: "unused-by-the-direct-driver", claims: { sub, role: "authenticated", aud: "authenticated" } };
}
const as = <T>(sub: string, fn: (data: AccountData) => Promise<T>) => direct.withUser(user(sub), fn);

Deno.test("direct driver: profile of each user, and none for a user without one", async () => {
  const p1 = await as(U1, (d) => d.profile());
  assert.equal(p1?.default_currency, "EUR");
  assert.equal(p1?.timezone, "Europe/Berlin");
  assert.match(p1!.today, /^\d{4}-\d{2}-\d{2}$/);
  const p2 = await as(U2, (d) => d.profile());
  assert.deepEqual({ ...p2, today: undefined }, { default_currency: "USD", timezone: "UTC", today: undefined });
  assert.equal(await as(NOBODY, (d) => d.profile()), null);
});

Deno.test("direct driver: ledger totals are the caller's only, aggregated by month, kind and category", async () => {
  assert.deepEqual(await as(U1, (d) => d.ledgerTotals("2026-01-01", "2026-01-31")), [
    {
      currency: "EUR",
      month: "2026-01-01",
      kind: "expense",
      category: "groceries",
      amount_minor: -2000,
      transaction_count: 2,
    },
    {
      currency: "EUR",
      month: "2026-01-01",
      kind: "income",
      category: null,
      amount_minor: 300000,
      transaction_count: 1,
    },
    { currency: "EUR", month: null, kind: "transfer", category: null, amount_minor: -5000, transaction_count: 1 },
  ]);
  assert.deepEqual(await as(U2, (d) => d.ledgerTotals("2026-01-01", "2026-12-31")), [
    {
      currency: "USD",
      month: "2026-01-01",
      kind: "expense",
      category: "food",
      amount_minor: -999,
      transaction_count: 1,
    },
  ]);
  assert.deepEqual(await as(NOBODY, (d) => d.ledgerTotals("2000-01-01", "2100-01-01")), []);
});

Deno.test("direct driver: budgets and goals", async () => {
  assert.deepEqual(await as(U1, (d) => d.budgets("2026-01-01")), [
    { currency: "EUR", category: "groceries", amount_minor: 20000 },
  ]);
  assert.deepEqual(await as(U1, (d) => d.budgets("2026-02-01")), []);
  assert.deepEqual(await as(U1, (d) => d.goals("2026-03-01")), [{
    id: G1,
    name: "Holiday",
    currency: "EUR",
    target_minor: 100000,
    target_date: "2026-12-31",
    saved_minor: 12000,
    first_contribution_date: "2026-01-10",
    contribution_count: 2,
  }]);
  assert.deepEqual(await as(U2, (d) => d.goals("2026-03-01")), [{
    id: G2,
    name: "Car",
    currency: "USD",
    target_minor: 900000,
    target_date: null,
    saved_minor: 42,
    first_contribution_date: "2026-01-05",
    contribution_count: 1,
  }]);
});

Deno.test("direct driver: budget months and monthly spending (rollover, trends) are the caller's, in one currency", async () => {
  assert.deepEqual(await as(U1, (d) => d.budgetMonths("EUR", "2025-12-01", "2026-02-01")), [
    { month: "2026-01-01", category: "groceries", amount_minor: 20000 },
  ]);
  assert.deepEqual(await as(U1, (d) => d.budgetMonths("EUR", "2026-02-01", "2026-03-01")), []);
  assert.deepEqual(await as(U1, (d) => d.budgetMonths("USD", "2025-01-01", "2026-12-01")), [], "not U2's USD rows");
  // Expenses only: U1's January income and February transfer are not spending.
  assert.deepEqual(await as(U1, (d) => d.monthlySpending("EUR", "2025-12-01", "2026-02-01")), [
    { month: "2026-01-01", category: "groceries", amount_minor: -2000, transaction_count: 2 },
  ]);
  assert.deepEqual(await as(U2, (d) => d.monthlySpending("USD", "2026-01-01", "2026-01-01")), [
    { month: "2026-01-01", category: "food", amount_minor: -999, transaction_count: 1 },
  ]);
  assert.deepEqual(await as(U2, (d) => d.monthlySpending("EUR", "2000-01-01", "2100-01-01")), []);
  assert.deepEqual(await as(NOBODY, (d) => d.budgetMonths("USD", "2000-01-01", "2100-01-01")), []);
  assert.deepEqual(await as(NOBODY, (d) => d.monthlySpending("USD", "2000-01-01", "2100-01-01")), []);
});

Deno.test("direct driver: statement imports keep microseconds in UTC, and the keyset finds the next page", async () => {
  const page1 = await as(U1, (d) => d.statementImports(1));
  assert.deepEqual(page1, [{
    id: I1,
    account_name: "Current",
    file_name: "jan.csv",
    format: "csv",
    status: "completed",
    statement_start: "2026-01-01",
    statement_end: "2026-01-31",
    currency: "EUR",
    opening_balance_minor: 100,
    closing_balance_minor: null,
    transaction_count: 3,
    duplicate_count: 1,
    error_count: 0,
    imported_at: "2026-03-01T10:00:00.123456Z",
  }]);
  const page2 = await as(U1, (d) => d.statementImports(5, { imported_at: page1[0]!.imported_at, id: page1[0]!.id }));
  assert.deepEqual(page2.map((r) => [r.id, r.imported_at, r.statement_start]), [[I2, "2026-02-01T09:00:00Z", null]]);
  assert.deepEqual((await as(U2, (d) => d.statementImports(50))).map((r) => r.id), [I3]);
});

Deno.test("direct driver: statement transactions, ordered date then id descending, with filters and keyset", async () => {
  const all = await as(U1, (d) => d.statementTransactions({ limit: 50 }));
  assert.deepEqual(all.map((r) => r.id), [id(3), id(2), id(4), id(1)]);
  assert.deepEqual(all[2], {
    id: id(4),
    statement_import_id: I1,
    date: "2026-01-15",
    amount_minor: -750,
    currency: "EUR",
    description: "x",
    counterparty: null,
    category: "groceries",
    kind: "expense",
    // Loaded without sources: the stored category counts as the file's; no kind was stored (the sign rule).
    category_source: "file",
    category_rule_id: null,
    kind_source: "default",
    kind_rule_id: null,
  });
  assert.equal(all[1]!.kind, "income"); // no kind given: the sign rule
  const after = await as(U1, (d) => d.statementTransactions({ limit: 2, after: { date: "2026-01-20", id: id(2) } }));
  assert.deepEqual(after.map((r) => r.id), [id(4), id(1)]);
  const filtered = await as(
    U1,
    (d) =>
      d.statementTransactions({
        limit: 50,
        category: "groceries",
        from: "2026-01-01",
        to: "2026-01-31",
        kind: "expense",
      }),
  );
  assert.deepEqual(filtered.map((r) => r.id), [id(4), id(1)]);
  assert.deepEqual(await as(U1, (d) => d.statementTransactions({ limit: 50, statement_import_id: I3 })), []);
  assert.deepEqual((await as(U2, (d) => d.statementTransactions({ limit: 50 }))).map((r) => r.id), [id(5)]);
});

Deno.test("direct driver: each seeded demo user pages through exactly their own rows", async () => {
  // The demo statements go in through the import pipeline, so their ids are the database's: the expected rows are
  // read as the owner (no row-level security), the driver's as each user.
  const demo = generateDemoData({ endDate: todayUtc() });
  for (const { id: sub } of Object.values(DEMO_USERS)) {
    const expected = (await db.client.query<{ id: string }>(
      "select id::text from public.statement_transactions where user_id = $1 order by date desc, id desc",
      [sub],
    )).map((t) => t.id);
    assert.ok(expected.length > 100, "the demo data has a few hundred transactions per user");
    const seen: string[] = [];
    let after: { date: string; id: string } | undefined;
    for (;;) {
      const page = await as(sub, (d) => d.statementTransactions({ limit: 200, after }));
      seen.push(...page.map((r) => r.id));
      if (page.length < 200) break;
      after = { date: page.at(-1)!.date, id: page.at(-1)!.id };
    }
    assert.deepEqual(seen, expected);
    const imports = await as(sub, (d) => d.statementImports(1000));
    assert.deepEqual(
      imports.map((i) => i.id).sort(),
      (await db.client.query<{ id: string }>("select id::text from public.statement_imports where user_id = $1", [sub]))
        .map((i) => i.id).sort(),
    );
    assert.equal(imports.length, demo.statement_imports.filter((i) => i.user_id === sub).length, "one per statement");
    const goals = await as(sub, (d) => d.goals("2100-01-01"));
    assert.deepEqual(
      goals.map((g) => [g.id, g.saved_minor]).sort(),
      demo.goals.filter((g) => g.user_id === sub).map((g) => [
        g.id,
        demo.goal_contributions.filter((c) => c.goal_id === g.id).reduce((sum, c) => sum + c.amount_minor, 0),
      ]).sort(),
    );
  }
});

Deno.test("direct driver: concurrent requests of two users never see each other's rows", async () => {
  const results = await Promise.all(
    Array.from({ length: 12 }, (_, i) => i % 2 === 0 ? U1 : U2).map(async (sub) => ({
      sub,
      ids: await as(sub, async (d) => {
        const a = await d.statementTransactions({ limit: 50 });
        const b = await d.goals("2026-12-31");
        return [...a.map((r) => r.id), ...b.map((g) => g.id)];
      }),
    })),
  );
  for (const r of results) {
    assert.deepEqual(r.ids, r.sub === U1 ? [id(3), id(2), id(4), id(1), G1] : [id(5), G2]);
  }
});

/** Wraps the engine to observe the session from inside each request transaction. */
function observing(onQuery: (tx: SqlTransaction) => Promise<void>): SqlEngine {
  return {
    transaction: (fn) =>
      engine.transaction((tx) =>
        fn({
          async query(text, params) {
            if (text.includes("public.me_")) await onQuery(tx);
            return tx.query(text, params);
          },
        })
      ),
    close: () => Promise.resolve(),
  };
}

Deno.test("direct driver: reads run read-only as role authenticated with the request's claims, and nothing leaks", async () => {
  // One connection, so the check afterwards runs on the very session the request used.
  const single: SqlEngine = onPostgres
    ? postgresEngine(db.url!, { max: 1, connectTimeoutSeconds: 5, idleTimeoutSeconds: 10 })
    : db.client;
  const sessionSql = "select pg_backend_pid() as pid, current_user as user, current_setting('role') as role, " +
    "coalesce(current_setting('request.jwt.claims', true), '') as claims, " +
    "current_setting('transaction_read_only') as ro, current_setting('statement_timeout') as timeout, " +
    "current_setting('TimeZone') as tz";
  const before = await single.transaction((tx) => tx.query(sessionSql));
  const seen: Record<string, unknown>[] = [];
  let writeError: { code?: string } | undefined;
  const setup: string[] = [];
  const p = createDirectDataProvider({
    engine: {
      transaction: (fn) =>
        single.transaction((tx) =>
          fn({
            async query(text, params) {
              if (!text.includes("public.me_")) setup.push(text);
              else {
                seen.push(...await tx.query(sessionSql));
                // RLS as authenticated: only the caller's own rows, even without a filter.
                seen.push(...await tx.query("select count(distinct user_id)::int as owners from public.profiles"));
              }
              return tx.query(text, params);
            },
          })
        ),
      close: () => Promise.resolve(),
    },
    statementTimeoutMs: 4321,
    maxConcurrency: 1,
    acquireTimeoutMs: 5000,
  });
  await p.withUser(user(U2), async (d) => {
    await d.profile();
    return null;
  });
  // a write in the same session is refused (read only), and rolls the request back
  const writer = createDirectDataProvider({
    engine: {
      transaction: (fn) =>
        single.transaction((tx) =>
          fn({
            async query(text, params) {
              if (text.includes("public.me_")) {
                writeError = await tx.query("create temporary table pfa_probe (a int)").then(() => ({}), (e) => e);
              }
              return tx.query(text, params);
            },
          })
        ),
      close: () => Promise.resolve(),
    },
    statementTimeoutMs: 4321,
    maxConcurrency: 1,
    acquireTimeoutMs: 5000,
  });
  await assert.rejects(writer.withUser(user(U2), (d) => d.profile()));
  assert.equal(writeError?.code, "25006"); // read_only_sql_transaction
  // the set-up is one statement after begin
  assert.equal(setup.length, 1);
  assert.equal(seen.length, 2);
  assert.equal(seen[0]!.user, "authenticated");
  assert.equal(seen[0]!.role, "authenticated");
  assert.equal(JSON.parse(seen[0]!.claims as string).sub, U2);
  assert.equal(seen[0]!.ro, "on");
  assert.equal(seen[0]!.timeout, "4321ms");
  assert.equal(seen[0]!.tz, "UTC");
  assert.equal(seen[1]!.owners, 1);
  // After the transaction the same session is back to its own role, read-write, with no claims and its own timeout.
  const after = await single.transaction((tx) => tx.query(sessionSql));
  assert.equal(after[0]!.pid, seen[0]!.pid, "the same connection");
  assert.deepEqual(after, before);
  assert.notEqual(after[0]!.user, "authenticated");
  assert.equal(after[0]!.role, "none");
  assert.equal(after[0]!.claims, "");
  assert.equal(after[0]!.ro, "off");
  assert.notEqual(after[0]!.timeout, "4321ms");
  if (onPostgres) await single.close();
});

Deno.test("direct driver: an error thrown by the caller propagates unchanged and the next request works", async () => {
  class Boom extends Error {}
  await assert.rejects(
    as(U1, async (d) => {
      await d.profile();
      throw new Boom("from the operation");
    }),
    Boom,
  );
  assert.equal((await as(U1, (d) => d.profile()))?.default_currency, "EUR");
});

Deno.test("direct driver: AccountData cannot be used after its request ended", async () => {
  let leaked: AccountData | undefined;
  await as(U1, (d) => {
    leaked = d;
    return Promise.resolve();
  });
  await assert.rejects(leaked!.profile(), /after its request ended/);
});

Deno.test("direct driver: a statement timeout becomes DatabaseUnavailableError, and the next request works", async () => {
  const slow = createDirectDataProvider({
    engine: observing(async (tx) => {
      await tx.query("select pg_sleep(0.6)");
    }),
    statementTimeoutMs: 100,
    maxConcurrency,
    acquireTimeoutMs: 5000,
  });
  const e = await slow.withUser(user(U1), (d) => d.profile()).then(() => assert.fail("answered"), (e) => e);
  assert.ok(e instanceof DatabaseUnavailableError, `got ${e}`);
  assert.match(e.message, /statement timeout/);
  assert.equal((await as(U1, (d) => d.profile()))?.default_currency, "EUR");
});

Deno.test("direct driver: no free connection within the acquire timeout becomes DatabaseUnavailableError", async () => {
  const p = createDirectDataProvider({ engine, statementTimeoutMs: 5000, maxConcurrency: 1, acquireTimeoutMs: 50 });
  let releaseFirst!: () => void;
  const holding = new Promise<void>((r) => releaseFirst = r);
  let started!: () => void;
  const inside = new Promise<void>((r) => started = r);
  const first = p.withUser(user(U1), async (d) => {
    await d.profile();
    started();
    await holding;
    return "first";
  });
  await inside;
  await assert.rejects(p.withUser(user(U2), (d) => d.profile()), DatabaseUnavailableError);
  releaseFirst();
  assert.equal(await first, "first");
  assert.equal((await p.withUser(user(U2), (d) => d.profile()))?.default_currency, "USD");
});

Deno.test("direct driver: a refused connection becomes DatabaseUnavailableError", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const port = (listener.addr as Deno.NetAddr).port;
  listener.close();
  const closedPort = postgresEngine(`postgres://postgres@127.0.0.1:${port}/postgres`, {
    max: 1,
    connectTimeoutSeconds: 2,
    idleTimeoutSeconds: 1,
  });
  const p = createDirectDataProvider({
    engine: closedPort,
    statementTimeoutMs: 5000,
    maxConcurrency: 1,
    acquireTimeoutMs: 1000,
    ownsEngine: true,
  });
  try {
    await assert.rejects(p.withUser(user(U1), (d) => d.profile()), DatabaseUnavailableError);
  } finally {
    await p.close!();
  }
});

Deno.test("direct driver: a closed database becomes DatabaseUnavailableError; cleanup", async () => {
  await engine.close(); // the postgres.js pool after end(), or the PGlite client
  const p = createDirectDataProvider({ engine, statementTimeoutMs: 5000, maxConcurrency: 1, acquireTimeoutMs: 1000 });
  await assert.rejects(p.withUser(user(U1), (d) => d.profile()), DatabaseUnavailableError);
  await db.drop();
});
