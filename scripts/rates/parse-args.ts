/** The command line of `npm run rates` (API.md §11.1, §11.4), checked; problems are usage errors. */
import { parseArgs } from "node:util";
import { SOURCE_PATTERN } from "@pfa/importer";

export const USAGE = `usage: DATABASE_URL=... npm run -s rates -- [--source NAME] [--dry-run] [--json] FILE...
  Loads exchange rates into public.exchange_rates: the ECB's eurofxref-hist.csv (or eurofxref.csv), the ECB's
  eurofxref-daily.xml / eurofxref-hist.xml, or a CSV with the header date,base,quote,rate (one unit of base is
  rate units of quote on date). One rate per (base, quote, date): a reload with the same rate leaves it unchanged,
  a different rate replaces it (counted as replaced). Codes that are not current ISO 4217 are skipped and counted.
  A file with a malformed line is refused whole (nothing written), naming the line.
  --source NAME  the source recorded for a generic CSV (default: custom; the ECB's files are always ecb)
  --dry-run      check the files, write nothing
  --json         one JSON object per file: { file, format, source, rate_count, inserted, unchanged, replaced,
                 skipped, errors: [ { line, message } ] }
Exit status: 0 when every file loaded, 1 when any file was refused, 64 for a usage error.`;

export interface RatesArgs {
  readonly source: string | undefined;
  readonly dryRun: boolean;
  readonly json: boolean;
  readonly help: boolean;
  readonly files: string[];
}

export class UsageError extends Error {}

export function parseRatesArgs(argv: string[]): RatesArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        source: { type: "string" },
        "dry-run": { type: "boolean", default: false },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { source: undefined, dryRun: false, json: false, help: true, files: [] };
  if (values.source !== undefined && !SOURCE_PATTERN.test(values.source)) {
    throw new UsageError(
      `--source ${JSON.stringify(values.source)}: 1-32 characters, lower-case letters, digits, _ . - (not first)`,
    );
  }
  if (positionals.length === 0) throw new UsageError("give at least one FILE");
  return {
    source: values.source,
    dryRun: values["dry-run"]!,
    json: values.json!,
    help: false,
    files: positionals,
  };
}
