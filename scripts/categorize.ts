/**
 * `npm run -s categorize -- --user <email or uuid> [--from D] [--to D] [--dry-run] [--json] [--overwrite]`:
 * re-applies the user's stored categorization rules to their stored transactions in one transaction, through a
 * trusted connection (DATABASE_URL: the owner or the service role). See categorize/reapply-rules.ts and
 * docs/CATEGORIZATION.md. With --json it prints one object:
 * `{ dry_run, transaction_count, changed: { category, kind }, rules: [ { id, category_changed, kind_changed } ] }`.
 */
import process from "node:process";
import { EX_USAGE, oneLine, openTrusted } from "./cli/trusted-connection.ts";
import { type CategorizeArgs, parseCategorizeArgs, USAGE, UsageError } from "./categorize/parse-args.ts";
import { reapplyRules, type ReapplySummary } from "./categorize/reapply-rules.ts";

class DryRunRollback {
  constructor(readonly summary: ReapplySummary) {}
}

function usage(message: string): never {
  console.error(`categorize: ${message}\n${USAGE}`);
  process.exit(EX_USAGE);
}

let args: CategorizeArgs;
try {
  args = parseCategorizeArgs(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) usage(error.message);
  throw error;
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const options = args;
const { db, userId } = await openTrusted("categorize", options.user, usage);
let code = 0;
try {
  let summary: ReapplySummary;
  try {
    summary = await db.transaction(async (tx) => {
      const result = await reapplyRules(tx, userId, options);
      // A dry run writes nothing anyway; rolling back makes that hold for anything else the transaction did.
      if (options.dryRun) throw new DryRunRollback(result);
      return result;
    });
  } catch (error) {
    if (!(error instanceof DryRunRollback)) throw error;
    summary = error.summary;
  }
  if (options.json) console.log(JSON.stringify(summary));
  else {
    const verb = summary.dry_run ? "would change" : "changed";
    console.log(
      `categorize: ${summary.transaction_count} transactions re-evaluated; ${verb} ${summary.changed.category} ` +
        `categories and ${summary.changed.kind} kinds`,
    );
    for (const r of summary.rules) {
      if (r.category_changed || r.kind_changed) {
        console.log(`  rule ${r.id}: ${r.category_changed} categories, ${r.kind_changed} kinds`);
      }
    }
  }
} catch (error) {
  console.error(`categorize: ${oneLine(error)}`);
  code = 1;
} finally {
  await db.close();
}
process.exit(code);
