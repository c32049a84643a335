/**
 * Bearer tokens (RFC 6750) as the routes need them; the checks themselves are the verifier's (auth/). A refused
 * token is a 401 problem carrying the verifier's `WWW-Authenticate` challenge: `Bearer` when no token was sent,
 * `Bearer error="invalid_token", error_description="…"` when one failed a check.
 *
 * Calculation routes are public, but a token that is sent must be valid (API.md §3), with one exception: a
 * bearer value identical to the `apikey` header, or recognisably a publishable or anon key (auth/api-key.ts), is
 * the project's API key (supabase-js sends its anon or publishable key that way when nobody is signed in), not a
 * user token, and counts as no token at all. On account routes such a key is a 401 that says to sign in first.
 */
import { apiKeyRefusal } from "../auth/api-key-refusal.ts";
import { AuthError } from "../auth/errors.ts";
import type { TokenVerifier, VerifiedUser } from "../auth/verifier.ts";
import { ProblemError } from "./problem.ts";

export type { TokenVerifier, VerifiedUser };

export function authProblem(error: AuthError): ProblemError {
  return new ProblemError(401, error.message, { headers: { "WWW-Authenticate": error.challenge() } });
}

async function verified(verifier: TokenVerifier, authorization: string | null): Promise<VerifiedUser> {
  try {
    return await verifier.verify(authorization);
  } catch (error) {
    if (error instanceof AuthError) throw authProblem(error);
    throw error;
  }
}

/** True when the bearer value is the `apikey` header's: the project's key, sent by a signed-out supabase-js. */
function echoesApiKey(headers: Headers, authorization: string): boolean {
  const apikey = headers.get("apikey")?.trim();
  return !!apikey && /^Bearer +(\S+) *$/i.exec(authorization.trim())?.[1] === apikey;
}

/** Account routes: a valid token is required; the project's API key gets "sign in first". */
export function requireUser(headers: Headers, verifier: TokenVerifier): Promise<VerifiedUser> {
  const authorization = headers.get("authorization");
  if (authorization !== null && echoesApiKey(headers, authorization)) {
    return Promise.reject(authProblem(apiKeyRefusal()));
  }
  return verified(verifier, authorization);
}

/** Calculation routes: no token is fine; a token that is sent must be valid, unless it is an API key. */
export async function optionalUser(headers: Headers, verifier: TokenVerifier): Promise<VerifiedUser | undefined> {
  const authorization = headers.get("authorization");
  if (authorization === null || authorization.trim() === "") return undefined;
  if (echoesApiKey(headers, authorization)) return undefined;
  try {
    return await verifier.verify(authorization);
  } catch (error) {
    if (error instanceof AuthError && error.reason === "api_key") return undefined;
    if (error instanceof AuthError) throw authProblem(error);
    throw error;
  }
}
