/**
 * What a log line may say about why a request failed with a 5xx: the SQLSTATE (or the driver's own code, such as
 * `ECONNREFUSED` or `CONNECT_TIMEOUT`) and the driver's message, found along the error's `cause` chain. These go to
 * the server log only, never to the client (whose problem detail stays generic).
 */
export interface ErrorFacts {
  /** A five-character SQLSTATE, e.g. `55000`, `57014`, `08006`. */
  readonly sqlstate?: string;
  /** The driver's or socket's own code when there is no SQLSTATE, e.g. `ECONNREFUSED`. */
  readonly driver_code?: string;
  /** The message of the innermost error that carries a code (the driver's words), else of the innermost cause. */
  readonly driver_message?: string;
}

const SQLSTATE = /^[0-9A-Z]{5}$/;

export function errorFacts(error: unknown): ErrorFacts {
  let sqlstate: string | undefined;
  let driverCode: string | undefined;
  let coded: string | undefined;
  let innermost: string | undefined;
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== null && typeof current === "object"; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    const text = typeof message === "string" ? message : undefined;
    if (typeof code === "string" && code !== "") {
      if (SQLSTATE.test(code)) sqlstate ??= code;
      else driverCode ??= code;
      if (text !== undefined) coded = text;
    }
    if (depth > 0 && text !== undefined) innermost = text;
    current = cause;
  }
  const message = coded ?? innermost;
  return {
    ...(sqlstate === undefined ? {} : { sqlstate }),
    ...(sqlstate === undefined && driverCode !== undefined ? { driver_code: driverCode } : {}),
    ...(message === undefined ? {} : { driver_message: message }),
  };
}
