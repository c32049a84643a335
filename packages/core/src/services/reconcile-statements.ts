/**
 * Reconciliation of one account's statements (API.md §9.3): per statement, `difference` = reported − computed closing
 * balance (null when none is reported), and `continuity_difference` = its opening balance − the previous statement's
 * closing balance (reported, else computed), null for the first. "Previous" is the order of API.md §9.6: start,
 * then end, then sequence. Exact: bigint minor units. A statement whose opening balance is derived from its reported
 * closing balance (API.md §9.6) has nothing independent to compare: its `difference` is null. A statement with
 * neither balance has no computed closing balance, so its `difference` and its own `continuity_difference` are
 * null, and so is the next statement's `continuity_difference` (either side unknown).
 */
import { type AccountStatement, compareStatements } from "./balance-on-date.ts";

export interface ReconciledStatement<S extends AccountStatement = AccountStatement> {
  readonly statement: S;
  readonly differenceMinor: bigint | null;
  readonly continuityDifferenceMinor: bigint | null;
}

/** The closing balance that counts after a statement's end: reported, else computed; null when neither is known. */
export function closingBalance(s: AccountStatement): bigint | null {
  return s.reportedClosingMinor ?? s.computedClosingMinor;
}

/**
 * The difference of one statement: reported − computed closing balance; null when either is missing, and when the
 * opening balance was derived from the reported closing balance (the two are equal by construction).
 */
export function closingDifference(s: AccountStatement): bigint | null {
  return s.reportedClosingMinor === null || s.computedClosingMinor === null || s.openingSource === "derived"
    ? null
    : s.reportedClosingMinor - s.computedClosingMinor;
}

/** This statement's opening balance − the previous one's closing balance; null when either is unknown. */
function continuityDifference(s: AccountStatement, previous: AccountStatement): bigint | null {
  const closing = closingBalance(previous);
  return s.openingMinor === null || closing === null ? null : s.openingMinor - closing;
}

/** The statements in ascending order with their differences. Order of input is free. */
export function reconcileStatements<S extends AccountStatement>(statements: readonly S[]): ReconciledStatement<S>[] {
  const sorted = [...statements].sort(compareStatements);
  return sorted.map((statement, i) => ({
    statement,
    differenceMinor: closingDifference(statement),
    continuityDifferenceMinor: i === 0 ? null : continuityDifference(statement, sorted[i - 1]!),
  }));
}
