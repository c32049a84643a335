/**
 * `npm run -s import -- --user <email or uuid> --account "<name>" [--format ...] [--currency XXX]
 * [--mapping <file or preset>] [--no-rules] [--overwrite] [--dry-run] [--json] FILE...`: imports bank statement
 * files for one user through
 * a trusted connection (DATABASE_URL: the database owner or the service role; never an API role). One import per
 * statement, each in one transaction. Exit status: 0 when every import is completed or partial, 1 when any
 * failed, 64 for a usage error. `--help` prints the full help (import/parse-args.ts: HELP); `--init-mapping OUT
 * FILE.csv` writes a CSV mapping skeleton (import/init-mapping.ts), without a database.
 */
import process from "node:process";
import { importFile, type ImportReport } from "@pfa/importer";
import { EX_USAGE, openTrusted } from "./cli/trusted-connection.ts";
import { type Command, HELP, parseImportArgs, USAGE, UsageError } from "./import/parse-args.ts";
import { initMapping, InitMappingError } from "./import/init-mapping.ts";
import { progressBar } from "./import/progress-bar.ts";

function usage(message: string): never {
  console.error(`import: ${message}\n${USAGE}`);
  process.exit(EX_USAGE);
}

function describe(r: ImportReport): string {
  const head = `${r.file}: ${r.status}${r.format ? ` (${r.format}${r.currency ? `, ${r.currency}` : ""})` : ""}`;
  const counts = `${r.transaction_count} transactions, ${r.duplicate_count} duplicates, ${r.error_count} errors` +
    (r.categorized_by_rule_count || r.kind_set_by_rule_count
      ? `, ${r.categorized_by_rule_count} categorized and ${r.kind_set_by_rule_count} kinds set by rules`
      : "");
  const span = r.statement_start ? `, ${r.statement_start}..${r.statement_end}` : "";
  const id = r.statement_import_id ? ` [import ${r.statement_import_id}]` : "";
  return [`${head}: ${counts}${span}${id}`, ...r.errors.map((e) => `  line ${e.line}: ${e.message}`)].join("\n");
}

let command: Command;
try {
  command = parseImportArgs(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) usage(error.message);
  throw error;
}
if (command.command === "help") {
  console.log(HELP);
  process.exit(0);
}
if (command.command === "init-mapping") {
  try {
    console.log(initMapping(command.output, command.file));
    process.exit(0);
  } catch (error) {
    if (!(error instanceof InitMappingError)) throw error;
    console.error(`import: ${error.message}`);
    process.exit(1);
  }
}
const args = command;
// temp_buffers: the staging table of a large import stays in memory instead of spilling to disk (it can only be set
// before the session's first temporary table, hence at connection).
const { db, userId } = await openTrusted(
  "import",
  args.user,
  usage,
  "the trusted connection the import writes through",
  { temp_buffers: "256MB" },
);
let failed = false;
try {
  for (const path of args.files) {
    const bar = progressBar(path);
    const reports = await importFile(db, { path }, {
      userId,
      accountName: args.account,
      format: args.format,
      currency: args.currency,
      mapping: args.mapping,
      dryRun: args.dryRun,
      applyRules: args.rules,
      overwrite: args.overwrite,
      onProgress: bar.update,
    });
    bar.done();
    for (const report of reports) {
      if (report.status === "failed") failed = true;
      console.log(args.json ? JSON.stringify(report) : describe(report));
    }
  }
} finally {
  await db.close();
}
process.exit(failed ? 1 : 0);
