/**
 * The local database: an embedded PGlite (a private copy of a migrated, seeded template; pglite-template.ts), or
 * the Postgres at DATABASE_URL, migrated with scripts/db's migrator and seeded with the demo users (unless
 * PFA_SKIP_DB_SETUP=1). Either way served through the same direct SQL driver as production. With DATABASE_URL,
 * restarting never loses data: the seed replaces only demo users that hold nothing but what it wrote itself, and
 * keeps any other (scripts/db/seed.ts); `seeding` says which, for the start-up banner.
 */
import { migrate } from "../db/migrate.ts";
import { seed, type SeedResult } from "../db/seed.ts";
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
  /** What the seed did, in a sentence (undefined when nothing was seeded). */
  readonly seeding: string | undefined;
}

/** The banner's sentence for a seed run on a database that lasts (DATABASE_URL). */
export function describeSeeding(result: Pick<SeedResult, "seeded" | "kept">): string {
  const parts: string[] = [];
  if (result.seeded.length) {
    parts.push(`seeded ${result.seeded.join(", ")} afresh, dated up to today (nothing there but the seed's own rows)`);
  }
  for (const kept of result.kept) parts.push(`kept ${kept.email} as it is: ${kept.reason}`);
  const replace = result.kept.length ? " (DATABASE_URL=... npm run db:seed -- --replace re-seeds them anyway)" : "";
  return `${parts.join("; ")}. Restarts never replace data the seed did not write${replace}.`;
}

async function prepare(client: SqlClient, setup: boolean): Promise<SeedResult | undefined> {
  if (!setup) return undefined;
  await migrate(client);
  return await seed(client);
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
    let seeded: SeedResult | undefined;
    try {
      seeded = await prepare(admin, options.setup);
    } finally {
      await admin.close();
    }
    const shown = new URL(url);
    shown.password = shown.password ? "***" : "";
    return {
      accountData: createAccountDataProvider(config),
      description: `Postgres ${shown.href}`,
      transactions: seeded?.transactions,
      seeding: seeded && describeSeeding(seeded),
    };
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
    seeding: undefined,
  };
}
