/**
 * `npm run deploy:check`: a dry run of the deployment, without a network (scripts/deploy/checks.ts lists what it
 * checks). With TEST_DATABASE_URL pointing at a PostgreSQL server, the migrations go through `supabase db push` and
 * `supabase db advisors` on a scratch database created there and dropped afterwards. Exits 1 when a check fails.
 */
import process from "node:process";
import { databaseCheck, functionCheck, lintCheck, runChecks } from "./deploy/checks.ts";

const failed = await runChecks([functionCheck, lintCheck, databaseCheck()]);
if (failed.length > 0) {
  console.error(`\ndeploy:check failed: ${failed.join("; ")}`);
  process.exit(1);
}
console.log("\ndeploy:check passed: ready for `supabase db push` and `supabase functions deploy v1`.");
