import assert from "node:assert/strict";
import { apiKeyRefusal, isApiKeyToken } from "./api-key.ts";
import { sign, testKey, userClaims } from "../../../../tests/helpers/test-keys.ts";

const legacySecret = { privateKey: new TextEncoder().encode("a-legacy-project-jwt-secret-32-bytes!"), alg: "HS256" };

Deno.test("isApiKeyToken: publishable keys and legacy anon keys (role anon, no sub) are API keys", async () => {
  assert.equal(isApiKeyToken("sb_publishable_AbC123_dEf456"), true);
  const legacyAnon = await sign(legacySecret, { iss: "supabase", ref: "abcdefghijklmnopqrst", role: "anon" });
  assert.equal(isApiKeyToken(legacyAnon), true);
});

Deno.test("isApiKeyToken: user tokens, service keys and other strings are not", async () => {
  const es = await testKey("ES256");
  assert.equal(isApiKeyToken(await sign(es)), false, "a user's access token");
  assert.equal(isApiKeyToken(await sign(es, userClaims({ role: "anon" }))), false, "role anon with a subject");
  const serviceRole = await sign(legacySecret, { iss: "supabase", role: "service_role" });
  assert.equal(isApiKeyToken(serviceRole), false, "a legacy service_role key");
  for (const other of ["local-anon-key", "sb_secret_abc", "not.a.jwt", "publishable"]) {
    assert.equal(isApiKeyToken(other), false, other);
  }
});

Deno.test("apiKeyRefusal: a 401 invalid_token that says to sign in first", () => {
  const error = apiKeyRefusal();
  assert.equal(error.reason, "api_key");
  assert.match(error.message, /^Sign in first: this route needs a user's access token/);
  assert.match(error.challenge(), /^Bearer error="invalid_token", error_description="Sign in first: /);
});
