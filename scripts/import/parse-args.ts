/** The command line of `npm run import` (the interface is fixed by issue 17), checked; problems are usage errors. */
import { parseArgs } from "node:util";
import { readFileSync } from "node:fs";
import { CSV_PRESETS, type CsvMapping, type Format, FORMATS, validateMapping } from "@pfa/importer";
import { normalizeCurrency } from "@pfa/core";

export const USAGE = `usage: DATABASE_URL=... npm run -s import -- --user <email or uuid> --account "<account name>"
         [--format auto|csv|ofx|qif|camt053|mt940] [--currency XXX] [--mapping <csv mapping.json | preset>]
         [--no-rules] [--overwrite] [--dry-run] [--json] FILE...
CSV presets: ${Object.keys(CSV_PRESETS).join(", ")}`;

export interface ImportArgs {
  readonly user: string;
  readonly account: string;
  readonly format: Format | "auto";
  readonly currency: string | null;
  readonly mapping: CsvMapping | null;
  readonly dryRun: boolean;
  readonly json: boolean;
  /** Apply the user's stored categorization rules (false with --no-rules). */
  readonly rules: boolean;
  /** Let the rules replace the file's category and kind. */
  readonly overwrite: boolean;
  readonly files: string[];
}

export class UsageError extends Error {}

function loadMapping(value: string): CsvMapping {
  const preset = CSV_PRESETS[value];
  if (preset) return preset;
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(value, "utf8"));
  } catch (error) {
    throw new UsageError(`--mapping ${value}: neither a preset nor a readable JSON file (${(error as Error).message})`);
  }
  const mapping = validateMapping(parsed);
  if (Array.isArray(mapping)) throw new UsageError(`--mapping ${value}: ${mapping.join("; ")}`);
  return mapping;
}

export function parseImportArgs(argv: string[]): ImportArgs {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        user: { type: "string" },
        account: { type: "string" },
        format: { type: "string", default: "auto" },
        currency: { type: "string" },
        mapping: { type: "string" },
        "dry-run": { type: "boolean", default: false },
        json: { type: "boolean", default: false },
        "no-rules": { type: "boolean", default: false },
        overwrite: { type: "boolean", default: false },
      },
    });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (!values.user) throw new UsageError("--user is required");
  const account = values.account?.trim();
  if (!account || account.length > 200) throw new UsageError("--account is required (1-200 characters)");
  const format = values.format!;
  if (format !== "auto" && !(FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(`--format must be auto or one of ${FORMATS.join(", ")}`);
  }
  let currency: string | null = null;
  if (values.currency !== undefined) {
    currency = normalizeCurrency(values.currency) ?? null;
    if (!currency) throw new UsageError(`--currency ${values.currency} is not an ISO 4217 currency code`);
  }
  if (positionals.length === 0) throw new UsageError("give at least one FILE");
  if (values["no-rules"] && values.overwrite) throw new UsageError("--overwrite applies rules: not with --no-rules");
  return {
    user: values.user,
    account,
    format: format as Format | "auto",
    currency,
    mapping: values.mapping === undefined ? null : loadMapping(values.mapping),
    dryRun: values["dry-run"]!,
    json: values.json!,
    rules: !values["no-rules"],
    overwrite: values.overwrite!,
    files: positionals,
  };
}
