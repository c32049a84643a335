/**
 * Maps anything thrown while serving a request to a problem. Known failures keep their meaning; any other error
 * is a 500 whose detail says nothing about the cause (the log line records only the error's class name).
 */
import { ValidationError } from "@pfa/core/problem/validation-error.ts";
import { AuthError, KeySetUnavailableError } from "../auth/errors.ts";
import { authProblem } from "./bearer.ts";
import { ProblemError } from "./problem.ts";

/** Seconds a client should wait after a 503 before retrying. */
export const RETRY_AFTER_UNAVAILABLE = 5;

function unavailable(detail: string): ProblemError {
  return new ProblemError(503, detail, { headers: { "Retry-After": String(RETRY_AFTER_UNAVAILABLE) } });
}

export function toProblemError(error: unknown): ProblemError {
  if (error instanceof ProblemError) return error;
  if (error instanceof ValidationError) {
    return new ProblemError(422, error.message, { errors: error.errors, errorsTotal: error.total });
  }
  if (error instanceof AuthError) return authProblem(error);
  if (error instanceof KeySetUnavailableError) return unavailable(error.message);
  if (error instanceof Error && error.name === "DatabaseUnavailableError") {
    return unavailable("The database is unavailable or too slow; retry shortly.");
  }
  return new ProblemError(
    500,
    "An unexpected error occurred. It has been logged; quote the request_id if you report it.",
  );
}
