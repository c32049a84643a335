/**
 * `npm run -s rates -- [--source NAME] [--dry-run] [--json] FILE...`: loads exchange-rate files into
 * public.exchange_rates through a trusted connection (DATABASE_URL: the database owner or the service role; never
 * an API role). Each file is checked whole, then written in one transaction. Exit status as `npm run import`: 0 when
 * every file loaded, 1 when any was refused, 64 for a usage error. See docs/CURRENCIES.md.
 */
import process from "node:process";
import { loadRatesFile, type RatesReport } from "@pfa/importer";
import { EX_USAGE, openTrustedConnection } from "./cli/trusted-connection.ts";
import { parseRatesArgs, type RatesArgs, USAGE, UsageError } from "./rates/parse-args.ts";

function usage(message: string): never {
  console.error(`rates: ${message}\n${USAGE}`);
  process.exit(EX_USAGE);
}

function describe(r: RatesReport): string {
  if (r.errors.length > 0) {
    return [
      `${r.file}: refused${r.format ? ` (${r.format})` : ""}, nothing written`,
      ...r.errors.map((e) => `  line ${e.line}: ${e.message}`),
    ].join("\n");
  }
  return `${r.file}: ${r.format}, source ${r.source}: ${r.rate_count} rates, ${r.inserted} inserted, ` +
    `${r.unchanged} unchanged, ${r.replaced} replaced, ${r.skipped} skipped`;
}

let args: RatesArgs;
try {
  args = parseRatesArgs(process.argv.slice(2));
} catch (error) {
  if (error instanceof UsageError) usage(error.message);
  throw error;
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}
const db = await openTrustedConnection("rates", usage, "the trusted connection the rates are written through");
let failed = false;
try {
  for (const path of args.files) {
    const report = await loadRatesFile(db, { path }, { source: args.source, dryRun: args.dryRun });
    if (report.errors.length > 0) failed = true;
    console.log(args.json ? JSON.stringify(report) : describe(report));
  }
} finally {
  await db.close();
}
process.exit(failed ? 1 : 0);
