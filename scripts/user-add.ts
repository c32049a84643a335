/**
 * `npm run -s user:add -- <email> [--currency EUR] [--timezone Europe/Berlin]`: creates a local user (its
 * `auth.users` row and its profile) in DATABASE_URL's database, or in the database of the running `npm start`
 * when DATABASE_URL is not set. Then `npm run -s token -- <email>` signs a token for it, and
 * `npm run import -- --user <email> ...` loads its statements.
 */
import { parseArgs } from "node:util";
import { readLocalState } from "./local/local-state.ts";
import { addLocalUser, LocalUserError } from "./local/local-users.ts";
import { createPostgresClient } from "./db/sql-client.ts";

const USAGE = "usage: npm run -s user:add -- <email> [--currency EUR] [--timezone Europe/Berlin]";

function fail(message: string, usage = false): never {
  console.error(`user:add: ${message}${usage ? `\n${USAGE}` : ""}`);
  Deno.exit(usage ? 64 : 1);
}

let parsed;
try {
  parsed = parseArgs({
    args: Deno.args,
    options: { currency: { type: "string" }, timezone: { type: "string" }, help: { type: "boolean", short: "h" } },
    allowPositionals: true,
    strict: true,
  });
} catch (error) {
  fail((error as Error).message, true);
}
if (parsed.values.help) {
  console.log(USAGE);
  Deno.exit(0);
}
if (parsed.positionals.length !== 1) fail("give exactly one email", true);

const url = Deno.env.get("DATABASE_URL") || readLocalState()?.databaseUrl;
if (!url) {
  fail(
    "DATABASE_URL is not set. Users are added to a database that lasts: the embedded one of npm start is a fresh " +
      "copy at every start. Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run -s user:add -- <email>",
  );
}
const client = createPostgresClient(url, { max: 1 });
try {
  const user = await addLocalUser(client, {
    email: parsed.positionals[0]!,
    currency: parsed.values.currency,
    timezone: parsed.values.timezone,
  });
  console.log(`added ${user.email} (id ${user.id}); a token: npm run -s token -- ${user.email}`);
} catch (error) {
  if (error instanceof LocalUserError) fail(error.message);
  fail(`cannot add the user: ${(error as Error).message}`);
} finally {
  await client.close();
}
