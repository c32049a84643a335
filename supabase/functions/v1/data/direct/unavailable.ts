/**
 * Which database errors mean "the database cannot answer now" (503) rather than a bug (500): connection failures
 * (refused, reset, timed out, closed), server shutdown or restart, too many connections or other exhausted resources, a
 * database that does not accept connections (55000), statement timeout. Whatever fails while a connection is being
 * opened is an unavailability too, whatever its SQLSTATE (sql-engine.ts marks it).
 */
import { DatabaseUnavailableError } from "../errors.ts";

/** SQLSTATEs: 08xxx connection exceptions and 53xxx insufficient resources are matched by prefix. */
const SQLSTATES = new Set([
  "57014", // query_canceled (statement_timeout)
  "57P01", // admin_shutdown (terminating connection)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up / recovery)
  "57P05", // idle_session_timeout
  "57P04", // database_dropped
  "55000", // object_not_in_prerequisite_state (a database that does not allow connections)
  "58000", // system_error
  "58030", // io_error
]);

/** Node/Deno socket errors and postgres.js connection errors. */
const CLIENT_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
]);

const DENO_ERRORS = new Set(["ConnectionRefused", "ConnectionReset", "ConnectionAborted", "TimedOut", "BrokenPipe"]);

const connectionPhase = new WeakSet<object>();

/**
 * Marks an error thrown while a connection was being opened or handed out (sql-engine.ts): it means "cannot answer
 * now" whatever its SQLSTATE (28xxx, 3D000, or 42501 for a missing CONNECT privilege, a bug anywhere else).
 */
export function markConnectionPhase<E>(error: E): E {
  if (error !== null && typeof error === "object") connectionPhase.add(error);
  return error;
}

export function isUnavailable(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== "object" || depth > 5) return false;
  if (error instanceof DatabaseUnavailableError || connectionPhase.has(error)) return true;
  const { code, name, message, cause } = error as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
    cause?: unknown;
  };
  if (
    typeof code === "string" &&
    (SQLSTATES.has(code) || code.startsWith("08") || code.startsWith("53") || CLIENT_CODES.has(code))
  ) {
    return true;
  }
  if (typeof name === "string" && DENO_ERRORS.has(name)) return true;
  if (typeof message === "string" && /PGlite is closed/i.test(message)) return true;
  return isUnavailable(cause, depth + 1);
}

/** DatabaseUnavailableError for an unavailability, the error itself otherwise. */
export function classify(error: unknown): unknown {
  if (error instanceof DatabaseUnavailableError || !isUnavailable(error)) return error;
  const timeout = (error as { code?: unknown }).code === "57014";
  return new DatabaseUnavailableError(
    timeout
      ? "The database did not answer within the statement timeout; try again shortly."
      : "The database is unavailable; try again shortly.",
    { cause: error },
  );
}
