/** `seedScale(client, options)`: loads a scale dataset (see scale-data.ts) with COPY, for benchmarks. */
import { copyRows, TABLES, withIndexesDeferred } from "./load.ts";
import { generateScaleUsers, type ScaleOptions } from "./scale-data.ts";
import type { SqlClient } from "./sql-client.ts";
import type { StatementTransactionRow } from "./dataset.ts";

export interface ScaleResult {
  readonly users: number;
  readonly transactions: number;
  /** The generated user ids, in order (for minting tokens). */
  readonly userIds: string[];
}

/** Loads N users × M transactions. Users and small tables first, then every user's transactions in one stream. */
export async function seedScale(client: SqlClient, options: ScaleOptions): Promise<ScaleResult> {
  return await client.transaction((tx) => load(tx, options));
}

async function load(client: SqlClient, options: ScaleOptions): Promise<ScaleResult> {
  const users = [...generateScaleUsers(options)];
  await copyRows(client, { table: "auth.users", columns: ["id", "email", "created_at"] }, users.map((u) => u.user));
  await copyRows(client, TABLES.profiles, users.map((u) => u.profile));
  await copyRows(client, TABLES.statement_imports, users.flatMap((u) => u.imports));
  await copyRows(client, TABLES.budgets, users.flatMap((u) => u.budgets));
  await copyRows(client, TABLES.goals, users.flatMap((u) => u.goals));
  await copyRows(client, TABLES.goal_contributions, users.flatMap((u) => u.contributions));
  function* allTransactions(): Generator<StatementTransactionRow> {
    for (const u of users) yield* u.transactions();
  }
  const transactions = await withIndexesDeferred(
    client,
    TABLES.statement_transactions.table,
    () => copyRows(client, TABLES.statement_transactions, allTransactions()),
  );
  return { users: users.length, transactions, userIds: users.map((u) => u.user.id) };
}
