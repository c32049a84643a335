/**
 * The refusal of a project API key on a route that needs a user (see api-key.ts). A module of its own, without
 * jose: the HTTP layer (http/bearer.ts) needs the refusal at start-up, jose only once a token is verified.
 */
import { AuthError } from "./errors.ts";

export const SIGN_IN_FIRST = "Sign in first: this route needs a user's access token, and the bearer token sent is " +
  "the project's anon (publishable) key, which identifies no user.";

/** The refusal of an API key on a route that needs a user. */
export function apiKeyRefusal(): AuthError {
  return new AuthError("api_key", SIGN_IN_FIRST);
}
