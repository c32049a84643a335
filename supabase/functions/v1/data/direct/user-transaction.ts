/**
 * One request's transaction, prepared the way PostgREST prepares it, in one statement after `begin`: read only,
 * role `authenticated` (`set_config('role', …)` is `set role`: RLS applies), the verified claims in
 * `request.jwt.claims` (auth.uid() reads `sub` from there), a statement_timeout, and UTC. Every setting is
 * transaction-local (`is_local = true`), so nothing leaks to the next request on the same pooled connection.
 * Statements per request: `begin`, this set-up, the reads, `commit`. (postgres.js with `prepare: false` sends a
 * statement with parameters in two round trips, so the set-up and each read with arguments cost two; `begin` rides
 * along with the set-up's first: see docs/CONFIGURATION.md.)
 */
import type { VerifiedUser } from "../../auth/verifier.ts";
import type { SqlEngine, SqlTransaction } from "./sql-engine.ts";

/**
 * Evaluated left to right. `transaction_read_only` is `set transaction read only` (it can never be turned off again
 * once the transaction has run a query); parameters, never spliced text, carry the claims and the timeout.
 */
export const USER_TRANSACTION_SETUP_SQL = "select set_config('transaction_read_only', 'on', true), " +
  "set_config('role', 'authenticated', true), set_config('request.jwt.claims', $1, true), " +
  "set_config('statement_timeout', $2, true), set_config('TimeZone', 'UTC', true)";

export function runInUserTransaction<T>(
  engine: SqlEngine,
  user: VerifiedUser,
  statementTimeoutMs: number,
  fn: (tx: SqlTransaction) => Promise<T>,
): Promise<T> {
  return engine.transaction(async (tx) => {
    await tx.query(USER_TRANSACTION_SETUP_SQL, [JSON.stringify(user.claims), String(statementTimeoutMs)]);
    return await fn(tx);
  });
}
