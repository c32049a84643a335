/**
 * One timer for many deadlines. A request body read registers its deadline here instead of arming a timer of its
 * own: in Deno 2.9 the global `setTimeout` builds a Node.js `Timeout` object and `clearTimeout` unlinks it again,
 * which costs more than the rest of a small body's read, while a read that ends in time here only adds and removes
 * a Set entry. The timer is armed for the earliest pending deadline and re-armed when it fires. It keeps the process
 * alive only while a deadline is pending (unref'd when the last one is cancelled, ref'd again by the next: a flag,
 * not a new timer). A deadline fires at its time (not before), give or take the timer's own precision.
 */
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

type Timer = ReturnType<typeof setTimeout>;
type DenoTimers = { Deno?: { refTimer?(id: number): void; unrefTimer?(id: number): void } };

/** Whether `timer` keeps the process alive: Node.js-style Timeout objects (Deno 2.9), else Deno's timer ids. */
function setRef(timer: Timer, ref: boolean): void {
  if (typeof timer === "object" && timer !== null && "ref" in timer) {
    const t = timer as { ref(): void; unref(): void };
    if (ref) t.ref();
    else t.unref();
  } else {
    const deno = (globalThis as DenoTimers).Deno;
    if (ref) deno?.refTimer?.(timer as unknown as number);
    else deno?.unrefTimer?.(timer as unknown as number);
  }
}

const now = () => performance.now();

export function createDeadlines(): Deadlines {
  const entries = new Set<Entry>();
  let timer: Timer | undefined;
  let armedAt = Number.POSITIVE_INFINITY;
  let referenced = false;

  const arm = (at: number) => {
    if (timer !== undefined) clearTimeout(timer);
    armedAt = at;
    timer = setTimeout(expire, Math.max(0, Math.ceil(at - now())));
    referenced = true;
  };

  const expire = () => {
    timer = undefined;
    referenced = false;
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
      else if (!referenced) {
        setRef(timer!, true);
        referenced = true;
      }
      return () => {
        if (!entries.delete(entry) || entries.size > 0 || !referenced) return;
        setRef(timer!, false);
        referenced = false;
      };
    },
    get pending() {
      return entries.size;
    },
  };
}
