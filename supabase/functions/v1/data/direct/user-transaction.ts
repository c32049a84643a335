/**
 * One request's transaction, exactly as PostgREST prepares it: read only, `set local role authenticated`, the
 * verified claims in `request.jwt.claims` (auth.uid() reads `sub` from there), a local statement_timeout, and UTC.
 * Every setting is transaction-local, so nothing leaks to the next request on the same pooled connection.
 */
import type { VerifiedUser } from "../../auth/verifier.ts";
import type { SqlEngine, SqlTransaction } from "./sql-engine.ts";

export function runInUserTransaction<T>(
  engine: SqlEngine,
  user: VerifiedUser,
  statementTimeoutMs: number,
  fn: (tx: SqlTransaction) => Promise<T>,
): Promise<T> {
  return engine.transaction(async (tx) => {
    await tx.query("set transaction read only");
    await tx.query("set local role authenticated");
    await tx.query(
      "select set_config('request.jwt.claims', $1, true), set_config('statement_timeout', $2, true), " +
        "set_config('TimeZone', 'UTC', true)",
      [JSON.stringify(user.claims), String(statementTimeoutMs)],
    );
    return await fn(tx);
  });
}
