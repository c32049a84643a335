/**
 * The demo data's recurring streams (scripts/db/demo-data.ts, aliceRecurringStory, plus the current account's rent
 * and Streamflix) hold for any end date, and on the day someone tries them: supabase/seed.sql, whose dates are
 * relative to `current_date`, read as alice through row-level security by the SQL read functions and the same
 * core pipeline as GET /v1/me/analytics/recurring, at today.
 */
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperations } from "../../packages/core/src/operations/index.ts";
import { formatRecurring } from "../../packages/core/src/operations/format-recurring.ts";
import { loadRecurring } from "../../packages/core/src/operations/load-recurring.ts";
import type { RecurringResult } from "../../packages/core/src/services/recurring-streams.ts";
import { DEMO_USERS, generateDemoData } from "../../scripts/db/demo-data.ts";
import { SEED_SQL_FILE } from "../../scripts/db/paths.ts";
import type { TestDatabase } from "../../scripts/db/test-database.ts";
import { createAccountData } from "../functions/v1/data/account-data.ts";
import { readFunctionSql } from "../functions/v1/data/direct/read-function-sql.ts";
import type { Row } from "../functions/v1/data/values.ts";
import { actingAs, migratedDatabase } from "./helpers.ts";

/** The story: [key, direction, frequency, status]. */
const STORY = [
  ["hausverwaltung müller", "outflow", "monthly", "active"], // rent
  ["fitx", "outflow", "weekly", "active"], // gym
  ["studio lux", "inflow", "biweekly", "active"], // side-job pay
  ["streamflix", "outflow", "monthly", "active"], // the streaming subscription still running
  ["tunely music", "outflow", "monthly", "ended"], // the one that ended
  ["allianz", "outflow", "annually", "active"], // insurance
  ["ard zdf deutschlandradio beitragsservice", "outflow", "quarterly", "late"], // the late bill
];
const story = (streams: { key: string; direction: string; frequency: string; status: string }[]) =>
  STORY.map(([key, direction]) => {
    const s = streams.find((x) => x.key === key && x.direction === direction);
    return [key, direction, s?.frequency, s?.status];
  });

const { byName } = createOperations();
const END_DATES = ["2026-11-30", "2026-11-01", "2026-12-15", "2027-02-28", "2028-02-29", "2026-03-31", "2026-07-04"];

describe.each(END_DATES)("the recurring story ending %s", (endDate) => {
  it("shows rent, a weekly gym, a biweekly pay, two streaming subscriptions (one ended), insurance and a late bill", () => {
    const data = generateDemoData({ endDate });
    const transactions = data.statement_transactions
      .filter((t) => t.user_id === DEMO_USERS.alice.id && t.currency === "EUR")
      .map((t) => ({
        id: t.id,
        date: t.date,
        amount: t.amount_minor,
        ...(t.kind === null ? {} : { kind: t.kind }),
        ...(t.counterparty === null ? {} : { counterparty: t.counterparty }),
        ...(t.description === null ? {} : { description: t.description }),
        category: t.category,
      }));
    const eur = transactions.map((t) => ({ ...t, amount: (t.amount / 100).toFixed(2) }));
    const r = byName.calculate_recurring.run(
      byName.calculate_recurring.input.parse({ currency: "EUR", as_of: endDate, transactions: eur }),
    );
    expect(story(r.streams)).toEqual(STORY);
  });
});

describe("supabase/seed.sql, read as alice at today", () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await migratedDatabase({ seed: false });
    await db.client.exec(readFileSync(SEED_SQL_FILE, "utf8"));
  });
  afterAll(async () => {
    await db?.close();
  });

  it("shows the story through the read functions and row-level security", async () => {
    const today = (await db.client.query<{ today: string }>("select current_date::text as today"))[0]!.today;
    const result = await actingAs(
      db.client,
      { role: "authenticated", sub: DEMO_USERS.alice.id },
      async (tx): Promise<RecurringResult> => {
        const data = createAccountData(async (name, args) => {
          const { text, params } = readFunctionSql(name, args);
          return (await tx.query<{ row: Row }>(text, params)).map((r) => r.row);
        });
        return (await loadRecurring(data, "EUR", today)).result;
      },
    );
    expect(story(formatRecurring("EUR", 2, today, result).streams)).toEqual(STORY);
  });
});
