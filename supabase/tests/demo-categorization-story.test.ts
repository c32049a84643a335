/**
 * The demo's categorization story (scripts/db/demo-rules.ts; issue 25), on the seeded database as `npm start` loads
 * it: the demo users have stored rules (GET /v1/me/categorization/rules lists them), the demo import applied them to
 * the statement files that carry no categories (OFX, CAMT.053, MT940), the CSV and QIF files' own categories are
 * kept, and the uncategorized card purchases get learned suggestions. Read through the direct driver, as each user.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storedRuleId } from "../../packages/core/src/categorization/stored-rule-id.ts";
import type { AccountData } from "../../packages/core/src/contracts/account-data.ts";
import { createOperations } from "../../packages/core/src/operations/index.ts";
import { get } from "../../packages/core/src/testing/run.ts";
import { DEMO_USERS } from "../../scripts/db/demo-data.ts";
import type { TestDatabase } from "../../scripts/db/test-database.ts";
import { createAccountData } from "../functions/v1/data/account-data.ts";
import { readFunctionSql } from "../functions/v1/data/direct/read-function-sql.ts";
import type { Row } from "../functions/v1/data/values.ts";
import { actingAs, migratedDatabase } from "./helpers.ts";

const { byName } = createOperations();
const ALICE = DEMO_USERS.alice.id;
const BOB = DEMO_USERS.bob.id;

let db: TestDatabase;
beforeAll(async () => {
  db = await migratedDatabase();
});
afterAll(async () => {
  await db?.close();
});

function as<T>(userId: string, fn: (data: AccountData) => Promise<T>): Promise<T> {
  return actingAs(
    db.client,
    { role: "authenticated", sub: userId },
    (tx) =>
      fn(createAccountData(async (name, args) => {
        const { text, params } = readFunctionSql(name, args);
        return (await tx.query<{ row: Row }>(text, params)).map((r) => r.row);
      })),
  );
}

describe("the demo's categorization rules", () => {
  it("are listed by GET /v1/me/categorization/rules in position order, with their stored ids", async () => {
    const alice = await as(ALICE, (data) => get(byName.list_categorization_rules, {}, { data, subject: ALICE }));
    expect(alice.data.map((r) => [r.id, r.name, r.enabled])).toEqual([
      [storedRuleId(ALICE, "rent"), "Rent", true],
      [storedRuleId(ALICE, "salary"), "Salary from Acme", true],
      [storedRuleId(ALICE, "groceries"), "Supermarkets", true],
      [storedRuleId(ALICE, "savings-account"), "Transfers with the savings account", true],
      [storedRuleId(ALICE, "travel-card-top-up"), "Travel card top-ups", true],
      [storedRuleId(ALICE, "hotels"), "Hotels", true],
      [storedRuleId(ALICE, "old-gym"), "Old gym (cancelled)", false],
    ]);
    const bob = await as(BOB, (data) => get(byName.list_categorization_rules, {}, { data, subject: BOB }));
    expect(bob.data.map((r) => r.name)).toEqual([
      "Rent",
      "Payroll from Globex",
      "Groceries",
      "Credit card payments",
      "Transfers with the brokerage account",
      "Dividends",
      "Restaurants",
    ]);
  });

  it("categorized the lines of the bank formats without categories at import, and kept the files' own", async () => {
    const rows = await db.client.query<
      { account: string; category: string | null; source: string | null; rule: string | null; n: number }
    >(
      `select i.account_name as account, t.category, t.category_source as source, t.category_rule_id::text as rule,
              count(*)::int as n
       from public.statement_transactions t join public.statement_imports i on i.id = t.statement_import_id
       where t.user_id = any ($1::text::uuid[])
         and (i.account_name in ('Tagesgeld', 'Brokerage Cash') or t.description in ('Payment - thank you', 'Hotel'))
       group by 1, 2, 3, 4 order by 1, 2`,
      [`{${ALICE},${BOB}}`],
    );
    expect(rows.map((r) => [r.account, r.category, r.source, r.rule])).toEqual([
      // Bob's brokerage cash (MT940): the transfers by the brokerage rule; dividends by the dividends rule.
      ["Brokerage Cash", "Dividends", "rule", storedRuleId(BOB, "dividends")],
      ["Brokerage Cash", "Investments", "rule", storedRuleId(BOB, "brokerage")],
      // Bob's EUR travel card (CSV): its hotel lines say Travel in the file.
      ["Euro Travel Card", "Travel", "file", null],
      // Alice's CHF account (CAMT.053): the ski trip's hotel has no rule yet (left to categorize).
      ["Sparkonto CHF", null, null, null],
      // Alice's savings account (CAMT.053): every line a transfer with the savings account.
      ["Tagesgeld", "Savings", "rule", storedRuleId(ALICE, "savings-account")],
      // Alice's travel card (OFX) hotels.
      ["USD Travel Card", "Travel", "rule", storedRuleId(ALICE, "hotels")],
      // Bob's Visa card (OFX) payments from checking.
      ["Visa Signature", "Transfers", "rule", storedRuleId(BOB, "card-payment")],
    ]);
    // The CSV current account's own categories were kept: its supermarket lines say Groceries from the file.
    const [giro] = await db.client.query<{ sources: string[] }>(
      `select array_agg(distinct coalesce(t.category_source, 'none') order by coalesce(t.category_source, 'none')) as sources
       from public.statement_transactions t join public.statement_imports i on i.id = t.statement_import_id
       where t.user_id = $1 and i.account_name = 'Girokonto' and t.counterparty in ('REWE', 'Lidl', 'Edeka', 'Aldi')`,
      [ALICE],
    );
    expect(giro!.sources).toEqual(["file"]);
  });

  it("leaves card purchases for the learned suggestions (GET /v1/me/categorization/suggestions)", async () => {
    const report = await as(BOB, (data) => get(byName.get_categorization_suggestions, {}, { data, subject: BOB }));
    const found = report.suggestions.map((s) => [s.key, s.direction, s.category]);
    expect(found).toContainEqual(["shake shack", "outflow", "Dining"]);
    expect(found).toContainEqual(["amazon", "outflow", "Shopping"]);
    expect(found.some(([key]) => key === "blue ribbon"), "a rule already categorizes Blue Ribbon").toBe(false);
  });

  it("shows rule-categorized rows in the coverage view", async () => {
    const rows = await actingAs(
      db.client,
      { role: "authenticated", sub: BOB },
      (tx) =>
        tx.query<{ by_rule: number; users: number }>(
          `select sum(by_rule_count)::int as by_rule, count(distinct user_id)::int as users
         from public.categorization_coverage`,
        ),
    );
    expect(rows[0]!.users).toBe(1);
    expect(rows[0]!.by_rule).toBeGreaterThan(0);
  });
});
