/** `seed(client)`: (re)loads the deterministic demo users and their data. */
import { DEMO_USERS, type DemoOptions, generateDemoData } from "./demo-data.ts";
import { loadDataset } from "./load.ts";
import type { SqlClient } from "./sql-client.ts";

export interface SeedResult {
  readonly users: number;
  readonly transactions: number;
}

/**
 * Replaces the demo users' data with a fresh copy (deleting the users cascades to all their rows), in one
 * transaction, so running it twice gives the same database. Other users are left alone.
 */
export async function seed(client: SqlClient, options: DemoOptions = {}): Promise<SeedResult> {
  const data = generateDemoData(options);
  await client.transaction(async (tx) => {
    await tx.query(
      "delete from auth.users where id = any(array(select jsonb_array_elements_text($1::text::jsonb))::uuid[])",
      [
        JSON.stringify(Object.values(DEMO_USERS).map((u) => u.id)),
      ],
    );
    await loadDataset(tx, data);
  });
  return { users: data.users.length, transactions: data.statement_transactions.length };
}
