/**
 * Bearer tokens (RFC 6750). A request without a token gets `WWW-Authenticate: Bearer`; a request whose token
 * fails any check gets `WWW-Authenticate: Bearer error="invalid_token"`. Both are 401 problems.
 *
 * Calculation routes are public, but a token that is sent must be valid (API.md §3), with one exception: a
 * bearer value identical to the `apikey` header is the project's API key (supabase-js sends its anon or
 * publishable key this way when nobody is signed in), not a user token, and is treated as no token at all.
 */
import { ProblemError } from "./problem.ts";

export interface VerifiedUser {
  readonly sub: string;
  readonly claims: Readonly<Record<string, unknown>>;
  readonly token: string;
}

export interface TokenVerifier {
  /** Verifies the `Authorization` header value; throws (an `AuthError`) when any check fails. */
  verify(authorization: string): Promise<VerifiedUser>;
}

const BEARER = /^Bearer[ ]+(\S+)[ ]*$/i;

export function missingToken(
  detail = "This operation needs a bearer token: Authorization: Bearer <JWT>.",
): ProblemError {
  return new ProblemError(401, detail, { headers: { "WWW-Authenticate": "Bearer" } });
}

export function invalidToken(detail: string): ProblemError {
  return new ProblemError(401, detail, { headers: { "WWW-Authenticate": 'Bearer error="invalid_token"' } });
}

/** Short, safe reason from a verifier error (its message when it is an AuthError, else nothing). */
function reason(error: unknown): string {
  if (error instanceof Error && error.name === "AuthError" && error.message.length <= 200) return `: ${error.message}`;
  return "";
}

async function verified(verifier: TokenVerifier, authorization: string): Promise<VerifiedUser> {
  if (!BEARER.test(authorization)) {
    throw invalidToken("The Authorization header must be `Bearer <JWT>`.");
  }
  try {
    return await verifier.verify(authorization);
  } catch (error) {
    if (error instanceof ProblemError) throw error;
    if (error instanceof Error && error.name === "AuthError") {
      throw invalidToken(`The bearer token was refused${reason(error)}.`);
    }
    throw error;
  }
}

/** Account routes: a valid token is required. */
export function requireUser(headers: Headers, verifier: TokenVerifier): Promise<VerifiedUser> {
  const authorization = headers.get("authorization");
  if (authorization === null || authorization.trim() === "") return Promise.reject(missingToken());
  return verified(verifier, authorization);
}

/** Calculation routes: no token is fine; a token that is sent must be valid. */
export function optionalUser(headers: Headers, verifier: TokenVerifier): Promise<VerifiedUser | undefined> {
  const authorization = headers.get("authorization");
  if (authorization === null || authorization.trim() === "") return Promise.resolve(undefined);
  const apikey = headers.get("apikey");
  if (apikey && BEARER.exec(authorization)?.[1] === apikey.trim()) return Promise.resolve(undefined);
  return verified(verifier, authorization);
}
