/**
 * Test helpers, the one place tests make keys and tokens: generated key pairs, Supabase-shaped access-token
 * claims, signing, and unsigned (`alg: none`) tokens. Used only by tests: the function's auth unit tests, the
 * end-to-end harness (tests/e2e/tokens.ts) and the reliability suites (tests/reliability/helpers/app.ts), each with
 * its own issuer.
 */
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from "jose";

export const ISSUER = "https://project-ref.supabase.co/auth/v1";
export const USER_ID = "8f1c5b8e-3d3a-4c47-9a6e-0d1f2b3c4d5e";

export interface TestKey {
  readonly kid: string;
  readonly alg: string;
  readonly privateKey: CryptoKey;
  readonly publicJwk: JWK;
  /** The private JWK's `d`: a secret that must never appear in a response. */
  readonly privateD: string;
}

export async function testKey(
  alg: "ES256" | "RS256" | "EdDSA" | "ES384",
  kid: string = crypto.randomUUID(),
): Promise<TestKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: "sig" };
  return { kid, alg, privateKey, publicJwk, privateD: (await exportJWK(privateKey)).d! };
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/**
 * Claims of a normal Supabase user access token, valid for an hour: issuer `ISSUER` and subject `USER_ID` unless
 * `overrides` (or `issuer`) say otherwise; an override of `undefined` deletes the claim.
 */
export function userClaims(overrides: Record<string, unknown> = {}, issuer: string = ISSUER): JWTPayload {
  const now = nowSeconds();
  const claims: Record<string, unknown> = {
    iss: issuer,
    aud: "authenticated",
    sub: USER_ID,
    role: "authenticated",
    email: "alice@example.com",
    iat: now,
    exp: now + 3600,
    ...overrides,
  };
  for (const [k, v] of Object.entries(claims)) if (v === undefined) delete claims[k];
  return claims as JWTPayload;
}

export function sign(
  key: { privateKey: CryptoKey | Uint8Array; alg: string; kid?: string },
  claims: JWTPayload = userClaims(),
): Promise<string> {
  const header = key.kid === undefined ? { alg: key.alg, typ: "JWT" } : { alg: key.alg, kid: key.kid, typ: "JWT" };
  return new SignJWT(claims).setProtectedHeader(header).sign(key.privateKey);
}

export function b64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, "").replace(/\+/g, "-").replace(/\//g, "_");
}

/** An unsigned token (`alg: none`) carrying otherwise perfect claims. */
export function unsignedToken(claims: JWTPayload): string {
  return `${b64url({ alg: "none", typ: "JWT" })}.${b64url(claims)}.`;
}
