/**
 * `npm run db:migrate`: with DATABASE_URL, applies the compatibility bootstrap and then the migrations with the
 * Supabase CLI (`supabase migration up --remote=$DATABASE_URL --yes`). Without it, there is no database to keep:
 * it migrates a throw-away in-memory PGlite, which checks that the migrations apply. Running it twice is a no-op.
 */
import process from "node:process";
import { createPgliteClient } from "./db/sql-client.ts";
import { migrate } from "./db/migrate.ts";
import { migrateWithSupabaseCli } from "./db/supabase-cli.ts";
import { failStartup } from "./local/startup-failure.ts";

const url = process.env.DATABASE_URL;
if (url) {
  const result = await migrateWithSupabaseCli(url).catch((error) =>
    failStartup("npm run db:migrate", error, { databaseUrl: url })
  );
  console.log(result.stdout.trim() || result.stderr.trim());
} else {
  const client = await createPgliteClient();
  const { applied } = await migrate(client);
  await client.close();
  console.log(`DATABASE_URL is not set: applied ${applied.length} migrations to an in-memory PGlite (discarded).`);
}
