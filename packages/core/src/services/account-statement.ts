/**
 * Derives a statement's span and computed closing balance (API.md §9.3, §9.6) from what is known about it, the same
 * way for a POST body (transactions in hand) and for GET (aggregates from SQL).
 *
 * - Span: `statement_start`…`statement_end`; a missing start is the first transaction date, a missing end the last
 *   one. Without transactions, a missing bound equals the other; without start, end and transactions the statement
 *   is excluded (null). A derived bound never crosses the given one: a derived end before the start is the start, a
 *   derived start after the end is the end.
 * - Computed closing balance: the opening balance plus the transactions dated on or before the span's end; null
 *   (as every computed balance) when the statement has no opening balance (GET: an import whose file gave none).
 */
import type { AccountStatement } from "./balance-on-date.ts";

export interface StatementFacts {
  readonly statementStart: string | null;
  readonly statementEnd: string | null;
  /** Earliest and latest transaction dates; null without transactions. */
  readonly firstDate: string | null;
  readonly lastDate: string | null;
  /** Null when the statement gives none (GET only: POST requires it). */
  readonly openingMinor: bigint | null;
  readonly reportedClosingMinor: bigint | null;
  /** Sum of the transactions dated on or before `statementEnd`; of all of them when `statementEnd` is null. */
  readonly throughEndMinor: bigint;
  /** Sum of the transactions dated on or before `date`. */
  sumThrough(date: string): bigint;
  /** Tie-break after start and end: larger wins. */
  readonly sequence: number;
}

/** The derived bounds, or null when the statement has no start, no end and no transactions (excluded). */
export function statementSpan(
  f: Pick<StatementFacts, "statementStart" | "statementEnd" | "firstDate" | "lastDate">,
): { start: string; end: string } | null {
  let start = f.statementStart ?? f.firstDate ?? f.statementEnd;
  let end = f.statementEnd ?? f.lastDate ?? f.statementStart;
  if (start === null || end === null) return null;
  if (f.statementStart === null && start > end) start = end;
  if (f.statementEnd === null && end < start) end = start;
  return { start, end };
}

/** The statement as the balance rule sees it, or null when it is excluded. */
export function accountStatement(f: StatementFacts): AccountStatement | null {
  const span = statementSpan(f);
  if (span === null) return null;
  const opening = f.openingMinor;
  return {
    start: span.start,
    end: span.end,
    sequence: f.sequence,
    openingMinor: opening,
    reportedClosingMinor: f.reportedClosingMinor,
    // With no end given, the derived end is the last transaction date (or the start, when that is later), so
    // every transaction is on or before it.
    computedClosingMinor: opening === null ? null : opening + f.throughEndMinor,
    balanceThrough: (date: string) => (opening === null ? null : opening + f.sumThrough(date)),
  };
}
