/**
 * Structured request logs: one JSON line per request. Never tokens, headers or bodies; the user is identified
 * only by the verified `sub`.
 */
export interface RequestLogEntry {
  readonly request_id: string;
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly duration_ms: number;
  readonly user?: string;
  /** For 5xx: the error class name (never its message, which could carry data). */
  readonly error?: string;
}

export type RequestLogger = (entry: RequestLogEntry) => void;

export const consoleRequestLogger: RequestLogger = (entry) => console.log(JSON.stringify(entry));
export const silentRequestLogger: RequestLogger = () => {};
