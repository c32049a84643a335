/**
 * DatabaseUnavailableError: the database could not answer in time (connection refused or lost, terminated
 * backend, statement timeout, no free connection). The HTTP layer answers 503 `service_unavailable`; its message
 * is safe to show. Every other error propagates unchanged (a bug, mapped to 500).
 *
 * UnexpectedDataError: the database answered with a value the AccountData contract cannot carry (a bigint beyond
 * the safe-integer range, an infinite date, a missing column). That is an internal error (500), never rounded.
 */
export class DatabaseUnavailableError extends Error {
  override readonly name = "DatabaseUnavailableError";
  constructor(detail = "The database is unavailable or did not answer in time; try again shortly.", options?: {
    cause?: unknown;
  }) {
    super(detail, options);
  }
}

export class UnexpectedDataError extends Error {
  override readonly name = "UnexpectedDataError";
}
