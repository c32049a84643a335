/** The command line of `npm run rules` (API.md §10.3), checked; problems are usage errors. */
import { parseArgs } from "node:util";

export const USAGE = `usage: DATABASE_URL=... npm run -s rules -- --user <email or uuid> (--set FILE | --list)
  --set FILE   replace the user's whole ordered rule list with the JSON array of rules in FILE (shaped as the
               rules of POST /v1/analytics/categorize), in one transaction; nothing is written when any rule is bad
  --list       print the stored rules as JSON, as GET /v1/me/categorization/rules returns them
  --help       this text
Exit status: 0 done, 1 the database failed, 64 usage error or a bad rules file (every error with its pointer).`;

export type RulesArgs =
  | { readonly action: "help" }
  | { readonly action: "set"; readonly user: string; readonly file: string }
  | { readonly action: "list"; readonly user: string };

export class UsageError extends Error {}

export function parseRulesArgs(argv: string[]): RulesArgs {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      strict: true,
      allowPositionals: false,
      options: {
        user: { type: "string" },
        set: { type: "string" },
        list: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  if (values.help) return { action: "help" };
  if (!values.user) throw new UsageError("--user is required");
  if ((values.set === undefined) === !values.list) throw new UsageError("give exactly one of --set FILE and --list");
  return values.list ? { action: "list", user: values.user } : { action: "set", user: values.user, file: values.set! };
}
