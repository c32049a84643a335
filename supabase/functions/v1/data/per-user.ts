/**
 * Bounds the database work one user runs at once (PFA_DB_MAX_PER_USER): a batch of account tool calls, or many
 * parallel requests with one token, wait for that user's own slots instead of taking the whole pool from everyone
 * else. A request that waits longer than `waitMs` gets DatabaseUnavailableError (503 with Retry-After). A user's slots
 * are dropped as soon as nothing holds or waits for them, so memory follows the users active right now.
 */
import { createGate, type Gate } from "./direct/gate.ts";
import { DatabaseUnavailableError } from "./errors.ts";
import type { AccountDataProvider } from "./provider.ts";

export function limitPerUser(provider: AccountDataProvider, maxPerUser: number, waitMs: number): AccountDataProvider {
  const gates = new Map<string, Gate>();
  const busy = () =>
    new DatabaseUnavailableError("Too many of your requests are reading the database at once; retry shortly.");
  const forget = (sub: string, gate: Gate) => {
    if (gate.active === 0 && gate.waiting === 0 && gates.get(sub) === gate) gates.delete(sub);
  };
  const limited: AccountDataProvider = {
    async withUser(user, fn) {
      let gate = gates.get(user.sub);
      if (gate === undefined) gates.set(user.sub, gate = createGate(maxPerUser, busy));
      let release: () => void;
      try {
        release = await gate.acquire(waitMs);
      } catch (error) {
        forget(user.sub, gate);
        throw error;
      }
      try {
        return await provider.withUser(user, fn);
      } finally {
        release();
        forget(user.sub, gate);
      }
    },
  };
  if (provider.close) limited.close = () => provider.close!();
  return limited;
}
