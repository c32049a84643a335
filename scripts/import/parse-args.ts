/** The command line of `npm run import` (the interface is fixed by issue 17), checked; problems are usage errors. */
import { parseArgs } from "node:util";
import { readFileSync } from "node:fs";
import {
  CSV_PRESETS,
  type CsvMapping,
  DATE_FORMAT_EXAMPLES,
  DATE_FORMATS,
  type Format,
  FORMATS,
  presetList,
  TWO_DIGIT_YEAR_PIVOT,
  validateMapping,
} from "@pfa/importer";
import { normalizeCurrency } from "@pfa/core";

export const USAGE = `usage: DATABASE_URL=... npm run -s import -- --user <email or uuid> --account "<account name>"
         [--format auto|csv|ofx|qif|camt053|mt940] [--currency XXX] [--mapping <csv mapping.json | preset>]
         [--no-rules] [--overwrite] [--dry-run] [--json] FILE...
       npm run -s import -- --init-mapping <mapping.json> FILE.csv
       npm run -s import -- --help
CSV presets: ${Object.keys(CSV_PRESETS).join(", ")}`;

const pivot = String(TWO_DIGIT_YEAR_PIVOT);

/** One line per preset: its name and the columns it needs (presetList() of the importer, one per line). */
function presetLines(): string {
  return presetList().split("; ").map((entry) => {
    const [name, columns] = [entry.slice(0, entry.indexOf(" (")), entry.slice(entry.indexOf(" (") + 2, -1)];
    return `  ${name.padEnd(16)}${columns}`;
  }).join("\n");
}
const lastBefore = String(TWO_DIGIT_YEAR_PIVOT - 1).padStart(2, "0");

/** The full help (`--help`): the usage, then what each option does, the date formats and the mapping file. */
export const HELP = `${USAGE}

Imports bank statement files for one user through a trusted connection (DATABASE_URL: the database owner or the
service role, never an API role). Each statement is imported in its own transaction; lines already imported for
the same account are counted as duplicates, not stored twice.

  --user USER           the user: an email or a user id of auth.users
  --account NAME        the account the statements belong to (1-200 characters)
  --format FORMAT       auto (default: recognised from the content), csv, ofx, qif, camt053 or mt940
  --currency XXX        the ISO 4217 currency, when the file names none (CSV and QIF usually do not)
  --mapping M           CSV only: a preset name or a mapping JSON file (default: the preset whose columns are all in
                        the file's header row)
  --no-rules            store the lines as the file gives them: do not apply the user's categorization rules
  --overwrite           let the rules replace a category or kind the file gives (not with --no-rules)
  --dry-run             read and check everything, write nothing
  --json                one JSON report per statement on stdout
  --init-mapping OUT    CSV only, no database: write a mapping skeleton for FILE.csv to OUT (never overwritten)
  -h, --help            this text

Exit status: 0 when every import completed or was partial, 1 when one failed, 64 for a usage error.

CSV presets and the columns each needs (without --mapping, the first whose columns are all in the header row):
${presetLines()}

CSV mapping file (--mapping mapping.json): a JSON object
  {
    "delimiter": ";",                  optional: ",", ";" or "\\t" (default: detected)
    "date_format": "DD.MM.YY",         one of the date formats below
    "decimal": ",",                    the decimal mark: "." or "," (the other may separate thousands)
    "currency": "EUR",                 optional: the currency when the file has no currency column
    "columns": {                       the header name of each column (case-insensitive, trimmed); "" = not mapped
      "date": "Buchungstag",           required
      "amount": "Betrag (EUR)",        a signed amount; or "debit" (money out) and "credit" (money in)
      "debit": "", "credit": "",
      "description": "Verwendungszweck", "counterparty": "Auftraggeber / Begünstigter",
      "category": "", "kind": "",      kind: income, expense or transfer (any case)
      "currency": "", "balance": "",   balance: the running balance after the line (gives the statement's balances)
      "id": ""                         the bank's transaction id (used for deduplication)
    }
  }
When no preset matches a CSV file, the import says which header row it found. Then:
  1. npm run -s import -- --init-mapping mapping.json export.csv
     writes a skeleton from the file's header row, with the columns, date format, decimal mark and currency it can
     guess from the header and the rows below it, and "" for the rest;
  2. check every guess and fill in what is missing (date and amount, or debit and credit, are required);
  3. DATABASE_URL=... npm run -s import -- --user me@example.com --account "Girokonto" --mapping mapping.json export.csv
     (use the same mapping for every later export of that bank).

Date formats (date_format), each with 5 March 2026 written in it:
${DATE_FORMATS.map((f) => `  ${f.padEnd(12)}${DATE_FORMAT_EXAMPLES[f]}`).join("\n")}
Day and month may have one digit. Two-digit years (DD.MM.YY, and QIF's 01/05'24): 00-${lastBefore} are 2000-20${lastBefore},
${pivot}-99 are 19${pivot}-1999.`;

/** What the command line asks for. */
export type Command =
  | { readonly command: "help" }
  | { readonly command: "init-mapping"; readonly output: string; readonly file: string }
  | ({ readonly command: "import" } & ImportArgs);

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

export function parseImportArgs(argv: string[]): Command {
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
        "init-mapping": { type: "string" },
        help: { type: "boolean", short: "h", default: false },
        "no-rules": { type: "boolean", default: false },
        overwrite: { type: "boolean", default: false },
      },
    });
  } catch (error) {
    // `--help` anywhere asks for the help, even next to an option the parser refuses.
    if (argv.includes("--help") || argv.includes("-h")) return { command: "help" };
    throw new UsageError((error as Error).message);
  }
  const { values, positionals } = parsed;
  if (values.help) return { command: "help" };
  if (values["init-mapping"] !== undefined) {
    const output = values["init-mapping"];
    if (output.trim() === "") throw new UsageError("--init-mapping needs the path of the mapping file to write");
    if (positionals.length !== 1) throw new UsageError("--init-mapping reads exactly one CSV FILE");
    return { command: "init-mapping", output, file: positionals[0]! };
  }
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
    command: "import",
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
