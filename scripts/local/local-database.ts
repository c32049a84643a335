/**
 * The local database: an embedded PGlite (a private copy of a migrated, seeded template; pglite-template.ts), or
 * the Postgres at DATABASE_URL, migrated with scripts/db's migrator and seeded with the demo users (unless
 * PFA_SKIP_DB_SETUP=1). Either way served through the same direct SQL driver as production. Only the demo users'
 * rows are replaced by the seed.
 */
import { migrate } from "../db/migrate.ts";
import { seed } from "../db/seed.ts";
import { createPostgresClient, type SqlClient } from "../db/sql-client.ts";
import type { Config } from "../../supabase/functions/v1/config.ts";
import { createDirectDataProvider } from "../../supabase/functions/v1/data/direct/direct-provider.ts";
import type { AccountDataProvider } from "../../supabase/functions/v1/data/provider.ts";
import { createAccountDataProvider } from "../../supabase/functions/v1/deps.ts";
import { openTemplatedPglite } from "./pglite-template.ts";

export interface LocalDatabase {
  readonly accountData: AccountDataProvider;
  /** Human-readable: "embedded PGlite" or the server without its password. */
  readonly description: string;
  readonly transactions: number | undefined;
}

async function prepare(client: SqlClient, setup: boolean): Promise<number | undefined> {
  if (!setup) return undefined;
  await migrate(client);
  return (await seed(client)).transactions;
}

export interface LocalDatabaseOptions {
  /** Migrate and seed DATABASE_URL's database (the embedded one always comes migrated and seeded). */
  readonly setup: boolean;
  /** Where the embedded database's template lives (default .pglite/). */
  readonly cacheDir?: string | undefined;
}

export async function openLocalDatabase(config: Config, options: LocalDatabaseOptions): Promise<LocalDatabase> {
  const url = config.database.url;
  if (url) {
    const admin = createPostgresClient(url, { max: 1 });
    let transactions: number | undefined;
    try {
      transactions = await prepare(admin, options.setup);
    } finally {
      await admin.close();
    }
    const shown = new URL(url);
    shown.password = shown.password ? "***" : "";
    return { accountData: createAccountDataProvider(config), description: `Postgres ${shown.href}`, transactions };
  }
  const db = await openTemplatedPglite(options.cacheDir);
  const provider = createDirectDataProvider({
    engine: db.client,
    statementTimeoutMs: config.database.statementTimeoutMs,
    maxConcurrency: 1,
    acquireTimeoutMs: config.database.connectTimeoutSeconds * 1000,
  });
  provider.close = () => db.close();
  return {
    accountData: provider,
    description: `embedded PGlite (a private copy of ${db.built ? "a newly built" : "the cached"} template)`,
    transactions: db.transactions,
  };
}
