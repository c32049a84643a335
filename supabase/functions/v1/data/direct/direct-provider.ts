/**
 * The direct SQL driver: each request is one transaction as the `authenticated` role with the request's claims
 * (user-transaction.ts), calling the SQL read functions. Concurrency is capped by a gate (the pool size; 1 for
 * PGlite). A deadline of the statement timeout plus a grace period backs the server's statement_timeout up:
 * against a hung connection (timer), and on PGlite, which cannot interrupt a running statement (checked when the
 * transaction returns).
 */
import type { AccountData } from "@pfa/core/contracts/account-data.ts";
import type { VerifiedUser } from "../../auth/verifier.ts";
import { createAccountData } from "../account-data.ts";
import { DatabaseUnavailableError } from "../errors.ts";
import type { AccountDataProvider } from "../provider.ts";
import type { Row } from "../values.ts";
import { createGate } from "./gate.ts";
import { readFunctionSql } from "./read-function-sql.ts";
import type { SqlEngine } from "./sql-engine.ts";
import { classify } from "./unavailable.ts";
import { runInUserTransaction } from "./user-transaction.ts";

export interface DirectProviderOptions {
  readonly engine: SqlEngine;
  readonly statementTimeoutMs: number;
  /** Transactions at once: the pool size; 1 for PGlite. */
  readonly maxConcurrency: number;
  /** How long a request may wait for a free connection before DatabaseUnavailableError. */
  readonly acquireTimeoutMs: number;
  /** Whether close() closes the engine too (false when the caller owns it, e.g. tests and npm start). */
  readonly ownsEngine?: boolean;
}

export function deadlineFor(statementTimeoutMs: number): number {
  return statementTimeoutMs + Math.min(1000, statementTimeoutMs);
}

export function createDirectDataProvider(options: DirectProviderOptions): AccountDataProvider {
  const gate = createGate(options.maxConcurrency);
  const deadlineMs = deadlineFor(options.statementTimeoutMs);
  const timeout = () =>
    new DatabaseUnavailableError("The database did not answer within the statement timeout; try again shortly.");

  const provider: AccountDataProvider = {
    async withUser<T>(user: VerifiedUser, fn: (data: AccountData) => Promise<T>): Promise<T> {
      const release = await gate.acquire(options.acquireTimeoutMs);
      let open = true;
      const started = performance.now();
      const work = runInUserTransaction(options.engine, user, options.statementTimeoutMs, (tx) => {
        const data = createAccountData(async (name, args): Promise<Row[]> => {
          if (!open) throw new Error("AccountData used after its request ended");
          const { text, params } = readFunctionSql(name, args);
          const rows = await tx.query(text, params);
          return rows.map((r) => r.row as Row);
        });
        return fn(data);
      });
      work.then(release, release); // the slot stays taken until the transaction really ends
      let timer: ReturnType<typeof setTimeout> | undefined;
      try {
        const result = await Promise.race([
          work,
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(timeout()), deadlineMs);
          }),
        ]);
        if (performance.now() - started > deadlineMs) throw timeout();
        return result;
      } catch (error) {
        throw classify(error);
      } finally {
        open = false;
        clearTimeout(timer);
      }
    },
  };
  if (options.ownsEngine) provider.close = () => options.engine.close();
  return provider;
}
