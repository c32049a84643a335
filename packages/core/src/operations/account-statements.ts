/**
 * Groups the rows of `AccountData.statementBalances` into accounts (API.md §9.3: an account is an
 * `(account_name, currency)` pair) and turns each row into a statement the balance rule understands. A row without
 * start, end and transactions is excluded and counted (API.md §9.6); a row without an opening balance is kept, with
 * a derived opening balance when it reports a closing one, else with no computed balances (account-statement.ts).
 * The row's sums are already the account's (every import of the account, each stored transaction once) over the
 * statement's span. Ties between statements with the same span go to the later
 * `imported_at` (then the larger id), the GET reading of API.md §9.6.
 */
import type { StatementBalanceRow } from "../contracts/account-data.ts";
import { accountStatement } from "../services/account-statement.ts";
import { type AccountStatement, compareStatements } from "../services/balance-on-date.ts";
import { compareCodePoints } from "../services/code-point-order.ts";

export interface StoredStatement extends AccountStatement {
  readonly row: StatementBalanceRow;
}

export interface StoredAccount {
  readonly account_name: string;
  readonly currency: string;
  /** Ascending: start, end, then imported_at and id (the winner of a tie last). */
  readonly statements: readonly StoredStatement[];
}

export interface StoredAccounts {
  /** By account name (Unicode code points, API.md §9.6), then currency. */
  readonly accounts: readonly StoredAccount[];
  readonly excludedCount: number;
}

const asc = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** `dates` must be the dates the rows were read with: the balance rule asks for sums through those only. */
export function storedAccounts(rows: readonly StatementBalanceRow[], dates: readonly string[]): StoredAccounts {
  const position = new Map(dates.map((d, i) => [d, i]));
  const ranked = [...rows].sort((a, b) => asc(a.imported_at, b.imported_at) || asc(a.id, b.id));
  const byAccount = new Map<string, { account_name: string; currency: string; statements: StoredStatement[] }>();
  let excludedCount = 0;
  ranked.forEach((row, sequence) => {
    const statement = accountStatement(
      {
        statementStart: row.statement_start,
        statementEnd: row.statement_end,
        firstDate: row.first_date,
        lastDate: row.last_date,
        openingMinor: row.opening_balance_minor === null ? null : BigInt(row.opening_balance_minor),
        reportedClosingMinor: row.closing_balance_minor === null ? null : BigInt(row.closing_balance_minor),
        sequence,
      },
      // The read function sums the account's transactions over the same span (the parity tests prove it).
      () => ({
        totalMinor: BigInt(row.through_end_minor),
        through(date) {
          const i = position.get(date);
          const sum = i === undefined ? undefined : row.through_dates_minor[i];
          if (sum === undefined) throw new Error(`statement sums were not read through ${date}`);
          return BigInt(sum);
        },
      }),
    );
    if (statement === null) {
      excludedCount += 1;
      return;
    }
    const key = JSON.stringify([row.account_name, row.currency]);
    let account = byAccount.get(key);
    if (account === undefined) {
      account = { account_name: row.account_name, currency: row.currency, statements: [] };
      byAccount.set(key, account);
    }
    account.statements.push({ ...statement, row });
  });
  const accounts = [...byAccount.values()]
    .map((a) => ({ ...a, statements: a.statements.sort(compareStatements) }))
    .sort((a, b) => compareCodePoints(a.account_name, b.account_name) || asc(a.currency, b.currency));
  return { accounts, excludedCount };
}
