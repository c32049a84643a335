/**
 * Which database errors mean "the database cannot answer now" (503) rather than a bug (500): connection failures
 * (refused, reset, timed out, closed), server shutdown or restart, too many connections, statement timeout.
 */
import { DatabaseUnavailableError } from "../errors.ts";

/** SQLSTATEs: 08xxx connection exceptions are matched by prefix. */
const SQLSTATES = new Set([
  "57014", // query_canceled (statement_timeout)
  "57P01", // admin_shutdown (terminating connection)
  "57P02", // crash_shutdown
  "57P03", // cannot_connect_now (starting up / recovery)
  "57P05", // idle_session_timeout
  "53300", // too_many_connections
  "53400", // configuration_limit_exceeded
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

export function isUnavailable(error: unknown, depth = 0): boolean {
  if (error === null || typeof error !== "object" || depth > 5) return false;
  if (error instanceof DatabaseUnavailableError) return true;
  const { code, name, message, cause } = error as {
    code?: unknown;
    name?: unknown;
    message?: unknown;
    cause?: unknown;
  };
  if (typeof code === "string" && (SQLSTATES.has(code) || code.startsWith("08") || CLIENT_CODES.has(code))) {
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
