/**
 * A counting semaphore with an acquire timeout: at most `max` transactions run at once (the pool size, or 1 for
 * single-connection PGlite, which must never interleave two transactions), and a request that waits longer than
 * the timeout for a slot gets DatabaseUnavailableError instead of queueing forever.
 */
import { DatabaseUnavailableError } from "../errors.ts";

export interface Gate {
  /** Resolves with a release function (idempotent) once a slot is free. */
  acquire(timeoutMs: number): Promise<() => void>;
  /** The release at once when a slot is free (no turn of the event loop), else undefined: then `acquire`. */
  tryAcquire(): (() => void) | undefined;
  readonly active: number;
  readonly waiting: number;
}

/** `timeoutError` makes the error a waiter that timed out is rejected with (default: DatabaseUnavailableError). */
export function createGate(max: number, timeoutError?: () => Error): Gate {
  let active = 0;
  const queue: Array<() => void> = [];

  const releaser = () => {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = queue.shift();
      if (next) next(); // hand the slot straight to the next waiter
      else active--;
    };
  };

  return {
    get active() {
      return active;
    },
    get waiting() {
      return queue.length;
    },
    tryAcquire() {
      if (active >= max) return undefined;
      active++;
      return releaser();
    },
    acquire(timeoutMs) {
      if (active < max) {
        active++;
        return Promise.resolve(releaser());
      }
      return new Promise((resolve, reject) => {
        const grant = () => {
          clearTimeout(timer);
          resolve(releaser());
        };
        const timer = setTimeout(() => {
          const i = queue.indexOf(grant);
          if (i >= 0) queue.splice(i, 1);
          reject(
            timeoutError?.() ??
              new DatabaseUnavailableError("No database connection became free in time; try again shortly."),
          );
        }, timeoutMs);
        queue.push(grant);
      });
    },
  };
}
