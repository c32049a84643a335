/**
 * Verifies Supabase Auth access tokens (API.md §4): the signature through the project's JWKS (ES256, RS256 or
 * EdDSA), or HS256 only when a legacy secret is configured; `alg: none` and any other algorithm are refused;
 * `exp` (required) and `nbf` with at most 30 s of skew; `iss` pinned to `${SUPABASE_URL}/auth/v1`; `aud` contains
 * `authenticated`; `role` is `authenticated`; `sub` is a UUID. See docs/CONFIGURATION.md for why this uses jose
 * directly rather than @supabase/server.
 */
import { decodeJwt, decodeProtectedHeader, jwtVerify, type JWTVerifyOptions } from "jose";
import type { AuthConfig } from "../config.ts";
import { apiKeyRefusal, isApiKeyToken } from "./api-key.ts";
import { extractBearerToken } from "./authorization-header.ts";
import { checkUserClaims } from "./claims.ts";
import { AuthError, KeySetUnavailableError } from "./errors.ts";
import { createKeySet, type KeySetOptions } from "./key-set.ts";

export interface VerifiedUser {
  /** The user id (a UUID). */
  readonly sub: string;
  /** Every claim of the verified token; the direct driver passes them to `request.jwt.claims`. */
  readonly claims: Readonly<Record<string, unknown>>;
  /** The raw token; the supabase-js driver forwards it to PostgREST. */
  readonly token: string;
}

export interface TokenVerifier {
  /** Throws AuthError (401) or KeySetUnavailableError (503). */
  verify(authorizationHeader: string | null): Promise<VerifiedUser>;
}

/** Algorithms Supabase Auth signs with when the project uses signing keys. */
export const ASYMMETRIC_ALGORITHMS = ["ES256", "RS256", "EdDSA"] as const;
export const CLOCK_SKEW_SECONDS = 30;
export const AUDIENCE = "authenticated";

export function createTokenVerifier(
  config: { readonly auth: AuthConfig },
  options: KeySetOptions = {},
): TokenVerifier {
  const { auth } = config;
  const keySet = createKeySet(auth, options);
  const secret = auth.jwtSecret === undefined ? undefined : new TextEncoder().encode(auth.jwtSecret);
  const common: JWTVerifyOptions = {
    issuer: auth.issuer,
    audience: AUDIENCE,
    clockTolerance: CLOCK_SKEW_SECONDS,
    requiredClaims: ["exp", "iss", "aud", "sub"],
  };

  return {
    async verify(authorizationHeader) {
      const token = extractBearerToken(authorizationHeader);
      if (isApiKeyToken(token)) throw apiKeyRefusal();
      let alg: unknown;
      let claimedIssuer: unknown;
      try {
        alg = decodeProtectedHeader(token).alg;
        claimedIssuer = decodeJwt(token).iss;
      } catch {
        throw new AuthError("malformed_token", "The bearer token is not a well-formed JWT.");
      }
      // Checked before the signature (a 401 either way) so that a token of another project or another local port
      // is told which issuer this API expects, whatever key signed it.
      if (claimedIssuer !== auth.issuer) throw wrongIssuer(claimedIssuer, auth.issuer);
      let payload: Record<string, unknown>;
      try {
        if (alg === "HS256" && secret !== undefined) {
          payload = (await jwtVerify(token, secret, { ...common, algorithms: ["HS256"] })).payload;
        } else if (typeof alg === "string" && (ASYMMETRIC_ALGORITHMS as readonly string[]).includes(alg)) {
          payload = (await jwtVerify(token, keySet.getKey, { ...common, algorithms: [...ASYMMETRIC_ALGORITHMS] }))
            .payload;
        } else {
          throw new AuthError("algorithm_not_allowed", "The token's signing algorithm is not accepted.");
        }
      } catch (error) {
        throw translate(error, keySet.remote, auth.issuer);
      }
      return { sub: checkUserClaims(payload), claims: payload, token };
    },
  };
}

/** The refusal of a token whose `iss` is not `expected`; names both issuers when the token's is printable. */
export function wrongIssuer(claimed: unknown, expected: string): AuthError {
  const shown = typeof claimed === "string" && /^[\x20-\x7e]{1,200}$/.test(claimed) ? claimed : undefined;
  const what = claimed === undefined
    ? "The token has no issuer (iss)"
    : shown === undefined
    ? "The token was not issued by this project's Auth"
    : `The token was issued by \`${shown}\`, not by this project's Auth`;
  return new AuthError(
    "wrong_issuer",
    `${what}: the expected issuer is \`${expected}\` (a token made for another project, or for a local server on ` +
      "another port, is refused).",
  );
}

function translate(error: unknown, remote: boolean, issuer: string): Error {
  if (error instanceof AuthError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const claim = (error as { claim?: unknown } | null)?.claim;
  switch (code) {
    case "ERR_JWT_EXPIRED":
      return new AuthError("expired", "The token has expired.");
    case "ERR_JWT_CLAIM_VALIDATION_FAILED":
      if (claim === "nbf") return new AuthError("not_yet_valid", "The token is not valid yet (nbf).");
      if (claim === "iss") return wrongIssuer(undefined, issuer);
      if (claim === "aud") {
        return new AuthError("wrong_audience", 'The token\'s audience must include "authenticated".');
      }
      if (claim === "sub") return new AuthError("bad_subject", "The token's subject (sub) must be a user id (a UUID).");
      if (claim === "exp") return new AuthError("bad_claims", "The token must carry an expiry time (exp).");
      return new AuthError("bad_claims", "The token's claims are malformed.");
    case "ERR_JWS_SIGNATURE_VERIFICATION_FAILED":
      return new AuthError("bad_signature", "The token's signature is not valid.");
    case "ERR_JWKS_NO_MATCHING_KEY":
    case "ERR_JWKS_MULTIPLE_MATCHING_KEYS":
      return new AuthError("unknown_key", "The token was not signed by a key of this project.");
    case "ERR_JOSE_ALG_NOT_ALLOWED":
    case "ERR_JOSE_NOT_SUPPORTED":
      return new AuthError("algorithm_not_allowed", "The token's signing algorithm is not accepted.");
    case "ERR_JWS_INVALID":
    case "ERR_JWT_INVALID":
      return new AuthError("malformed_token", "The bearer token is not a well-formed JWT.");
    case "ERR_JWKS_TIMEOUT":
    case "ERR_JWKS_INVALID":
    case "ERR_JOSE_GENERIC":
      return remote ? new KeySetUnavailableError({ cause: error }) : new AuthError("unknown_key", "No usable key.");
  }
  // A network failure while fetching the JWKS surfaces as a plain error (TypeError from fetch).
  if (remote) return new KeySetUnavailableError({ cause: error });
  return error instanceof Error ? error : new Error(String(error));
}
