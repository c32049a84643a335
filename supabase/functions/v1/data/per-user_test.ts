import assert from "node:assert/strict";
import type { VerifiedUser } from "../auth/verifier.ts";
import { DatabaseUnavailableError } from "./errors.ts";
import { limitPerUser } from "./per-user.ts";
import type { AccountDataProvider } from "./provider.ts";

const user = (sub: string) => ({ sub, claims: { sub } }) as unknown as VerifiedUser;

/** A provider whose work waits until released, recording how many run at once per user. */
function recording() {
  const running = new Map<string, number>();
  const peak = new Map<string, number>();
  const waiting: (() => void)[] = [];
  const provider: AccountDataProvider = {
    async withUser(u, fn) {
      running.set(u.sub, (running.get(u.sub) ?? 0) + 1);
      peak.set(u.sub, Math.max(peak.get(u.sub) ?? 0, running.get(u.sub)!));
      await new Promise<void>((resolve) => waiting.push(resolve));
      running.set(u.sub, running.get(u.sub)! - 1);
      return await fn({} as never);
    },
  };
  return { provider, peak, running, release: () => waiting.splice(0).forEach((r) => r()) };
}

Deno.test("per user: one user's 100 calls run at most 2 at a time, while another user is not held up", async () => {
  const { provider, peak, running, release } = recording();
  const limited = limitPerUser(provider, 2, 5_000);
  const alice = Array.from({ length: 100 }, () => limited.withUser(user("alice"), () => Promise.resolve("a")));
  const bob = limited.withUser(user("bob"), () => Promise.resolve("b"));
  await new Promise((r) => setTimeout(r, 10));
  assert.equal(running.get("alice"), 2, "alice holds her 2 slots; her other 98 calls wait");
  assert.equal(running.get("bob"), 1, "bob runs at once");
  while ((running.get("alice") ?? 0) > 0 || (running.get("bob") ?? 0) > 0) {
    release();
    await new Promise((r) => setTimeout(r, 0));
  }
  assert.deepEqual(await Promise.all(alice), Array(100).fill("a"));
  assert.equal(await bob, "b");
  assert.equal(peak.get("alice"), 2);
});

Deno.test("per user: a call that waits past the bound is 503 (DatabaseUnavailableError); the slots are given back", async () => {
  const { provider, release } = recording();
  const limited = limitPerUser(provider, 1, 30);
  const first = limited.withUser(user("alice"), () => Promise.resolve(1));
  await assert.rejects(limited.withUser(user("alice"), () => Promise.resolve(2)), DatabaseUnavailableError);
  release();
  assert.equal(await first, 1);
  const again = limited.withUser(user("alice"), () => Promise.resolve(3));
  await new Promise((r) => setTimeout(r, 0));
  release();
  assert.equal(await again, 3);
});
