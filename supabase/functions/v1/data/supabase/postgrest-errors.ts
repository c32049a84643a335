/**
 * PostgREST (and gateway) failures of an RPC call, as the driver reports them: an outage or timeout is
 * DatabaseUnavailableError (503); a token PostgREST refuses is AuthError (401); anything else is a plain Error
 * (500), with no response body in its message.
 */
import { AuthError } from "../../auth/errors.ts";
import { isUnavailable } from "../direct/unavailable.ts";
import { DatabaseUnavailableError } from "../errors.ts";

export interface PostgrestFailure {
  readonly code?: string | undefined;
  readonly message?: string | undefined;
}

/** PGRST000–003: PostgREST cannot reach the database, lost it, has no schema cache, or no free connection. */
const POSTGREST_UNAVAILABLE = new Set(["PGRST000", "PGRST001", "PGRST002", "PGRST003"]);

export function postgrestError(fn: string, status: number, error: PostgrestFailure): Error {
  const code = error.code ?? "";
  if (status === 0 || status === 502 || status === 503 || status === 504 || POSTGREST_UNAVAILABLE.has(code)) {
    return new DatabaseUnavailableError(undefined, { cause: error });
  }
  if (isUnavailable({ code })) {
    return new DatabaseUnavailableError(
      code === "57014"
        ? "The database did not answer within the statement timeout; try again shortly."
        : "The database is unavailable; try again shortly.",
      { cause: error },
    );
  }
  if (code.startsWith("PGRST3")) {
    return new AuthError("bad_claims", "The database refused the token.");
  }
  return new Error(`database call ${fn} failed (HTTP ${status}${code ? `, ${code}` : ""})`, { cause: error });
}
