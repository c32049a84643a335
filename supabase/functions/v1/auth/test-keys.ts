/** Test helpers: generated key pairs and signed tokens. Used only by the *.test.ts files. */
import { exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from "jose";

export const ISSUER = "https://project-ref.supabase.co/auth/v1";
export const USER_ID = "8f1c5b8e-3d3a-4c47-9a6e-0d1f2b3c4d5e";

export interface TestKey {
  readonly kid: string;
  readonly alg: string;
  readonly privateKey: CryptoKey;
  readonly publicJwk: JWK;
}

export async function testKey(alg: "ES256" | "RS256" | "EdDSA" | "ES384", kid: string): Promise<TestKey> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: "sig" };
  return { kid, alg, privateKey, publicJwk };
}

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** Claims of a normal Supabase user access token, valid for an hour. */
export function userClaims(overrides: Record<string, unknown> = {}): JWTPayload {
  const now = nowSeconds();
  const claims: Record<string, unknown> = {
    iss: ISSUER,
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
