/**
 * `npm run -s rates -- [--source NAME] [--dry-run] [--json] FILE...`: loads exchange-rate files into
 * public.exchange_rates through a trusted connection (DATABASE_URL: the database owner or the service role; never
 * an API role). Each file is checked whole, then written in one transaction. Exit status as `npm run import`: 0 when
 * every file loaded, 1 when any was refused, 64 for a usage error. See docs/CURRENCIES.md.
 */
import process from "node:process";
import { loadRatesFile, type RatesReport } from "@pfa/importer";
import { createPostgresClient } from "./db/sql-client.ts";
import { parseRatesArgs, type RatesArgs, USAGE, UsageError } from "./rates/parse-args.ts";

const EX_USAGE = 64;
const API_ROLES = new Set(["anon", "authenticated"]);

function usage(message: string): never {
  console.error(`rates: ${message}\n${USAGE}`);
  process.exit(EX_USAGE);
}

function databaseAddress(url: string): string {
  try {
    const u = new URL(url);
    return `${u.hostname || u.searchParams.get("host") || "localhost"}:${u.port || "5432"}`;
  } catch {
    return "DATABASE_URL";
  }
}

function oneLine(error: unknown): string {
  return String((error as Error)?.message ?? error).replace(/\s+/g, " ").trim().slice(0, 300);
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
const url = process.env.DATABASE_URL;
if (!url) usage("DATABASE_URL is not set (the trusted connection the rates are written through)");

const db = createPostgresClient(url, { max: 1 });
let role: string;
try {
  role = (await db.query<{ role: string }>("select current_user::text as role"))[0]!.role;
} catch (error) {
  console.error(`rates: cannot connect to the database at ${databaseAddress(url)}: ${oneLine(error)}`);
  await db.close().catch(() => {});
  process.exit(1);
}
let failed = false;
try {
  if (API_ROLES.has(role)) usage(`DATABASE_URL connects as ${role}, an API role: use the owner or service_role`);
  for (const path of args.files) {
    const report = await loadRatesFile(db, { path }, { source: args.source, dryRun: args.dryRun });
    if (report.errors.length > 0) failed = true;
    console.log(args.json ? JSON.stringify(report) : describe(report));
  }
} finally {
  await db.close();
}
process.exit(failed ? 1 : 0);
