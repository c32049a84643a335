/**
 * Structured request logs: one JSON line per request. Never tokens, headers or bodies; the user is identified
 * only by the verified `sub`. A 5xx line also carries the SQLSTATE and the driver's message of its cause.
 */
import { createLogBatch } from "./log-batch.ts";

export interface RequestLogEntry {
  readonly request_id: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly duration_ms: number;
  readonly user?: string;
  /** For 5xx: the error class name (never its message, which could carry data). */
  readonly error?: string;
  /** For 5xx: the first stack frames (locations only). */
  readonly at?: readonly string[];
  /** For 5xx caused by the database: its SQLSTATE (data/error-facts.ts). Never sent to the client. */
  readonly sqlstate?: string;
  /** For 5xx caused by the driver or socket without a SQLSTATE: its code (`ECONNREFUSED`, `CONNECT_TIMEOUT`). */
  readonly driver_code?: string;
  /** For 5xx: the driver's own message (may name the database or a value); never sent to the client. */
  readonly driver_message?: string;
}

export type RequestLogger = (entry: RequestLogEntry) => void;

/** What a 5xx line adds: the error's class, where it was thrown, and the database's facts (data/error-facts.ts). */
export type RequestLogFailure = Pick<RequestLogEntry, "error" | "at" | "sqlstate" | "driver_code" | "driver_message">;

/** One request's entry, keys in the order of RequestLogEntry; `user` and `failure` only when there are any. */
export function requestLogEntry(
  requestId: string,
  method: string,
  path: string,
  status: number,
  durationMs: number,
  user: string | undefined,
  failure: RequestLogFailure | undefined,
): RequestLogEntry {
  const entry: { -readonly [K in keyof RequestLogEntry]: RequestLogEntry[K] } = {
    request_id: requestId,
    method,
    path,
    status,
    duration_ms: durationMs,
  };
  if (user !== undefined) entry.user = user;
  return failure === undefined ? entry : Object.assign(entry, failure);
}

/**
 * The log of a deployed function: one JSON line per request on stdout, formatted and written off the request path
 * (log-batch.ts: one write per batch of requests, from a timer task).
 */
const consoleBatch = createLogBatch<RequestLogEntry>((text) => console.log(text));
export const consoleRequestLogger: RequestLogger = (entry) => consoleBatch.push(entry);
export const silentRequestLogger: RequestLogger = () => {};

/**
 * The logger when the configuration does not choose: `PFA_LOG_REQUESTS=false` (or `0`, `off`) in the environment
 * silences the log (tests, benchmarks); anything else, or no access to the environment, logs.
 */
export function requestLoggerFromEnvironment(): RequestLogger {
  let value: string | undefined;
  try {
    value = Deno.env.get("PFA_LOG_REQUESTS");
  } catch {
    value = undefined; // no --allow-env: keep logging
  }
  return value !== undefined && ["false", "0", "off", "no"].includes(value.trim().toLowerCase())
    ? silentRequestLogger
    : consoleRequestLogger;
}
