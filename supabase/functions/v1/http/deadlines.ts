/**
 * One timer for many deadlines. A request body read registers its deadline here instead of arming a timer of its
 * own: a read that ends in time only adds and removes a Set entry. The timer is armed for the earliest pending
 * deadline and re-armed when it fires. It is http/timer.ts's, on the web platform's timers (the global `setTimeout`
 * of Deno 2.9 loads Node.js's timers module on first use, 13–20 ms of a cold function's first request). It keeps
 * the process alive only while a deadline is pending: paused when the last one is cancelled, resumed by the next
 * (no new timer). A deadline fires at its time (not before), give or take the timer's own precision.
 */
import { later, type Timer } from "./timer.ts";

export interface Deadlines {
  /** Runs `onExpire` once `ms` have passed, unless the returned function is called first (then it never runs). */
  after(ms: number, onExpire: () => void): () => void;
  /** Deadlines registered and neither expired nor cancelled. */
  readonly pending: number;
}

interface Entry {
  readonly at: number;
  readonly fire: () => void;
}

const now = () => performance.now();

export function createDeadlines(): Deadlines {
  const entries = new Set<Entry>();
  let timer: Timer | undefined;
  let armedAt = Number.POSITIVE_INFINITY;
  let paused = false;

  const arm = (at: number) => {
    timer?.pause();
    armedAt = at;
    paused = false;
    timer = later(at - now(), expire);
  };

  const expire = () => {
    timer = undefined;
    armedAt = Number.POSITIVE_INFINITY;
    const t = now();
    let next = Number.POSITIVE_INFINITY;
    for (const entry of entries) {
      // Timers may fire up to a millisecond early; anything due within that fires now.
      if (entry.at <= t + 1) {
        entries.delete(entry);
        try {
          entry.fire();
        } catch {
          // One failing callback must not keep the others (or the next deadlines) from firing.
        }
      } else if (entry.at < next) next = entry.at;
    }
    if (next !== Number.POSITIVE_INFINITY) arm(next);
  };

  return {
    after(ms, onExpire) {
      const entry: Entry = { at: now() + ms, fire: onExpire };
      entries.add(entry);
      if (entry.at < armedAt) arm(entry.at);
      else if (paused) {
        paused = false;
        // Its time came while paused (it ran nothing): arm one for this deadline.
        if (!timer!.resume()) arm(entry.at);
      }
      return () => {
        if (!entries.delete(entry) || entries.size > 0 || paused || timer === undefined) return;
        timer.pause();
        paused = true;
      };
    },
    get pending() {
      return entries.size;
    },
  };
}
