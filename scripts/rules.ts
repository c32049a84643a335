/**
 * `npm run -s rules -- --user <email or uuid> (--set FILE | --list)`: sets or lists a user's stored categorization
 * rules through a trusted connection (DATABASE_URL: the owner or the service role). `--set` validates the file
 * with the same schema as POST /v1/analytics/categorize (`rules`) and replaces the whole ordered list in one
 * transaction; on bad input it prints every error with its JSON pointer, writes nothing and exits 64. `--list`
 * prints `{ "data": [...] }` exactly as GET /v1/me/categorization/rules returns it. See docs/CATEGORIZATION.md.
 */
import process from "node:process";
import { EX_USAGE, oneLine, openTrusted } from "./cli/trusted-connection.ts";
import { listRules } from "./rules/list-rules.ts";
import { parseRulesArgs, type RulesArgs, USAGE, UsageError } from "./rules/parse-args.ts";
import { readRulesFile } from "./rules/read-rules-file.ts";
import { replaceRules } from "./rules/store-rules.ts";

function usage(message: string): never {
  console.error(`rules: ${message}\n${USAGE}`);
  process.exit(EX_USAGE);
}

let args: RulesArgs;
try {
  args = parseRulesArgs(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) usage(error.message);
  throw error;
}
if (args.action === "help") {
  console.log(USAGE);
  process.exit(0);
}
// A bad file is refused before the database is touched.
const file = args.action === "set" ? readRulesFile(args.file) : null;
if (file && !file.ok) {
  for (const p of file.problems) {
    console.error(`rules: ${args.action === "set" ? args.file : ""}: ${p.pointer || "/"}: ${p.code}: ${p.message}`);
  }
  console.error(`rules: ${file.problems.length} error(s); nothing was written`);
  process.exit(EX_USAGE);
}
const { db, userId } = await openTrusted("rules", args.user, usage);
let code = 0;
try {
  if (file) {
    const counts = await db.transaction((tx) => replaceRules(tx, userId, file.rules));
    console.error(`rules: stored ${counts.stored} rule(s) for user ${userId} (${counts.deleted} removed)`);
  } else {
    console.log(JSON.stringify(await listRules(db, userId), null, 2));
  }
} catch (error) {
  console.error(`rules: ${oneLine(error)}`);
  code = 1;
} finally {
  await db.close();
}
process.exit(code);
