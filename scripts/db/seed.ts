/**
 * `seed(client)`: (re)loads the demo users. Users, profiles, budgets and goals (not statement data) are written
 * as they are generated; the statements go in as files, one per statement in its account's format (CSV, QIF, OFX,
 * CAMT.053, MT940), through the import pipeline (@pfa/importer, the code behind `npm run import`). So what the
 * demo shows is what a real import produces. The data ends today (UTC) unless `endDate` says otherwise.
 */
import { importFile } from "@pfa/importer";
import { loadDemoRates } from "./demo-rates.ts";
import { DEMO_USERS, type DemoOptions, generateDemoData } from "./demo-data.ts";
import { loadDataset } from "./load.ts";
import type { SqlClient } from "./sql-client.ts";
import { demoStatementFiles } from "./statement-files.ts";

export interface SeedResult {
  readonly users: number;
  readonly transactions: number;
  readonly imports: number;
}

/** Today in UTC, `YYYY-MM-DD`: the demo data's default end. */
export function todayUtc(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Replaces the demo users' data with a fresh copy (deleting the users cascades to all their rows), in one
 * transaction, so running it twice gives the same database. Other users are left alone.
 */
export async function seed(client: SqlClient, options: DemoOptions = {}): Promise<SeedResult> {
  const data = generateDemoData({ endDate: options.endDate ?? todayUtc() });
  const files = demoStatementFiles(data);
  const now = new Date().toISOString();
  return await client.transaction(async (tx) => {
    const ids = Object.values(DEMO_USERS).map((u) => u.id);
    await tx.query("delete from auth.users where id = any($1::text::uuid[])", [`{${ids.join(",")}}`]);
    await loadDataset(tx, { ...data, statement_imports: [], statement_transactions: [] });
    for (const file of files) {
      const [report] = await importFile(tx, { name: file.name, content: file.content }, {
        userId: file.userId,
        accountName: file.accountName,
        format: file.format,
        currency: file.currency,
        importedAt: file.importedAt < now ? file.importedAt : now,
      });
      if (report?.status !== file.expectedStatus) {
        throw new Error(
          `demo import of ${file.name}: ${report?.status}, expected ${file.expectedStatus}: ` +
            JSON.stringify(report?.errors),
        );
      }
    }
    await loadDemoRates(tx);
    const [count] = await tx.query<{ n: number }>(
      "select count(*)::int as n from public.statement_transactions where user_id = any($1::text::uuid[])",
      [`{${ids.join(",")}}`],
    );
    return { users: data.users.length, transactions: Number(count!.n), imports: files.length };
  });
}
