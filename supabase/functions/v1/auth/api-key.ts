/**
 * Recognises a project API key sent where a user's access token belongs. supabase-js, with nobody signed in, sends
 * the key it was created with (`createClient(url, key)`) as `Authorization: Bearer <key>` and as `apikey`: a
 * publishable key (`sb_publishable_…`) or a legacy anon key, a JWT with `role: "anon"` and no subject (`sub`): a
 * user's access token always has one. Neither identifies a user, so an account route answers "sign in first"
 * instead of a puzzling signature or format error.
 */
import { decodeJwt } from "jose";

export { apiKeyRefusal, SIGN_IN_FIRST } from "./api-key-refusal.ts";

/** True when `token` is a project API key rather than a user's token (decoded only, never trusted). */
export function isApiKeyToken(token: string): boolean {
  if (token.startsWith("sb_publishable_")) return true;
  try {
    const claims = decodeJwt(token);
    return claims.role === "anon" && claims.sub === undefined;
  } catch {
    return false;
  }
}
