/**
 * Parity of the dashboard view budget_rollover_monthly with the TypeScript core (packages/core budgetSummary +
 * budgetRollover), read as each user through row-level security, on the demo data and on randomized scale data:
 * every month from the first budget or transaction to 25 months after the last, both policies.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type BudgetMonth,
  budgetRollover,
  budgetSummary,
  type LedgerEntry,
  resolveKind,
  type RolloverCategory,
} from "../../packages/core/src/mod.ts";
import { DEMO_USERS } from "../../scripts/db/demo-data.ts";
import { seedScale } from "../../scripts/db/seed-scale.ts";
import type { TestDatabase } from "../../scripts/db/test-database.ts";
import { actingAs, migratedDatabase, safeNumber } from "./helpers.ts";

let db: TestDatabase;
beforeAll(async () => {
  db = await migratedDatabase();
});
afterAll(async () => {
  await db?.close();
});

const n = safeNumber;
const monthName = (index: number) => {
  const y = Math.floor(index / 12);
  return `${String(y).padStart(4, "0")}-${String(index - y * 12 + 1).padStart(2, "0")}-01`;
};
const indexOf = (date: string) => Number(date.slice(0, 4)) * 12 + Number(date.slice(5, 7)) - 1;

type Row = [budgeted: number, spent: number, carryover: number, available: number];

async function checkUser(user: string, label: string): Promise<number> {
  let checks = 0;
  const currencies = (await db.client.query<{ currency: string }>(
    `select currency from public.statement_transactions where user_id = $1
     union select currency from public.budgets where user_id = $1 order by 1`,
    [user],
  )).map((r) => r.currency);
  for (const currency of currencies) {
    const entries: LedgerEntry[] = (await db.client.query<
      { date: string; amount_minor: bigint; kind: LedgerEntry["kind"] | null; category: string | null }
    >(
      "select date, amount_minor, kind, category from public.statement_transactions where user_id = $1 and currency = $2",
      [user, currency],
    )).map((r) => ({
      date: r.date,
      amount: n(r.amount_minor),
      kind: resolveKind(r.kind ?? undefined, n(r.amount_minor)),
      category: r.category,
      count: 1,
    }));
    const budgetRows = await db.client.query<{ month: string; category: string; amount_minor: bigint }>(
      "select month, category, amount_minor from public.budgets where user_id = $1 and currency = $2",
      [user, currency],
    );
    const history = new Map<string, BudgetMonth & { budgets: { category: string; amount: number }[] }>();
    for (const b of budgetRows) {
      let h = history.get(b.month);
      if (h === undefined) {
        history.set(b.month, h = { year: indexOf(b.month) / 12 | 0, month: (indexOf(b.month) % 12) + 1, budgets: [] });
      }
      h.budgets.push({ category: b.category, amount: n(b.amount_minor) });
    }
    const view = await actingAs(
      db.client,
      { role: "authenticated", sub: user },
      (tx) =>
        tx.query<Record<string, unknown>>("select * from public.budget_rollover_monthly where currency = $1", [
          currency,
        ]),
    );
    const indexes = [...entries.map((e) => indexOf(e.date!)), ...budgetRows.map((b) => indexOf(b.month))];
    const first = Math.min(...indexes);
    const last = Math.max(...indexes) + 25;
    expect(view.every((r) => indexOf(String(r.month)) <= last), `${label}: no view row after the checked months`)
      .toBe(true);
    for (let index = first; index <= last; index++) {
      const month = monthName(index);
      const year = index / 12 | 0;
      const m = (index % 12) + 1;
      const summary = budgetSummary(entries, history.get(month)?.budgets ?? [], year, m);
      const rows = view.filter((r) => r.month === month);
      for (const policy of ["positive", "full"] as const) {
        const core = budgetRollover(summary, entries, [...history.values()], policy).categories;
        const asRow = (c: RolloverCategory): Row => [c.budgeted, c.spent, c.carryover_in, c.available];
        const fromView = new Map(rows.map((r) => [r.category as string | null, [
          n(r.budgeted_minor),
          n(r.spent_minor),
          n(r[`carryover_${policy}_minor`]),
          n(r[`available_${policy}_minor`]),
        ] as Row]));
        const expected = new Map(core.map((c) => [c.category, asRow(c)]));
        // The view lists a row when either policy carries; the other policy's core summary lists it only when it
        // has a budget, spending or a carryover of its own, else the view shows it with zero carryover.
        for (const [category, row] of fromView) {
          if (!expected.has(category)) expected.set(category, [0, 0, 0, 0]);
          expect(row, `${label}: budget_rollover_monthly ${currency} ${month} ${category} (${policy})`).toEqual(
            expected.get(category),
          );
        }
        expect([...expected.keys()].filter((c) => !fromView.has(c)), `${label}: ${currency} ${month} rows (${policy})`)
          .toEqual([]);
        checks++;
      }
    }
  }
  return checks;
}

describe("budget_rollover_monthly equals the core's rollover", () => {
  it("on the demo data", async () => {
    for (const [name, user] of Object.entries(DEMO_USERS)) {
      const checks = await checkUser(user.id, name);
      expect(checks, `Parity should have compared many months for ${name}`).toBeGreaterThan(50);
      const [counts] = await actingAs(
        db.client,
        { role: "authenticated", sub: user.id },
        (tx) =>
          tx.query<{ positive: bigint; negative: bigint }>(
            `select count(*) filter (where carryover_positive_minor > 0) as positive,
                  count(*) filter (where carryover_full_minor < 0) as negative
           from public.budget_rollover_monthly`,
          ),
      );
      expect(Number(counts!.positive), `${name}'s view rows should carry leftovers`).toBeGreaterThan(0);
      if (name === "alice") {
        expect(Number(counts!.negative), "alice's Gifts rows should carry overspending under full").toBeGreaterThan(0);
      }
    }
  });

  it("on randomized data", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seedNumber) => {
        const seed = `rollover-parity-${seedNumber}`;
        const { userIds } = await seedScale(db.client, { users: 2, transactionsPerUser: 240, seed });
        for (const [i, user] of userIds.entries()) await checkUser(user, `random seed ${seed} user ${i}`);
        await db.client.query("delete from auth.users where id = any($1::uuid[])", [`{${userIds.join(",")}}`]);
      }),
      { numRuns: 3 },
    );
  });
});
