/** The seam between the HTTP layer and the data drivers: one request, one user, one scoped AccountData. */
import type { AccountData } from "@pfa/core/contracts/account-data.ts";
import type { VerifiedUser } from "../auth/verifier.ts";

export interface AccountDataProvider {
  /**
   * Runs `fn` with the user's data, scoped by row-level security to that user alone. The AccountData handed to
   * `fn` is valid only until `fn` settles. Throws DatabaseUnavailableError (503) when the database cannot answer;
   * errors thrown by `fn` propagate unchanged.
   */
  withUser<T>(user: VerifiedUser, fn: (data: AccountData) => Promise<T>): Promise<T>;
  /** Releases connections (the pool, or the embedded database when the provider owns it). */
  close?(): Promise<void>;
}
