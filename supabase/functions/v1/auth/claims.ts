/**
 * The claim checks jose does not do itself: `role` must be `authenticated` and `sub` a user id. Issuer, audience,
 * expiry and not-before are checked by jwtVerify with the options in verifier.ts.
 */
import { AuthError } from "./errors.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** Returns the subject of a verified payload, or throws AuthError. */
export function checkUserClaims(payload: Readonly<Record<string, unknown>>): string {
  if (payload.role !== "authenticated") {
    throw new AuthError("wrong_role", 'The token\'s role must be "authenticated" (a signed-in user).');
  }
  if (!isUuid(payload.sub)) {
    throw new AuthError("bad_subject", "The token's subject (sub) must be a user id (a UUID).");
  }
  return payload.sub;
}
