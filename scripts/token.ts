/**
 * `npm run -s token -- [--expires-in <seconds>] <email>`: prints a bearer token the local server accepts (ES256 with
 * the local signing key; one hour, or `--expires-in` seconds up to a week, for long MCP sessions) and nothing else.
 *
 * The user: a demo user (alice@example.com, bob@example.com), or any user of the database, e.g. one added with
 * `npm run user:add` (looked up in DATABASE_URL, or in the database of the running `npm start`). The issuer: the
 * running `npm start`'s URL, which it writes at start-up (scripts/local/local-state.ts), unless HOST or PORT is set.
 * PFA_SIGNING_KEYS_PATH must match the server's.
 */
import { createDemoToken, demoUser, runningLocalSupabaseUrl, UnknownDemoUserError } from "./local/demo-token.ts";
import { readLocalState } from "./local/local-state.ts";
import { findLocalUser } from "./local/local-users.ts";
import { ensureSigningKeys, signingKeysPath } from "./local/signing-keys.ts";
import { parseTokenArgs, type TokenArgs, TokenUsageError } from "./local/token-args.ts";
import { DEMO_USERS } from "./db/demo-data.ts";
import { createPostgresClient } from "./db/sql-client.ts";

const DEMO_EMAILS = Object.values(DEMO_USERS).map((u) => u.email).join(", ");

function fail(message: string): never {
  console.error(`error: ${message}`);
  Deno.exit(1);
}

let args: TokenArgs;
try {
  args = parseTokenArgs(Deno.args);
} catch (error) {
  if (!(error instanceof TokenUsageError)) throw error;
  console.error(
    `error: ${error.message}\nusage: npm run -s token -- [--expires-in <seconds>] <email>   (demo users: ${DEMO_EMAILS}; ` +
      "others: npm run user:add)",
  );
  Deno.exit(1);
}

/** The demo user, or the user of that email in the database (DATABASE_URL, else the running server's). */
async function findUser(email: string): Promise<{ id: string; email: string }> {
  try {
    return demoUser(email);
  } catch (error) {
    if (!(error instanceof UnknownDemoUserError)) throw error;
  }
  const url = Deno.env.get("DATABASE_URL") || readLocalState()?.databaseUrl;
  if (!url) {
    fail(
      `${JSON.stringify(email)} is not a demo user (${DEMO_EMAILS}), and there is no database to look it up in: ` +
        "users added with npm run user:add live in a DATABASE_URL database; set DATABASE_URL, or start npm start " +
        "with it",
    );
  }
  const client = createPostgresClient(url, { max: 1 });
  try {
    const user = await findLocalUser(client, email);
    if (!user) fail(`no user ${JSON.stringify(email)} in the database; add one with npm run -s user:add -- ${email}`);
    return user;
  } catch (error) {
    fail(`cannot look up ${JSON.stringify(email)} in the database: ${(error as Error).message}`);
  } finally {
    await client.close();
  }
}

const user = await findUser(args.email);
const { keys } = await ensureSigningKeys(signingKeysPath());
console.log(await createDemoToken({ ...args, user, keys, supabaseUrl: runningLocalSupabaseUrl() }));
