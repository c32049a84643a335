/**
 * Parity: each dashboard view, and the aggregated rows of me_ledger_totals, give the same numbers as the
 * TypeScript core services (packages/core), on the demo data and on randomized data (fast-check picks the seeds of
 * the scale generator: refunds, reversals, transfers, lines without kind or category, four currencies).
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validateRules } from "../../packages/core/src/categorization/validate-rules.ts";
import { reapplyRules } from "../../scripts/categorize/reapply-rules.ts";
import { replaceRules } from "../../scripts/rules/store-rules.ts";
import {
  budgetSummary,
  cashflow,
  goalProgress,
  type LedgerEntry,
  resolveKind,
  spendingByCategory,
  summarizeContributions,
} from "../../packages/core/src/mod.ts";
import type { LedgerTotalRow } from "../../packages/core/src/contracts/account-data.ts";
import { ledgerEntries } from "../../packages/core/src/operations/ledger-entries.ts";
import { DEMO_USERS } from "../../scripts/db/demo-data.ts";
import { seedScale } from "../../scripts/db/seed-scale.ts";
import type { SqlClient } from "../../scripts/db/sql-client.ts";
import type { TestDatabase } from "../../scripts/db/test-database.ts";
import { actingAs, migratedDatabase } from "./helpers.ts";

type Kind = LedgerEntry["kind"];
let db: TestDatabase;

beforeAll(async () => {
  db = await migratedDatabase();
});
afterAll(async () => {
  await db?.close();
});

const n = (v: unknown): number => {
  const x = Number(v);
  if (!Number.isSafeInteger(x)) throw new RangeError(`not a safe integer: ${String(v)}`);
  return x;
};
const pct = (v: unknown): number | null => (v === null ? null : Number(v));
const monthEndOf = (month: string): string => {
  const [y, m] = month.split("-").map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
};

/** The user's raw transactions of one currency, as core ledger entries (count 1 each), read as the owner. */
async function rawEntries(user: string, currency: string): Promise<LedgerEntry[]> {
  const rows = await db.client.query<
    { date: string; amount_minor: bigint; kind: Kind | null; category: string | null }
  >(
    "select date, amount_minor, kind, category from public.statement_transactions where user_id = $1 and currency = $2",
    [user, currency],
  );
  return rows.map((r) => ({
    date: r.date,
    amount: n(r.amount_minor),
    kind: resolveKind(r.kind ?? undefined, n(r.amount_minor)),
    category: r.category,
    count: 1,
  }));
}

function asUser<T>(user: string, fn: (tx: SqlClient) => Promise<T>): Promise<T> {
  return actingAs(db.client, { role: "authenticated", sub: user }, fn);
}

/** Compares every view with the core for `user`. */
async function checkUser(user: string, label: string): Promise<number> {
  let checks = 0;
  const currencies = (await db.client.query<{ currency: string }>(
    "select distinct currency from public.statement_transactions where user_id = $1 order by 1",
    [user],
  )).map((r) => r.currency);
  expect(currencies.length, `${label} should have transactions`).toBeGreaterThan(0);

  for (const currency of currencies) {
    const entries = await rawEntries(user, currency);
    const years = [...new Set(entries.map((e) => Number(e.date!.slice(0, 4))))];

    // monthly_cashflow = cashflow(), month by month.
    const flows = await asUser(user, (tx) =>
      tx.query<Record<string, unknown>>(
        "select * from public.monthly_cashflow where currency = $1 order by month",
        [currency],
      ));
    for (const year of years) {
      const core = cashflow(entries.filter((e) => e.date!.startsWith(`${year}-`)), year);
      const inYear = flows.filter((r) => String(r.month).startsWith(`${year}-`));
      for (const m of core.months) {
        const row = inYear.find((r) => Number(String(r.month).slice(5, 7)) === m.month);
        expect(
          row ? [n(row.income_minor), n(row.expenses_minor), n(row.net_minor), n(row.transaction_count)] : [0, 0, 0, 0],
          `${label}: monthly_cashflow ${currency} ${year}-${m.month} should equal the core's cashflow`,
        ).toEqual([m.income, m.expenses, m.net, m.transaction_count]);
        checks++;
      }
      expect(
        inYear.reduce((s, r) => s + n(r.transfer_count), 0),
        `${label}: monthly_cashflow transfer counts of ${currency} ${year} should equal the core's excluded transfers`,
      ).toBe(core.excluded.transfer_count);
    }

    // monthly_category_spending = spendingByCategory() over each month.
    const spending = await asUser(user, (tx) =>
      tx.query<Record<string, unknown>>(
        "select * from public.monthly_category_spending where currency = $1",
        [currency],
      ));
    const months = [...new Set(entries.map((e) => `${e.date!.slice(0, 7)}-01`))];
    for (const month of months) {
      const core = spendingByCategory(entries, month, monthEndOf(month));
      const rows = spending.filter((r) => r.month === month);
      const view = new Map(rows.map((r) => [r.category as string | null, [n(r.spent_minor), n(r.transaction_count)]]));
      expect(
        view,
        `${label}: monthly_category_spending ${currency} ${month} should equal the core's spending by category`,
      ).toEqual(new Map(core.categories.map((c) => [c.category, [c.total, c.transaction_count]])));
      checks++;
    }

    // budget_vs_actual = budgetSummary() categories.
    const bva = await asUser(
      user,
      (tx) =>
        tx.query<Record<string, unknown>>("select * from public.budget_vs_actual where currency = $1", [currency]),
    );
    const budgets = await db.client.query<{ month: string; category: string; amount_minor: bigint }>(
      "select month, category, amount_minor from public.budgets where user_id = $1 and currency = $2",
      [user, currency],
    );
    const budgetMonths = [...new Set([...months, ...budgets.map((b) => b.month)])];
    for (const month of budgetMonths) {
      const [y, m] = month.split("-").map(Number) as [number, number];
      const core = budgetSummary(
        entries,
        budgets.filter((b) => b.month === month).map((b) => ({ category: b.category, amount: n(b.amount_minor) })),
        y,
        m,
      );
      const view = bva.filter((r) => r.month === month).map((r) => ({
        category: r.category as string | null,
        budgeted: n(r.budgeted_minor),
        spent: n(r.spent_minor),
        remaining: n(r.remaining_minor),
        percent_used: pct(r.percent_used),
        status: r.status,
      }));
      const byCategory = (a: { category: string | null }, b: { category: string | null }) =>
        String(a.category).localeCompare(String(b.category));
      expect(view.sort(byCategory), `${label}: budget_vs_actual ${currency} ${month} should equal the core's summary`)
        .toEqual([...core.categories].sort(byCategory));
      checks++;
    }

    // me_ledger_totals rows, turned into entries the way the account operations do (packages/core
    // ledgerEntries), run through the core give the same reports as the raw transactions; also for a period that
    // starts and ends mid-month.
    for (const year of years) {
      for (const [from, to] of [[`${year}-01-01`, `${year}-12-31`], [`${year}-03-15`, `${year}-10-10`]] as const) {
        const totals = await asUser(
          user,
          (tx) => tx.query<Record<string, unknown>>("select * from public.me_ledger_totals($1, $2)", [from, to]),
        );
        const rows: LedgerTotalRow[] = totals.map((r) => ({
          currency: r.currency as string,
          month: r.month as string | null,
          kind: r.kind as Kind,
          category: r.category as string | null,
          amount_minor: n(r.amount_minor),
          transaction_count: n(r.transaction_count),
        }));
        const { entries: aggregated } = ledgerEntries(rows, currency, from);
        const inPeriod = entries.map((e) => (e.date! >= from && e.date! <= to ? e : { ...e, date: null }));
        expect(
          cashflow(aggregated, year),
          `${label}: cashflow from me_ledger_totals (${currency} ${from}..${to}) should match the raw lines`,
        ).toEqual(cashflow(inPeriod, year));
        expect(
          spendingByCategory(aggregated, from, to),
          `${label}: spending from me_ledger_totals (${currency} ${from}..${to}) should match the raw lines`,
        ).toEqual(spendingByCategory(entries, from, to));
        checks++;
      }
    }
  }

  // goal_progress = goalProgress() on the same as_of.
  const goals = await asUser(user, (tx) => tx.query<Record<string, unknown>>("select * from public.goal_progress"));
  for (const g of goals) {
    const asOf = g.as_of as string;
    const contributions = (await db.client.query<{ date: string; amount_minor: bigint }>(
      "select date, amount_minor from public.goal_contributions where goal_id = $1",
      [g.goal_id],
    )).map((c) => ({ date: c.date, amount: n(c.amount_minor) }));
    const summary = summarizeContributions(contributions, asOf);
    const core = goalProgress(
      { ...summary, target: n(g.target_minor), target_date: g.target_date as string | null },
      asOf,
    );
    expect(
      [n(g.saved_minor), n(g.remaining_minor), pct(g.percent_complete), n(g.contribution_count)],
      `${label}: goal_progress of ${String(g.name)} should equal the core's goal progress`,
    ).toEqual([core.saved_amount, core.remaining_amount, core.percent_complete, summary.count]);
    expect(g.first_contribution_date, `${label}: goal_progress should report the first contribution date`)
      .toBe(summary.first_contribution_date);
    checks++;
  }
  return checks;
}

describe("views equal the core services", () => {
  it("on the demo data", async () => {
    for (const [name, user] of Object.entries(DEMO_USERS)) {
      const checks = await checkUser(user.id, name);
      expect(checks, `Parity should have compared many numbers for ${name}`).toBeGreaterThan(50);
    }
  });

  it("on re-categorized data (npm run categorize after editing the rules, with --overwrite)", async () => {
    // Rules that move many lines between categories and kinds: every row's category and kind may change, and the
    // rollups behind the views must follow (issue 25).
    const rules = validateRules([
      { id: "big-transfers", conditions: [{ field: "amount", op: "lt", value: "-500" }], set: { kind: "transfer" } },
      {
        id: "positive-expenses",
        conditions: [{ field: "amount", op: "gt", value: "0" }, { field: "text", op: "contains", value: "a" }],
        set: { kind: "expense", category: "Refunds" },
      },
      { id: "e-things", conditions: [{ field: "text", op: "contains", value: "e" }], set: { category: "E things" } },
    ]);
    if (!rules.ok) throw new Error(JSON.stringify(rules.errors));
    for (const [name, user] of Object.entries(DEMO_USERS)) {
      const summary = await db.client.transaction(async (tx) => {
        await replaceRules(tx, user.id, rules.rules);
        return await reapplyRules(tx, user.id, { from: null, to: null, dryRun: false, overwrite: true });
      });
      expect(summary.changed.category, `${name}: the new rules should re-categorize many rows`).toBeGreaterThan(50);
      expect(summary.changed.kind, `${name}: and change many kinds`).toBeGreaterThan(10);
      const checks = await checkUser(user.id, `${name} re-categorized`);
      expect(checks, `Parity should have compared many numbers for ${name}`).toBeGreaterThan(50);
    }
  });

  it("on randomized data", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seedNumber) => {
        const seed = `parity-${seedNumber}`;
        const { userIds } = await seedScale(db.client, { users: 2, transactionsPerUser: 240, seed });
        for (const [i, user] of userIds.entries()) await checkUser(user, `random seed ${seed} user ${i}`);
        await db.client.query("delete from auth.users where id = any($1::uuid[])", [`{${userIds.join(",")}}`]);
      }),
      { numRuns: 3 },
    );
  });
});
