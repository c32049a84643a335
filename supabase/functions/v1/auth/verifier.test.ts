import assert from "node:assert/strict";
import { exportSPKI } from "jose";
import type { AuthConfig } from "../config.ts";
import { AuthError, type AuthFailureReason } from "./errors.ts";
import { createTokenVerifier } from "./verifier.ts";
import { b64url, ISSUER, nowSeconds, sign, testKey, USER_ID, userClaims } from "../../../../tests/helpers/test-keys.ts";

const es = await testKey("ES256", "es-key");
const rs = await testKey("RS256", "rs-key");
const ed = await testKey("EdDSA", "ed-key");
const es384 = await testKey("ES384", "es384-key");
const foreign = await testKey("ES256", "es-key"); // same kid as the real key, different key material
const SECRET = "legacy-jwt-secret-with-at-least-32-characters";

function authConfig(overrides: Partial<AuthConfig> = {}): { auth: AuthConfig } {
  return {
    auth: {
      issuer: ISSUER,
      jwksUrl: new URL("http://127.0.0.1:9/never-fetched"),
      jwks: { keys: [es.publicJwk, rs.publicJwk, ed.publicJwk, es384.publicJwk] },
      jwtSecret: undefined,
      ...overrides,
    },
  };
}

const verifier = createTokenVerifier(authConfig());
const legacyVerifier = createTokenVerifier(authConfig({ jwtSecret: SECRET }));
const secretKey = { privateKey: new TextEncoder().encode(SECRET), alg: "HS256" };

async function refused(
  token: string | null,
  reason: AuthFailureReason,
  v = verifier,
): Promise<AuthError> {
  const header = token === null ? null : `Bearer ${token}`;
  try {
    await v.verify(header);
  } catch (e) {
    assert.ok(e instanceof AuthError, `expected AuthError, got ${e}`);
    assert.equal(e.reason, reason, `expected ${reason}, got ${e.reason}: ${e.message}`);
    return e;
  }
  assert.fail(`token was accepted, expected ${reason}`);
}

Deno.test("verifier: a valid ES256 user token is accepted and returns sub, claims and the raw token", async () => {
  const token = await sign(es);
  const user = await verifier.verify(`Bearer ${token}`);
  assert.equal(user.sub, USER_ID);
  assert.equal(user.token, token);
  assert.equal(user.claims.email, "alice@example.com");
  assert.equal(user.claims.role, "authenticated");
});

Deno.test("verifier: RS256 and EdDSA keys from the key set are accepted", async () => {
  assert.equal((await verifier.verify(`Bearer ${await sign(rs)}`)).sub, USER_ID);
  assert.equal((await verifier.verify(`Bearer ${await sign(ed)}`)).sub, USER_ID);
});

Deno.test("verifier: the scheme name is case-insensitive and aud may be an array containing authenticated", async () => {
  const token = await sign(es, userClaims({ aud: ["other", "authenticated"] }));
  assert.equal((await verifier.verify(`bearer ${token}`)).sub, USER_ID);
});

Deno.test("verifier: alg none is refused", async () => {
  const token = `${b64url({ alg: "none", typ: "JWT" })}.${b64url(userClaims())}.`;
  await refused(token, "algorithm_not_allowed");
  await refused(token, "algorithm_not_allowed", legacyVerifier);
});

Deno.test("verifier: an algorithm outside ES256/RS256/EdDSA is refused even when its key is in the key set", async () => {
  await refused(await sign(es384), "algorithm_not_allowed");
});

Deno.test("verifier: HS256 is refused when no legacy secret is configured", async () => {
  await refused(await sign({ ...secretKey, kid: "es-key" }), "algorithm_not_allowed");
});

Deno.test("verifier: HS256 signed with the public key (algorithm confusion) is refused", async () => {
  const pem = await exportSPKI(
    await crypto.subtle.importKey(
      "jwk",
      es.publicJwk as JsonWebKey,
      { name: "ECDSA", namedCurve: "P-256" },
      true,
      ["verify"],
    ),
  );
  for (const material of [pem, JSON.stringify(es.publicJwk)]) {
    const token = await sign({ privateKey: new TextEncoder().encode(material), alg: "HS256", kid: "es-key" });
    await refused(token, "algorithm_not_allowed");
    await refused(token, "bad_signature", legacyVerifier);
  }
});

Deno.test("verifier: HS256 with the configured legacy secret is accepted, and still checks every claim", async () => {
  assert.equal((await legacyVerifier.verify(`Bearer ${await sign(secretKey)}`)).sub, USER_ID);
  await refused(
    await sign(secretKey, userClaims({ iss: "https://evil.example/auth/v1" })),
    "wrong_issuer",
    legacyVerifier,
  );
  await refused(await sign(secretKey, userClaims({ role: "service_role" })), "wrong_role", legacyVerifier);
  await refused(
    await sign({ ...secretKey, privateKey: new TextEncoder().encode("another-secret-of-at-least-32-bytes!!") }),
    "bad_signature",
    legacyVerifier,
  );
});

Deno.test("verifier: a foreign key reusing the real kid is refused", async () => {
  await refused(await sign(foreign), "bad_signature");
});

Deno.test("verifier: a kid that is not in the key set is refused", async () => {
  await refused(await sign({ ...es, kid: "unknown-kid" }), "unknown_key");
});

Deno.test("verifier: a tampered payload is refused", async () => {
  const [header, , signature] = (await sign(es)).split(".");
  const tampered = `${header}.${b64url(userClaims({ sub: "00000000-0000-4000-8000-000000000001" }))}.${signature}`;
  await refused(tampered, "bad_signature");
});

Deno.test("verifier: expiry is enforced with at most 30 s of skew", async () => {
  const now = nowSeconds();
  assert.equal((await verifier.verify(`Bearer ${await sign(es, userClaims({ exp: now - 20 }))}`)).sub, USER_ID);
  await refused(await sign(es, userClaims({ exp: now - 45 })), "expired");
  await refused(await sign(es, userClaims({ exp: now - 3600, iat: now - 7200 })), "expired");
});

Deno.test("verifier: a token without exp is refused", async () => {
  await refused(await sign(es, userClaims({ exp: undefined })), "bad_claims");
});

Deno.test("verifier: nbf in the future is refused beyond 30 s of skew, accepted within", async () => {
  const now = nowSeconds();
  assert.equal((await verifier.verify(`Bearer ${await sign(es, userClaims({ nbf: now + 20 }))}`)).sub, USER_ID);
  await refused(await sign(es, userClaims({ nbf: now + 45 })), "not_yet_valid");
});

Deno.test("verifier: a wrong or missing issuer is refused", async () => {
  await refused(await sign(es, userClaims({ iss: "https://other-ref.supabase.co/auth/v1" })), "wrong_issuer");
  await refused(await sign(es, userClaims({ iss: `${ISSUER}/` })), "wrong_issuer");
  await refused(await sign(es, userClaims({ iss: undefined })), "wrong_issuer");
});

Deno.test("verifier: an audience without authenticated is refused", async () => {
  await refused(await sign(es, userClaims({ aud: "anon" })), "wrong_audience");
  await refused(await sign(es, userClaims({ aud: ["anon", "service_role"] })), "wrong_audience");
  await refused(await sign(es, userClaims({ aud: undefined })), "wrong_audience");
});

Deno.test("verifier: role anon, service_role or missing is refused", async () => {
  await refused(await sign(es, userClaims({ role: "anon" })), "wrong_role");
  await refused(await sign(es, userClaims({ role: "service_role" })), "wrong_role");
  await refused(await sign(es, userClaims({ role: undefined })), "wrong_role");
});

Deno.test("verifier: sub missing or not a UUID is refused", async () => {
  await refused(await sign(es, userClaims({ sub: undefined })), "bad_subject");
  await refused(await sign(es, userClaims({ sub: "alice" })), "bad_subject");
  await refused(await sign(es, userClaims({ sub: `${USER_ID}x` })), "bad_subject");
  await refused(await sign(es, userClaims({ sub: 42 })), "bad_subject");
});

Deno.test("verifier: no token is a distinct reason with a plain Bearer challenge", async () => {
  for (const header of [null, "", "   "]) {
    const e = await verifier.verify(header).then(() => assert.fail("accepted"), (e) => e);
    assert.ok(e instanceof AuthError);
    assert.equal(e.reason, "missing_token");
    assert.equal(e.error, null);
    assert.equal(e.challenge(), "Bearer");
  }
  const basic = await verifier.verify("Basic dXNlcjpwYXNz").then(() => assert.fail("accepted"), (e) => e);
  assert.equal(basic.reason, "missing_token");
});

Deno.test("verifier: a malformed header is invalid_request, a malformed token invalid_token", async () => {
  for (const header of ["Bearer", "Bearer  a b", "Bearer a,b", `Bearer ${"a".repeat(17000)}`]) {
    const e = await verifier.verify(header).then(() => assert.fail(`accepted ${header}`), (e) => e);
    assert.equal(e.reason, "malformed_header", header);
    assert.equal(e.error, "invalid_request");
  }
  const e = await refused("not-a-jwt", "malformed_token");
  assert.equal(e.error, "invalid_token");
  assert.equal(
    e.challenge(),
    'Bearer error="invalid_token", error_description="The bearer token is not a well-formed JWT."',
  );
  await refused("a.b.c", "malformed_token");
});

Deno.test("verifier: error messages never echo the token", async () => {
  const token = await sign(es, userClaims({ role: "service_role" }));
  const e = await refused(token, "wrong_role");
  assert.ok(!e.message.includes(token.slice(0, 20)));
});

Deno.test('verifier: a project API key is refused with "sign in first"', async () => {
  const legacyAnon = await sign(secretKey, { iss: "supabase", ref: "project-ref", role: "anon" });
  for (const token of ["sb_publishable_AbC123_dEf456", legacyAnon]) {
    const error = await refused(token, "api_key");
    assert.match(error.message, /^Sign in first: this route needs a user's access token/);
    await refused(token, "api_key", legacyVerifier);
  }
});

Deno.test("verifier: a token of another issuer names the expected issuer, whatever key signed it", async () => {
  const expected = `the expected issuer is \`${ISSUER}\``;
  const port = await refused(await sign(es, userClaims({ iss: "http://127.0.0.1:54377/auth/v1" })), "wrong_issuer");
  assert.ok(
    port.message.startsWith("The token was issued by `http://127.0.0.1:54377/auth/v1`, not by this project's Auth: "),
  );
  assert.ok(port.message.includes(expected), port.message);
  const foreignProject = await testKey("ES256", "other-project-key");
  const other = await refused(
    await sign(foreignProject, userClaims({ iss: "https://other-ref.supabase.co/auth/v1" })),
    "wrong_issuer",
  );
  assert.ok(other.message.includes("`https://other-ref.supabase.co/auth/v1`") && other.message.includes(expected));
  const none = await refused(await sign(es, userClaims({ iss: undefined })), "wrong_issuer");
  assert.ok(none.message.startsWith("The token has no issuer (iss): ") && none.message.includes(expected));
  // An issuer that is not short printable text is not repeated back.
  const odd = await refused(await sign(es, userClaims({ iss: "x".repeat(300) })), "wrong_issuer");
  assert.ok(
    odd.message.startsWith("The token was not issued by this project's Auth: ") && !odd.message.includes("xxx"),
  );
  const notString = await refused(await sign(es, userClaims({ iss: 42 })), "wrong_issuer");
  assert.ok(notString.message.includes(expected));
});
