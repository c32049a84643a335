/** The command line of `npm run categorize` (API.md §10.3), checked; problems are usage errors. */
import { parseArgs } from "node:util";

export const USAGE = `usage: DATABASE_URL=... npm run -s categorize -- --user <email or uuid> [--from YYYY-MM-DD]
         [--to YYYY-MM-DD] [--dry-run] [--json] [--overwrite]
Re-applies the user's stored categorization rules to their stored transactions (dated --from..--to, inclusive), in
one transaction. A category or kind from the statement file is kept unless --overwrite; one set by a rule, or none,
is recomputed. --dry-run counts what would change and writes nothing. --json prints one summary object.
Exit status: 0 done, 1 the database failed, 64 usage error.`;

export type CategorizeArgs =
  | { readonly help: true }
  | {
    readonly help: false;
    readonly user: string;
    readonly from: string | null;
    readonly to: string | null;
    readonly dryRun: boolean;
    readonly json: boolean;
    readonly overwrite: boolean;
  };

export class UsageError extends Error {}

function date(name: string, value: string | undefined): string | null {
  if (value === undefined) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = m ? new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!)) : null;
  if (!m || !d || d.toISOString().slice(0, 10) !== value || value < "0001-01-01") {
    throw new UsageError(`--${name} ${value} is not a date (YYYY-MM-DD)`);
  }
  return value;
}

export function parseCategorizeArgs(argv: string[]): CategorizeArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        user: { type: "string" },
        from: { type: "string" },
        to: { type: "string" },
        "dry-run": { type: "boolean", default: false },
        json: { type: "boolean", default: false },
        overwrite: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return { help: true };
  if (!values.user) throw new UsageError("--user is required");
  const from = date("from", values.from);
  const to = date("to", values.to);
  if (from !== null && to !== null && from > to) throw new UsageError(`--from ${from} is after --to ${to}`);
  return {
    help: false,
    user: values.user,
    from,
    to,
    dryRun: values["dry-run"]!,
    json: values.json!,
    overwrite: values.overwrite!,
  };
}
