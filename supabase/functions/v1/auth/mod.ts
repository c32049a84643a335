export { AuthError, type AuthFailureReason, KeySetUnavailableError, type OAuthErrorCode } from "./errors.ts";
export { extractBearerToken } from "./authorization-header.ts";
export { checkUserClaims, isUuid } from "./claims.ts";
export { createKeySet, type KeySet, type KeySetOptions } from "./key-set.ts";
export {
  ASYMMETRIC_ALGORITHMS,
  AUDIENCE,
  CLOCK_SKEW_SECONDS,
  createTokenVerifier,
  type TokenVerifier,
  type VerifiedUser,
} from "./verifier.ts";
