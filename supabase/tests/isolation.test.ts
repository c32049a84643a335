/**
 * Row-level security, acting as several users: on every table, view and read function, a user sees exactly their
 * own rows, a stranger sees none, anon is refused, and nobody but a trusted role (service_role) can write.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_USERS } from "../../scripts/db/demo-data.ts";
import type { TestDatabase } from "../../scripts/db/test-database.ts";
import { actingAs, addStranger, failureOf, migratedDatabase, rolledBack, STRANGER_ID } from "./helpers.ts";

const ALICE = DEMO_USERS.alice.id;
const BOB = DEMO_USERS.bob.id;
const TABLES = [
  "profiles",
  "statement_imports",
  "statement_transactions",
  "budgets",
  "goals",
  "goal_contributions",
  "ledger_monthly_totals",
  "statement_daily_totals",
  "recurring_daily_totals",
  "account_daily_totals",
  "categorization_rules",
  "ledger_daily_totals",
] as const;
/** Reference data, the same for every user (no user_id): every signed-in user reads it whole; nobody writes. */
const REFERENCE_TABLES = ["exchange_rates"] as const;
const REFERENCE_FUNCTION_CALLS = {
  me_exchange_rates: "select * from public.me_exchange_rates(array['USD', 'CHF'], '2025-01-01', '2026-11-30')",
} as const;
const VIEWS = [
  "monthly_cashflow",
  "monthly_category_spending",
  "budget_vs_actual",
  "goal_progress",
  "budget_rollover_monthly",
  "statement_reconciliation",
  "account_balances",
  "categorization_coverage",
] as const;
const FUNCTION_CALLS = {
  me_profile: "select * from public.me_profile()",
  me_ledger_totals: "select * from public.me_ledger_totals('2026-01-01', '2026-06-30')",
  me_budgets: "select * from public.me_budgets('2026-10-01')",
  me_budget_months: "select * from public.me_budget_months('USD', '2024-01-01', '2026-11-01')",
  me_monthly_spending: "select * from public.me_monthly_spending('USD', '2024-01-01', '2026-11-01')",
  me_recurring_occurrences: "select * from public.me_recurring_occurrences('USD', '2024-01-01', '2026-11-30')",
  me_recurring_members: `select * from public.me_recurring_members('USD', '2024-01-01', '2026-11-30',
    (select jsonb_agg(jsonb_build_object('key', o.key, 'direction', o.direction))
     from public.me_recurring_occurrences('USD', '2024-01-01', '2026-11-30') as o))`,
  me_goals: "select * from public.me_goals('2026-11-30')",
  me_statement_imports: "select * from public.me_statement_imports(1000, null, null)",
  me_statement_transactions:
    "select * from public.me_statement_transactions(1000, null, null, null, null, null, null, null)",
  me_statement_balances: "select * from public.me_statement_balances(null, array['2026-06-30']::date[])",
  me_categorization_rules: "select * from public.me_categorization_rules()",
  me_categorization_suggestion_inputs:
    "select * from public.me_categorization_suggestion_inputs(current_date - 365, current_date)",
  me_ledger_daily_totals:
    "select * from public.me_ledger_daily_totals('2024-01-01', '2026-11-30', array['EUR', 'USD', 'CHF'])",
  me_ledger_conversion: "select * from public.me_ledger_conversion('2024-01-01', '2026-11-30', 'EUR', '2023-12-25')",
} as const;
const PERMISSION_DENIED = "42501";

let db: TestDatabase;

beforeAll(async () => {
  db = await migratedDatabase();
  await addStranger(db.client);
});
afterAll(async () => {
  await db?.close();
});

/** Row count per user of a relation, read as the owner (postgres), which row-level security does not restrict. */
async function ownerCounts(relation: string): Promise<Map<string, number>> {
  const rows = await db.client.query<{ user_id: string; n: bigint }>(
    `select user_id, count(*) as n from public.${relation} group by user_id`,
  );
  return new Map(rows.map((r) => [r.user_id, Number(r.n)]));
}

describe("the test covers every relation and read function in the public schema", () => {
  it("lists every table and view", async () => {
    const rows = await db.client.query<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind in ('r', 'v', 'm', 'p', 'f') order by 1`,
    );
    expect(rows.map((r) => r.relname), "Every public table and view should be covered by the isolation tests")
      .toEqual([...TABLES, ...VIEWS, ...REFERENCE_TABLES].sort());
  });

  it("lists every function", async () => {
    const rows = await db.client.query<{ proname: string }>(
      `select p.proname from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' order by 1`,
    );
    expect(rows.map((r) => r.proname), "Every public function should be covered by the isolation tests")
      .toEqual([...Object.keys(FUNCTION_CALLS), ...Object.keys(REFERENCE_FUNCTION_CALLS)].sort());
  });
});

describe.each(REFERENCE_TABLES)("reference data %s", (table) => {
  it("is read whole by every signed-in user, a stranger and a token without a subject included", async () => {
    const [{ n }] = await db.client.query<{ n: bigint }>(`select count(*) as n from public.${table}`) as [
      { n: bigint },
    ];
    expect(Number(n), `The demo data should give ${table} rows`).toBeGreaterThan(0);
    for (const actor of [ALICE, BOB, STRANGER_ID, undefined]) {
      const [seen] = await actingAs(
        db.client,
        { role: "authenticated", ...(actor ? { sub: actor } : {}) },
        (tx) => tx.query<{ n: bigint }>(`select count(*) as n from public.${table}`),
      );
      expect(Number(seen!.n), `Every signed-in user should read every ${table} row`).toBe(Number(n));
    }
  });

  it("refuses anon, and writes by authenticated users and anon", async () => {
    const read = await failureOf(() =>
      actingAs(db.client, { role: "anon" }, (tx) => tx.query(`select * from public.${table}`))
    );
    expect(read, `anon should not be allowed to read ${table}`).toBe(PERMISSION_DENIED);
    const writes = [
      `insert into public.${table} (source, base, quote, date, rate) values ('x', 'EUR', 'SEK', '2026-01-05', 11)`,
      `update public.${table} set rate = rate`,
      `delete from public.${table}`,
      `truncate public.${table}`,
    ];
    for (const sql of writes) {
      for (const actor of [{ role: "authenticated", sub: ALICE }, { role: "anon" }] as const) {
        const state = await failureOf(() => actingAs(db.client, actor, (tx) => tx.query(sql)));
        expect(state, `${actor.role} should not be allowed to run: ${sql}`).toBe(PERMISSION_DENIED);
      }
    }
  });

  it("lets service_role (the rates loader) write", async () => {
    const rows = await actingAs(db.client, { role: "service_role" }, (tx) =>
      tx.query(
        `insert into public.${table} (source, base, quote, date, rate) values ('x', 'SEK', 'NOK', '2026-01-05', 1)
         returning 1`,
      ));
    expect(rows).toHaveLength(1);
  });
});

describe.each(Object.entries(REFERENCE_FUNCTION_CALLS))("calling %s", (_name, call) => {
  it("returns the same rows to every signed-in user and refuses anon and service_role", async () => {
    const asAlice = await actingAs(db.client, { role: "authenticated", sub: ALICE }, (tx) => tx.query(call));
    const asStranger = await actingAs(db.client, { role: "authenticated", sub: STRANGER_ID }, (tx) => tx.query(call));
    expect(asAlice.length, "The demo rates should be returned").toBeGreaterThan(0);
    expect(asStranger, "Reference data is the same for every user").toEqual(asAlice);
    for (const role of ["anon", "service_role"] as const) {
      const state = await failureOf(() => actingAs(db.client, { role }, (tx) => tx.query(call)));
      expect(state, `${role} should not be allowed to execute it`).toBe(PERMISSION_DENIED);
    }
  });
});

describe.each([...TABLES, ...VIEWS])("reading %s", (relation) => {
  it("shows each user exactly their own rows", async () => {
    const counts = await ownerCounts(relation);
    for (const user of [ALICE, BOB]) {
      expect(counts.get(user) ?? 0, `The demo data should give ${relation} rows for ${user}`).toBeGreaterThan(0);
      const seen = await actingAs(
        db.client,
        { role: "authenticated", sub: user },
        (tx) =>
          tx.query<{ mine: bigint; others: bigint }>(
            `select count(*) filter (where user_id = $1) as mine, count(*) filter (where user_id <> $1) as others
           from public.${relation}`,
            [user],
          ),
      );
      expect(Number(seen[0]!.mine), `A user should see all of their own ${relation} rows`).toBe(counts.get(user));
      expect(Number(seen[0]!.others), `A user should not see other users' ${relation} rows`).toBe(0);
    }
  });

  it("shows a stranger and a token without a subject nothing", async () => {
    for (const actor of [{ role: "authenticated", sub: STRANGER_ID }, { role: "authenticated" }] as const) {
      const rows = await actingAs(db.client, actor, (tx) => tx.query(`select * from public.${relation}`));
      expect(rows, `A user without data should see no ${relation} rows`).toEqual([]);
    }
  });

  it("refuses anon", async () => {
    const state = await failureOf(() =>
      actingAs(db.client, { role: "anon" }, (tx) => tx.query(`select * from public.${relation}`))
    );
    expect(state, `anon should not be allowed to read ${relation}`).toBe(PERMISSION_DENIED);
  });
});

describe.each(Object.entries(FUNCTION_CALLS))("calling %s", (name, call) => {
  it("returns only the caller's rows, and nothing to a stranger", async () => {
    const asAlice = await actingAs(db.client, { role: "authenticated", sub: ALICE }, (tx) => tx.query(call));
    const asBob = await actingAs(db.client, { role: "authenticated", sub: BOB }, (tx) => tx.query(call));
    const asStranger = await actingAs(db.client, { role: "authenticated", sub: STRANGER_ID }, (tx) => tx.query(call));
    expect(asAlice.length, `${name} should return rows for a user with data`).toBeGreaterThan(0);
    expect(asBob.length, `${name} should return rows for another user with data`).toBeGreaterThan(0);
    expect(asAlice, `${name} should not return the same rows to two different users`).not.toEqual(asBob);
    expect(asStranger, `${name} should return nothing to a user without data`).toEqual([]);
  });

  it("refuses anon and is not granted to service_role", async () => {
    for (const role of ["anon", "service_role"] as const) {
      const state = await failureOf(() => actingAs(db.client, { role }, (tx) => tx.query(call)));
      expect(state, `${role} should not be allowed to execute ${name}`).toBe(PERMISSION_DENIED);
    }
  });
});

describe("the read functions return the caller's own data", () => {
  it("me_statement_imports and me_statement_transactions return exactly the caller's rows", async () => {
    for (const user of [ALICE, BOB]) {
      const imports = await actingAs(
        db.client,
        { role: "authenticated", sub: user },
        (tx) => tx.query<{ id: string }>(FUNCTION_CALLS.me_statement_imports),
      );
      const own = await db.client.query<{ id: string }>(
        "select id from public.statement_imports where user_id = $1 order by imported_at desc, id desc",
        [user],
      );
      expect(imports.map((r) => r.id), "A user should get all and only their own imports").toEqual(
        own.map((r) => r.id),
      );
      const txs = await actingAs(
        db.client,
        { role: "authenticated", sub: user },
        (tx) => tx.query<{ id: string }>(FUNCTION_CALLS.me_statement_transactions),
      );
      const ownTx = await db.client.query<{ n: bigint }>(
        "select count(*) as n from public.statement_transactions where user_id = $1 and id = any($2::uuid[])",
        [user, `{${txs.map((r) => r.id).join(",")}}`],
      );
      expect(Number(ownTx[0]!.n), "Every transaction returned should belong to the caller").toBe(txs.length);
    }
  });

  it("me_ledger_totals counts every one of the caller's transactions once", async () => {
    const [{ n }] = await db.client.query<{ n: bigint }>(
      "select count(*) as n from public.statement_transactions where user_id = $1",
      [ALICE],
    ) as [{ n: bigint }];
    const rows = await actingAs(
      db.client,
      { role: "authenticated", sub: ALICE },
      (tx) => tx.query<{ transaction_count: bigint }>(FUNCTION_CALLS.me_ledger_totals),
    );
    const total = rows.reduce((sum, r) => sum + Number(r.transaction_count), 0);
    expect(total, "The ledger totals should cover all of the caller's transactions and no one else's").toBe(Number(n));
  });
});

describe.each(TABLES)("writing %s", (table) => {
  const statements = {
    insert: `insert into public.${table} (user_id) values ('${ALICE}')`,
    update: `update public.${table} set user_id = user_id`,
    delete: `delete from public.${table}`,
    truncate: `truncate public.${table} cascade`,
  };
  it.each(Object.entries(statements))("refuses %s by authenticated users and anon", async (verb, sql) => {
    for (const actor of [{ role: "authenticated", sub: ALICE }, { role: "anon" }] as const) {
      const state = await failureOf(() => actingAs(db.client, actor, (tx) => tx.query(sql)));
      expect(state, `${actor.role} should not be allowed to ${verb} ${table}`).toBe(PERMISSION_DENIED);
    }
  });

  it("lets service_role (the trusted pipelines) change rows", async () => {
    const changed = await actingAs(db.client, { role: "service_role" }, async (tx) => {
      const rows = await tx.query(`update public.${table} set user_id = user_id where user_id = $1 returning 1`, [
        ALICE,
      ]);
      return rows.length;
    });
    expect(changed, `service_role should be able to update ${table}`).toBeGreaterThan(0);
  });
});

describe("auth.users", () => {
  it("cannot be read by authenticated users or anon", async () => {
    for (const actor of [{ role: "authenticated", sub: ALICE }, { role: "anon" }] as const) {
      const state = await failureOf(() => actingAs(db.client, actor, (tx) => tx.query("select * from auth.users")));
      expect(state, `${actor.role} should not be allowed to read auth.users`).toBe(PERMISSION_DENIED);
    }
  });

  it("deleting a user deletes all of their rows", async () => {
    const remaining = await rolledBack(db.client, async (tx) => {
      await tx.query("delete from auth.users where id = $1", [BOB]);
      const counts: number[] = [];
      for (const table of TABLES) {
        const [row] = await tx.query<{ n: bigint }>(`select count(*) as n from public.${table} where user_id = $1`, [
          BOB,
        ]);
        counts.push(Number(row!.n));
      }
      return counts;
    });
    expect(remaining, "No row of a deleted user should remain in any table").toEqual(TABLES.map(() => 0));
  });
});
