/**
 * The signed-in user's net worth in one currency on one date (API.md §9.3): the sum of the balances on `date` of
 * every account in `currency`, by the one balance-on-date rule. Accounts without a balance on `date` (no statement
 * starting on or before it, or a deciding statement with neither an opening nor a closing balance) are not counted;
 * with none, the net worth is 0. Reads statement aggregates through
 * `AccountData.statementBalances`, never raw transactions. The GET forecast's `starting_balance` (API.md §9.2).
 */
import type { AccountData } from "../contracts/account-data.ts";
import { balanceOnDate } from "../services/balance-on-date.ts";
import { storedAccounts } from "./account-statements.ts";

/** Net worth in exact minor units of `currency` (an upper-case ISO 4217 code) on `date` (`YYYY-MM-DD`). */
export async function netWorthOn(data: AccountData, currency: string, date: string): Promise<bigint> {
  const { accounts } = storedAccounts(await data.statementBalances(currency, [date]), [date]);
  let total = 0n;
  for (const account of accounts) total += balanceOnDate(account.statements, date)?.balanceMinor ?? 0n;
  return total;
}
