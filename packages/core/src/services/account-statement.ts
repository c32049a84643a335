/**
 * Derives a statement's span, opening balance and computed balances (API.md §9.3, §9.6) from what is known about it,
 * the same way for a POST body (transactions in hand) and for GET (aggregates from SQL).
 *
 * - Span: `statement_start`…`statement_end`; a missing start is the statement's first transaction date, a missing
 *   end its last one. Without transactions, a missing bound equals the other; without start, end and transactions
 *   the statement is excluded (null). A derived bound never crosses the given one: a derived end before the start is
 *   the start, a derived start after the end is the end.
 * - Sums: the **account's** transactions (every statement of the account, each transaction once) dated from the
 *   span's start through a day, so repeated and overlapping exports of one account reconcile.
 * - Opening balance: the reported one; else, with a reported closing balance, **derived** = closing − the account's
 *   transactions in the span; else unknown (null), and so is every computed balance of the statement.
 * - Computed closing balance: the opening balance plus the account's transactions in the span (equal to the
 *   reported one when the opening balance is derived).
 */
import type { AccountStatement } from "./balance-on-date.ts";

export interface StatementFacts {
  readonly statementStart: string | null;
  readonly statementEnd: string | null;
  /** Earliest and latest dates of the statement's own transactions; null without transactions. */
  readonly firstDate: string | null;
  readonly lastDate: string | null;
  /** Null when the statement gives none (OFX, QIF, a CSV without a balance column; POST: null or left out). */
  readonly openingMinor: bigint | null;
  readonly reportedClosingMinor: bigint | null;
  /** Tie-break after start and end: larger wins. */
  readonly sequence: number;
}

/** The account's transactions over one statement's span. */
export interface SpanSums {
  /** Sum of the account's transactions dated from the span's start through its end. */
  readonly totalMinor: bigint;
  /** Sum of the account's transactions dated from the span's start through `date`, a day of the span. */
  through(date: string): bigint;
}

export interface Span {
  readonly start: string;
  readonly end: string;
}

/** The derived bounds, or null when the statement has no start, no end and no transactions (excluded). */
export function statementSpan(
  f: Pick<StatementFacts, "statementStart" | "statementEnd" | "firstDate" | "lastDate">,
): Span | null {
  let start = f.statementStart ?? f.firstDate ?? f.statementEnd;
  let end = f.statementEnd ?? f.lastDate ?? f.statementStart;
  if (start === null || end === null) return null;
  if (f.statementStart === null && start > end) start = end;
  if (f.statementEnd === null && end < start) end = start;
  return { start, end };
}

/**
 * The statement as the balance rule sees it, or null when it is excluded. `sumsOver` gives the account's sums over
 * the derived span (called once, only for a statement that is not excluded).
 */
export function accountStatement(f: StatementFacts, sumsOver: (span: Span) => SpanSums): AccountStatement | null {
  const span = statementSpan(f);
  if (span === null) return null;
  const sums = sumsOver(span);
  const reported = f.reportedClosingMinor;
  const opening = f.openingMinor ?? (reported === null ? null : reported - sums.totalMinor);
  return {
    start: span.start,
    end: span.end,
    sequence: f.sequence,
    openingMinor: opening,
    openingSource: f.openingMinor !== null ? "reported" : opening !== null ? "derived" : null,
    reportedClosingMinor: reported,
    computedClosingMinor: opening === null ? null : opening + sums.totalMinor,
    balanceThrough: (date: string) => (opening === null ? null : opening + sums.through(date)),
  };
}
