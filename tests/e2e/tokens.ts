/**
 * Tokens for the end-to-end tests: the local issuer (`npm start`'s SUPABASE_URL) over the shared test helpers
 * (tests/helpers/test-keys.ts). The server trusts the public half of an ES256 key the harness generates; a key made with
 * the same kid is a foreign key it must refuse.
 */
import type { JWTPayload } from "jose";
import { type TestKey, testKey, userClaims } from "../helpers/test-keys.ts";

export { sign, unsignedToken } from "../helpers/test-keys.ts";
export type KeyPair = TestKey;

export const ISSUER_BASE = "http://127.0.0.1:54321";
export const ISSUER = `${ISSUER_BASE}/auth/v1`;

export const es256Key = (kid: string): Promise<KeyPair> => testKey("ES256", kid);

export function claimsFor(sub: string, overrides: Record<string, unknown> = {}): JWTPayload {
  return userClaims({ sub, email: undefined, ...overrides }, ISSUER);
}
