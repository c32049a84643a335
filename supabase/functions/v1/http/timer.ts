/**
 * A one-shot timer on the web platform's own timers. In Deno 2.9 the first call of the global `setTimeout` loads the
 * runtime's Node.js timers module: 13–20 ms, measured on this project's machines, which a cold function's first
 * request would pay (the body read's deadline and the request log each arm a timer). `AbortSignal.timeout` runs on
 * the web timers, already loaded (about 1 ms the first time).
 *
 * Like `setTimeout`, a pending timer keeps the process alive: Deno refs the signal's timer while it has an `abort`
 * listener, and unrefs it when the listener goes. So `pause()` both stops the callback and lets the process exit,
 * and `resume()` (before the time has come) puts both back, with no new timer: a web timer cannot be cleared, only
 * abandoned, and one abandoned per use would stay in the runtime's list until its time.
 */
export interface Timer {
  /** The callback will not run, and the process does not wait for this timer, until `resume()`. */
  pause(): void;
  /** Undoes `pause()`; false (and nothing done) when the time has already come: arm a new timer then. */
  resume(): boolean;
}

export function later(ms: number, run: () => void): Timer {
  const signal = AbortSignal.timeout(Math.max(0, Math.ceil(ms)));
  signal.addEventListener("abort", run, { once: true });
  return {
    pause: () => signal.removeEventListener("abort", run),
    resume() {
      if (signal.aborted) return false;
      signal.addEventListener("abort", run, { once: true });
      return true;
    },
  };
}
