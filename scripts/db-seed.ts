/**
 * `npm run db:seed`: loads the demo users (alice@example.com, bob@example.com) into DATABASE_URL, replacing
 * what an earlier seed wrote for them; a demo user holding data the seed did not write (a statement you imported) is
 * kept as it is and named (scripts/db/seed.ts). Options:
 *   --replace               replace the demo users whatever they hold
 *   --end-date=YYYY-MM-DD   last day of the demo data (default today, UTC); the statements go in as generated
 *                           files through the import pipeline (scripts/db/statement-files.ts)
 *   --scale=USERSxTRANSACTIONS   also load a scale dataset, e.g. --scale=1000x1000 (benchmarks)
 *   --write-sql             write supabase/seed.sql (the demo data as SQL, dated from current_date) instead of
 *                           touching a database (`npm run db:seed-sql`; --end-date does not apply)
 */
import { writeFileSync } from "node:fs";
import process from "node:process";
import { connect } from "./db/sql-client.ts";
import { seed } from "./db/seed.ts";
import { seedScale } from "./db/seed-scale.ts";
import { SEED_SQL_FILE } from "./db/paths.ts";
import { renderSeedSql } from "./db/seed-sql.ts";
import { failStartup } from "./local/startup-failure.ts";

const args = new Map(
  process.argv.slice(2).map((a) => {
    const [key, value] = a.replace(/^--/, "").split("=");
    return [key!, value ?? "true"] as const;
  }),
);
const endDate = args.get("end-date");

if (args.has("write-sql")) {
  writeFileSync(SEED_SQL_FILE, renderSeedSql());
  console.log(`wrote ${SEED_SQL_FILE}`);
} else {
  const url = process.env.DATABASE_URL;
  if (!url) {
    console.error(
      "npm run db:seed failed: DATABASE_URL is not set; point it at the database to seed (npm start seeds its " +
        "embedded PGlite by itself).",
    );
    process.exit(2);
  }
  const client = await connect(url, { max: 1 });
  try {
    const demo = await seed(client, { ...(endDate ? { endDate } : {}), replace: args.has("replace") }).catch((
      error,
    ) => failStartup("npm run db:seed", error, { databaseUrl: url }));
    console.log(
      `seeded ${demo.users} demo users: ${demo.imports} statement files imported, ${demo.transactions} transactions`,
    );
    for (const user of demo.kept) {
      console.log(`kept ${user.email} as it is: ${user.reason} (--replace replaces it)`);
    }
    const scale = args.get("scale");
    if (scale) {
      const [users, perUser] = scale.split("x").map(Number);
      const started = Date.now();
      const result = await seedScale(client, { users: users!, transactionsPerUser: perUser!, endDate });
      console.log(
        `seeded ${result.users} scale users with ${result.transactions} transactions in ${Date.now() - started} ms`,
      );
    }
  } finally {
    await client.close();
  }
}
