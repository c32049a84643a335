/**
 * Real signed tokens for the end-to-end tests: a local ES256 key set (the server trusts its public half), a
 * foreign key (same kid, not trusted), and helpers for every claim variation the verifier must refuse.
 */
import { exportJWK, generateKeyPair, type JWTPayload, SignJWT } from "jose";

export const ISSUER_BASE = "http://127.0.0.1:54321";
export const ISSUER = `${ISSUER_BASE}/auth/v1`;

export interface KeyPair {
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly publicJwk: Record<string, unknown>;
}

export async function es256Key(kid: string): Promise<KeyPair> {
  const { privateKey, publicKey } = await generateKeyPair("ES256", { extractable: true });
  return { kid, privateKey, publicJwk: { ...(await exportJWK(publicKey)), kid, alg: "ES256", use: "sig" } };
}

export function claimsFor(sub: string, overrides: Record<string, unknown> = {}): JWTPayload {
  const now = Math.floor(Date.now() / 1000);
  const claims: Record<string, unknown> = {
    iss: ISSUER,
    aud: "authenticated",
    sub,
    role: "authenticated",
    iat: now,
    exp: now + 3600,
    ...overrides,
  };
  for (const [key, value] of Object.entries(claims)) if (value === undefined) delete claims[key];
  return claims as JWTPayload;
}

export function sign(key: KeyPair, claims: JWTPayload): Promise<string> {
  return new SignJWT(claims).setProtectedHeader({ alg: "ES256", kid: key.kid, typ: "JWT" }).sign(key.privateKey);
}

function b64url(value: unknown): string {
  return btoa(JSON.stringify(value)).replace(/=+$/, "").replaceAll("+", "-").replaceAll("/", "_");
}

/** An unsigned token (`alg: none`) carrying otherwise perfect claims. */
export function unsignedToken(claims: JWTPayload): string {
  return `${b64url({ alg: "none", typ: "JWT" })}.${b64url(claims)}.`;
}
