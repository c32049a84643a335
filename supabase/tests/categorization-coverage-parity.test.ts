/**
 * The categorization_coverage view agrees with the API on the same data (issue 25): on the seeded demo database
 * (rules applied by the demo import), for each demo user, every (currency, month) row of the view equals the
 * aggregation of the user's transactions as GET /v1/me/statements/transactions lists them (by category_source), and
 * POST /v1/analytics/categorize (no rules) on those transactions counts the same categorized and uncategorized ones.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AccountData } from "../../packages/core/src/contracts/account-data.ts";
import { currencyScale } from "../../packages/core/src/money/currencies.ts";
import { parseMinor } from "../../packages/core/src/money/parse-minor.ts";
import { createOperations } from "../../packages/core/src/operations/index.ts";
import { get, post } from "../../packages/core/src/testing/run.ts";
import { DEMO_USERS } from "../../scripts/db/demo-data.ts";
import type { SqlClient } from "../../scripts/db/sql-client.ts";
import type { TestDatabase } from "../../scripts/db/test-database.ts";
import { createAccountData } from "../functions/v1/data/account-data.ts";
import { readFunctionSql } from "../functions/v1/data/direct/read-function-sql.ts";
import type { Row } from "../functions/v1/data/values.ts";
import { actingAs, migratedDatabase } from "./helpers.ts";

const { byName } = createOperations();

let db: TestDatabase;
beforeAll(async () => {
  db = await migratedDatabase();
});
afterAll(async () => {
  await db?.close();
});

function as<T>(
  userId: string,
  fn: (data: AccountData, tx: SqlClient) => Promise<T>,
) {
  return actingAs(db.client, { role: "authenticated", sub: userId }, (tx) =>
    fn(
      createAccountData(async (name, args) => {
        const { text, params } = readFunctionSql(name, args);
        return (await tx.query<{ row: Row }>(text, params)).map((r) => r.row);
      }),
      tx,
    ));
}

interface Coverage {
  currency: string;
  month: string;
  transaction_count: number;
  from_file_count: number;
  from_file_minor: number;
  by_rule_count: number;
  by_rule_minor: number;
  uncategorized_count: number;
  uncategorized_minor: number;
}

describe.each(Object.entries(DEMO_USERS))("categorization_coverage for %s", (_name, user) => {
  it("equals the listed transactions aggregated by source, and POST categorize's counts", async () => {
    const { view, listed } = await as(user.id, async (data, tx) => {
      const view = (await tx.query<Record<string, unknown>>(
        `select currency, month::text as month, transaction_count, from_file_count, from_file_minor, by_rule_count,
                by_rule_minor, uncategorized_count, uncategorized_minor
         from public.categorization_coverage order by currency, month`,
      )).map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "bigint" ? Number(v) : v])));
      const listed = [];
      let cursor: string | undefined;
      do {
        const page = await get(
          byName.list_statement_transactions,
          { limit: 200, ...(cursor ? { cursor } : {}) },
          { data, subject: user.id },
        );
        listed.push(...page.data);
        cursor = page.next_cursor ?? undefined;
      } while (cursor);
      return { view, listed };
    });
    const groups = new Map<string, Coverage & { transactions: typeof listed }>();
    for (const t of listed) {
      const month = `${t.date.slice(0, 7)}-01`;
      const key = `${t.currency} ${month}`;
      let g = groups.get(key);
      if (!g) {
        g = {
          currency: t.currency,
          month,
          transaction_count: 0,
          from_file_count: 0,
          from_file_minor: 0,
          by_rule_count: 0,
          by_rule_minor: 0,
          uncategorized_count: 0,
          uncategorized_minor: 0,
          transactions: [],
        };
        groups.set(key, g);
      }
      const minor = parseMinor(t.amount, currencyScale(t.currency)!) as number;
      g.transaction_count++;
      g.transactions.push(t);
      if (t.category === null) {
        g.uncategorized_count++;
        g.uncategorized_minor += minor;
      } else if (t.category_source === "rule") {
        g.by_rule_count++;
        g.by_rule_minor += minor;
      } else {
        g.from_file_count++;
        g.from_file_minor += minor;
      }
    }
    const expected = [...groups.values()]
      .sort((a, b) => (a.currency + a.month < b.currency + b.month ? -1 : 1))
      .map(({ transactions: _, ...c }) => c);
    expect(expected.length, "the demo user has transactions").toBeGreaterThan(20);
    expect(expected.some((c) => c.by_rule_count > 0), "some were categorized by rules").toBe(true);
    expect(view).toEqual(expected);
    for (const g of groups.values()) {
      const answer = post(byName.categorize_transactions, {
        rules: [],
        transactions: g.transactions.map((t) => ({
          date: t.date,
          amount: t.amount,
          currency: t.currency,
          ...(t.category === null ? {} : { category: t.category }),
          kind: t.kind,
        })),
      });
      expect([answer.totals.transaction_count, answer.totals.categorized_count, answer.totals.uncategorized_count])
        .toEqual([g.transaction_count, g.from_file_count + g.by_rule_count, g.uncategorized_count]);
    }
  });
});
