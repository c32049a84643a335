/**
 * Reconciliation of one account's statements (API.md §9.3): per statement, `difference` = reported − computed closing
 * balance (null when none is reported), and `continuity_difference` = its opening balance − the previous statement's
 * closing balance (reported, else computed), null for the first. "Previous" is the order of API.md §9.6: start,
 * then end, then sequence. Exact: bigint minor units.
 */
import { type AccountStatement, compareStatements } from "./balance-on-date.ts";

export interface ReconciledStatement<S extends AccountStatement = AccountStatement> {
  readonly statement: S;
  readonly differenceMinor: bigint | null;
  readonly continuityDifferenceMinor: bigint | null;
}

/** The closing balance that counts after a statement's end: reported, else computed. */
export function closingBalance(s: AccountStatement): bigint {
  return s.reportedClosingMinor ?? s.computedClosingMinor;
}

/** The difference of one statement: reported − computed closing balance; null when it reports none. */
export function closingDifference(s: AccountStatement): bigint | null {
  return s.reportedClosingMinor === null ? null : s.reportedClosingMinor - s.computedClosingMinor;
}

/** The statements in ascending order with their differences. Order of input is free. */
export function reconcileStatements<S extends AccountStatement>(statements: readonly S[]): ReconciledStatement<S>[] {
  const sorted = [...statements].sort(compareStatements);
  return sorted.map((statement, i) => ({
    statement,
    differenceMinor: closingDifference(statement),
    continuityDifferenceMinor: i === 0 ? null : statement.openingMinor - closingBalance(sorted[i - 1]!),
  }));
}
