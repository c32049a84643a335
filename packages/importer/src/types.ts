/** What the format parsers hand to the pipeline, before money and dates are checked. */
export type Format = "csv" | "ofx" | "qif" | "camt053" | "mt940";
export const FORMATS: readonly Format[] = ["csv", "ofx", "qif", "camt053", "mt940"];
export type Kind = "income" | "expense" | "transfer";

/** One statement line as the file says it. Dates are `YYYY-MM-DD` once parsed; amounts are plain decimals. */
export interface RawEntry {
  readonly type: "entry";
  /** 1-based line (CSV, QIF, MT940) or entry position (XML formats) in the file, for error messages. */
  readonly line: number;
  readonly date: string;
  /** Plain signed decimal, e.g. `-1234.56` (already normalized from the file's notation). */
  readonly amount: string;
  /** The line's own currency when the file gives one per line; null = the statement's. */
  readonly currency: string | null;
  readonly description: string | null;
  readonly counterparty: string | null;
  readonly category: string | null;
  readonly kind: Kind | null;
  /** The bank's transaction id (FITID, AcctSvcrRef, ...), when the format gives one. */
  readonly bankId: string | null;
  /** The running balance after the line (plain decimal), when the file has one per line (a CSV balance column). */
  readonly balance?: string | null;
}

/** A line that could not be read. */
export interface LineError {
  readonly type: "error";
  readonly line: number;
  readonly message: string;
}

/** Balances and span as the file states them (decimals; null = not in the file). */
export interface StatementFacts {
  currency: string | null;
  start: string | null;
  end: string | null;
  opening: string | null;
  closing: string | null;
}

/**
 * One statement of a file. `entries` is consumed once; `facts` may be completed while it is consumed (a CSV header
 * names its preset's currency only when it is read). A CSV balance column gives the balances through the lines'
 * `balance` instead (the pipeline derives them from the lines it imports: csv/running-balance.ts).
 */
export interface StatementSource {
  readonly format: Format;
  readonly facts: StatementFacts;
  readonly entries: AsyncIterable<RawEntry | LineError> | Iterable<RawEntry | LineError>;
}

/** Thrown by a parser when a file cannot be read at all (the import is `failed` with this message). */
export class UnreadableFileError extends Error {
  override readonly name = "UnreadableFileError";
}
