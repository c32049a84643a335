/**
 * `npm run -s token -- <demo email>`: prints a bearer token the local server accepts (ES256 with the local
 * signing key, one hour) and nothing else. HOST, PORT and PFA_SIGNING_KEYS_PATH must match the server's.
 */
import { createDemoToken, localSupabaseUrl, UnknownDemoUserError } from "./local/demo-token.ts";
import { ensureSigningKeys, signingKeysPath } from "./local/signing-keys.ts";
import { DEMO_USERS } from "./db/demo-data.ts";

const email = Deno.args[0];
if (!email || Deno.args.length > 1) {
  console.error(
    `usage: npm run -s token -- <email>   (demo users: ${Object.values(DEMO_USERS).map((u) => u.email).join(", ")})`,
  );
  Deno.exit(1);
}
try {
  const { keys } = await ensureSigningKeys(signingKeysPath());
  console.log(await createDemoToken({ email, keys, supabaseUrl: localSupabaseUrl() }));
} catch (error) {
  if (!(error instanceof UnknownDemoUserError)) throw error;
  console.error(`error: ${error.message}`);
  Deno.exit(1);
}
