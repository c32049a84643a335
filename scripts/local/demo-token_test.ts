import assert from "node:assert/strict";
import { decodeProtectedHeader, type JWK } from "jose";
import { createTokenVerifier } from "../../supabase/functions/v1/auth/verifier.ts";
import { loadConfig } from "../../supabase/functions/v1/config.ts";
import { DEMO_USERS } from "../db/demo-data.ts";
import { createDemoToken, demoUser, localSupabaseUrl, UnknownDemoUserError } from "./demo-token.ts";
import { generateSigningKey, publicJwks } from "./signing-keys.ts";

const keys: JWK[] = [await generateSigningKey()];
const SUPABASE_URL = "http://127.0.0.1:54321";
const verifier = createTokenVerifier(
  loadConfig({ SUPABASE_URL, SUPABASE_ANON_KEY: "x", SUPABASE_JWKS: JSON.stringify(publicJwks(keys)) }),
);

Deno.test("demo token: ES256 with the local kid, verified by the function's own verifier", async () => {
  const token = await createDemoToken({ email: "alice@example.com", keys, supabaseUrl: SUPABASE_URL });
  assert.deepEqual(decodeProtectedHeader(token), { alg: "ES256", kid: keys[0]!.kid, typ: "JWT" });
  const user = await verifier.verify(`Bearer ${token}`);
  assert.equal(user.sub, DEMO_USERS.alice.id);
  assert.equal(user.claims.iss, "http://127.0.0.1:54321/auth/v1");
  assert.equal(user.claims.aud, "authenticated");
  assert.equal(user.claims.role, "authenticated");
  assert.equal(user.claims.email, "alice@example.com");
  assert.equal((user.claims.exp as number) - (user.claims.iat as number), 3600);
});

Deno.test("demo token: an hour later it is refused", async () => {
  const past = Math.floor(Date.now() / 1000) - 3600 - 60;
  const token = await createDemoToken({ email: "bob@example.com", keys, supabaseUrl: SUPABASE_URL, now: past });
  await assert.rejects(verifier.verify(`Bearer ${token}`), { name: "AuthError", reason: "expired" });
});

Deno.test("demo token: emails are matched case-insensitively; unknown ones are a clear error", () => {
  assert.equal(demoUser(" Bob@Example.com ").id, DEMO_USERS.bob.id);
  assert.throws(
    () => demoUser("mallory@example.com"),
    (e) => e instanceof UnknownDemoUserError && /alice@example.com, bob@example.com/.test(e.message),
  );
});

Deno.test("demo token: HOST and PORT shape the local Supabase URL (the issuer base)", () => {
  const env = (o: Record<string, string>) => ({ get: (n: string) => o[n] });
  assert.equal(localSupabaseUrl(env({})), "http://127.0.0.1:54321");
  assert.equal(localSupabaseUrl(env({ PORT: "6000" })), "http://127.0.0.1:6000");
  assert.equal(localSupabaseUrl(env({ HOST: "::1", PORT: "6000" })), "http://[::1]:6000");
});
