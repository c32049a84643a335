/**
 * `npm run -s token -- [--expires-in <seconds>] <demo email>`: prints a bearer token the local server accepts
 * (ES256 with the local signing key; one hour, or `--expires-in` seconds up to a week, for long MCP sessions) and
 * nothing else. HOST, PORT and PFA_SIGNING_KEYS_PATH must match the server's.
 */
import { createDemoToken, localSupabaseUrl, UnknownDemoUserError } from "./local/demo-token.ts";
import { ensureSigningKeys, signingKeysPath } from "./local/signing-keys.ts";
import { parseTokenArgs, type TokenArgs, TokenUsageError } from "./local/token-args.ts";
import { DEMO_USERS } from "./db/demo-data.ts";

let args: TokenArgs;
try {
  args = parseTokenArgs(Deno.args);
} catch (error) {
  if (!(error instanceof TokenUsageError)) throw error;
  console.error(
    `error: ${error.message}\nusage: npm run -s token -- [--expires-in <seconds>] <email>   (demo users: ${
      Object.values(DEMO_USERS).map((u) => u.email).join(", ")
    })`,
  );
  Deno.exit(1);
}
try {
  const { keys } = await ensureSigningKeys(signingKeysPath());
  console.log(await createDemoToken({ ...args, keys, supabaseUrl: localSupabaseUrl() }));
} catch (error) {
  if (!(error instanceof UnknownDemoUserError)) throw error;
  console.error(`error: ${error.message}`);
  Deno.exit(1);
}
