/**
 * The currency-conversion demo (issue 26), on the seeded database as `npm start` seeds it (data ending today): the
 * shipped rates sample covers every demo date, so GET with convert=true converts everything of alice's USD card and
 * CHF account and every account of both users gets a converted balance.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperations } from "../../packages/core/src/operations/index.ts";
import { get } from "../../packages/core/src/testing/run.ts";
import { DEMO_USERS } from "../../scripts/db/demo-data.ts";
import { FIRST, LAST } from "../../scripts/rates/generate-demo-rates.ts";
import { todayUtc } from "../../scripts/db/seed.ts";
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

function as<T>(user: string, fn: (ctx: { data: ReturnType<typeof createAccountData>; subject: string }) => Promise<T>) {
  return actingAs(db.client, { role: "authenticated", sub: user }, (tx: SqlClient) =>
    fn({
      subject: user,
      data: createAccountData(async (name, args) => {
        const { text, params } = readFunctionSql(name, args);
        return (await tx.query<{ row: Row }>(text, params)).map((r) => r.row);
      }),
    }));
}

describe("the currency demo", () => {
  it("ships rates covering the demo's 24 months up to today", async () => {
    const today = todayUtc();
    const twoYearsAgo = `${Number(today.slice(0, 4)) - 2}${today.slice(4)}`;
    expect(FIRST <= twoYearsAgo, `the sample starts ${FIRST}: regenerate it (supabase/rates/README.md)`).toBe(true);
    expect(LAST >= today, `the sample ends ${LAST}: regenerate it with a later LAST (supabase/rates/README.md)`)
      .toBe(true);
    const [row] = await db.client.query<{ n: number }>(
      "select count(*)::int as n from public.exchange_rates where source = 'demo'",
    );
    expect(Number(row!.n)).toBe(10376);
  });

  it("converts alice's USD card and CHF account in her cashflow, leaving nothing unconverted", async () => {
    const report = await as(DEMO_USERS.alice.id, (ctx) => get(byName.get_cashflow, { convert: "true" }, ctx));
    expect(report.other_currencies).toEqual([]);
    const currencies = report.conversion!.currencies;
    const chf = currencies.find((c: { currency: string }) => c.currency === "CHF");
    expect(chf?.converted_count, "the CHF interest and ski trips of the year are converted").toBeGreaterThan(0);
    for (const c of currencies) expect(c.unconverted_count, `${c.currency} should be converted`).toBe(0);
    expect(report.conversion!.source).toBe("stored");
  });

  it("gives every account of both users a converted balance", async () => {
    for (const user of [DEMO_USERS.alice.id, DEMO_USERS.bob.id]) {
      const r = await as(user, (ctx) => get(byName.list_accounts, { convert: "true" }, ctx));
      const currencies = new Set(r.accounts.map((a: { currency: string }) => a.currency));
      expect(currencies.size, "three currencies per demo user").toBe(3);
      for (const a of r.accounts) {
        expect(a.converted_balance === null, `${a.account_name} should have a converted balance`).toBe(
          a.balance === null,
        );
      }
    }
  });
});
