/**
 * Fixed-window counts per key in memory, as rate-limiter-flexible's memory store counts them: a key's window starts
 * with its first points and lasts `windowMs`; points add up inside it (refused ones too); the first points after it
 * start a new window. At most `maxKeys` keys are held: a new key past that makes the oldest one forgotten.
 *
 * Memory is given back as windows end, without a timer per key: every window has the same length and a key is
 * (re)inserted when its window starts, so the Map's insertion order is the order of expiry. One timer, armed for the
 * oldest window's end, deletes every ended window from the front and re-arms for the next; it never keeps the process
 * alive. It is armed only once `sweepFrom` keys are held (256 by default): the global `setTimeout` of Deno 2.9
 * loads Node.js's timers module on first use (13–20 ms), which a cold function's first request must not pay, and
 * fewer windows than that are a few kilobytes, given back when their key's next window starts or when the count
 * reaches `sweepFrom` and the sweep starts (from then on it runs whenever windows are held).
 */
export interface WindowCount {
  /** Points counted in the key's current window, these included. */
  readonly consumedPoints: number;
  /** Milliseconds until the key's window ends. */
  readonly msBeforeNext: number;
}

export interface WindowCounter {
  /** Adds `points` to `key`'s window (starting one when there is none) and answers the window's count. */
  add(key: string, points: number): WindowCount;
  /** Keys held. */
  readonly size: number;
}

interface Window {
  points: number;
  readonly endsAt: number;
}

type Timer = ReturnType<typeof setTimeout>;

/** Does not keep the process alive: Node.js-style Timeout objects (Deno 2.9's setTimeout), else Deno's timer ids. */
function unref(timer: Timer): void {
  if (typeof timer === "object" && timer !== null && "unref" in timer) (timer as { unref(): void }).unref();
  else (globalThis as { Deno?: { unrefTimer?(id: number): void } }).Deno?.unrefTimer?.(timer as unknown as number);
}

export function windowCounter(windowMs: number, maxKeys: number, sweepFrom = 256): WindowCounter {
  const windows = new Map<string, Window>();
  let timer: Timer | undefined;
  /** Whether the sweep has started (`sweepFrom` keys were held once): from then on it runs whenever windows are held. */
  let sweeping = false;

  const sweep = () => {
    timer = undefined;
    const now = Date.now();
    for (const [key, window] of windows) {
      if (window.endsAt > now) {
        arm(window.endsAt - now);
        return;
      }
      windows.delete(key);
    }
  };
  const arm = (ms: number) => {
    timer = setTimeout(sweep, ms);
    unref(timer);
  };

  return {
    get size() {
      return windows.size;
    },
    add(key, points) {
      const now = Date.now();
      const window = windows.get(key);
      if (window !== undefined) {
        if (window.endsAt > now) {
          window.points += points;
          return { consumedPoints: window.points, msBeforeNext: window.endsAt - now };
        }
        windows.delete(key); // ended, not swept yet: its new window goes to the back of the order
      } else if (windows.size >= maxKeys) {
        const oldest = windows.keys().next().value;
        if (oldest !== undefined) windows.delete(oldest);
      }
      windows.set(key, { points, endsAt: now + windowMs });
      if (timer === undefined && (sweeping || windows.size >= sweepFrom)) {
        sweeping = true;
        arm(windows.values().next().value!.endsAt - now);
      }
      return { consumedPoints: points, msBeforeNext: windowMs };
    },
  };
}
