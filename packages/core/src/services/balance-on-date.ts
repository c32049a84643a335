/**
 * The balance-on-date rule of API.md §9.3, for one account: the one rule behind net worth, the account list and the
 * forecast's starting balance. Exact: every amount is bigint minor units.
 *
 * The account's balance on `date` comes from its statement with the latest start on or before `date` (ties: the
 * later end, then the later `sequence`: `imported_at` on GET, position in `statements` on POST). If `date` lies
 * inside that statement's span, the balance is the opening balance plus the account's transactions dated from the
 * span's start through `date`; if `date` is after the span, it is the reported closing balance, or the computed one
 * when none is reported. With no statement starting on or before `date` there is no balance (null).
 *
 * A statement with neither an opening nor a reported closing balance has no computed balances: inside its span the
 * account's balance is unknown (null), and after it too (until a later statement starts). One with a reported
 * closing balance only has a derived opening balance (account-statement.ts), so its balances are known.
 */

/** One statement of an account, with its span already derived (see account-statement.ts). */
export interface AccountStatement {
  /** First day of the span (`statement_start`, else derived). */
  readonly start: string;
  /** Last day of the span (`statement_end`, else derived); never before `start`. */
  readonly end: string;
  /** Tie-break after start and end: a larger sequence wins (later `imported_at`, or later position). */
  readonly sequence: number;
  /** Reported, else derived from the reported closing balance; null when neither is given. */
  readonly openingMinor: bigint | null;
  /** Where the opening balance comes from: the statement (`reported`), the closing balance (`derived`), or nowhere. */
  readonly openingSource: "reported" | "derived" | null;
  /** The closing balance the statement reports; null when it reports none. */
  readonly reportedClosingMinor: bigint | null;
  /** The opening balance plus the account's transactions dated in the span; null without an opening balance. */
  readonly computedClosingMinor: bigint | null;
  /**
   * The opening balance plus the account's transactions dated from `start` through `date`, for a `date` inside the
   * span; null without an opening balance.
   */
  balanceThrough(date: string): bigint | null;
}

export interface AccountBalance<S extends AccountStatement = AccountStatement> {
  readonly balanceMinor: bigint;
  /** `date` when it lies inside the chosen statement's span, otherwise the span's end (API.md §9.6). */
  readonly balanceDate: string;
  /** The statement the balance comes from. */
  readonly statement: S;
}

/** Ascending order of API.md §9.6: start, then end, then sequence, so the winner of a tie comes last. */
export function compareStatements(a: AccountStatement, b: AccountStatement): number {
  if (a.start !== b.start) return a.start < b.start ? -1 : 1;
  if (a.end !== b.end) return a.end < b.end ? -1 : 1;
  return a.sequence - b.sequence;
}

/** The statement that decides the balance on `date`: the latest in ascending order that starts on or before it. */
export function statementOn<S extends AccountStatement>(statements: readonly S[], date: string): S | null {
  let chosen: S | null = null;
  for (const s of statements) {
    if (s.start <= date && (chosen === null || compareStatements(s, chosen) > 0)) chosen = s;
  }
  return chosen;
}

/**
 * The account's balance on `date`, or null when no statement starts on or before it, or when the statement that
 * decides it gives no balance there (neither an opening nor a reported closing balance).
 * Order of input is free.
 */
export function balanceOnDate<S extends AccountStatement>(
  statements: readonly S[],
  date: string,
): AccountBalance<S> | null {
  const statement = statementOn(statements, date);
  if (statement === null) return null;
  const inside = date <= statement.end;
  const balanceMinor = inside
    ? statement.balanceThrough(date)
    : statement.reportedClosingMinor ?? statement.computedClosingMinor;
  if (balanceMinor === null) return null;
  return { balanceMinor, balanceDate: inside ? date : statement.end, statement };
}
