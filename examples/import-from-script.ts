// Importing a bank statement from your own backend, through the importer's library API (packages/importer): the
// way statements reach the API's database in an app. The API itself is read-only; a trusted process (this script,
// a queue worker, an Edge Function of your own holding the service role) writes through a connection that may
// write: the database owner or `service_role`, never `anon` or `authenticated` (docs/IMPORTING.md).
//
//   DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
//     npx deno run -A examples/import-from-script.ts alice@example.com "My bank" EUR statement.csv
//
// Prints one JSON report per statement in the file (status, transaction and duplicate counts, errors by line).
import { importFile, type ImportReport, type ImportSql, resolveUser } from "@pfa/importer";
import { createPostgresClient } from "../scripts/db/sql-client.ts";

export interface StatementUpload {
  /** The user the statement belongs to: an email or an `auth.users` id. */
  readonly user: string;
  /** The account it is for; imports of one account are deduplicated against each other. */
  readonly account: string;
  /** The statement's currency when the file does not say (CSV without a currency column, QIF). */
  readonly currency: string;
  /** The file: a path, or a name with its content (an upload your backend received). */
  readonly file: { readonly path: string } | { readonly name: string; readonly content: string | Uint8Array };
}

/** Imports one uploaded file for a user; the importer detects the format (CSV, OFX, QIF, CAMT.053, MT940). */
export async function importStatement(db: ImportSql, upload: StatementUpload): Promise<ImportReport[]> {
  const userId = await resolveUser(db, upload.user);
  if (!userId) throw new Error(`no user ${JSON.stringify(upload.user)} in auth.users`);
  return await importFile(db, upload.file, {
    userId,
    accountName: upload.account,
    currency: upload.currency,
  });
}

if (import.meta.main) {
  const [user, account, currency, path] = Deno.args;
  const url = Deno.env.get("DATABASE_URL");
  if (!user || !account || !currency || !path || !url) {
    console.error(
      "usage: DATABASE_URL=<owner or service_role> examples/import-from-script.ts <user> <account> <currency> <file>",
    );
    Deno.exit(64);
  }
  const db = createPostgresClient(url, { max: 1 });
  try {
    for (const report of await importStatement(db, { user, account, currency, file: { path } })) {
      console.log(JSON.stringify(report));
    }
  } finally {
    await db.close();
  }
}
