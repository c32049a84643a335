/**
 * The last request's objects of a few per-request classes, kept alive on purpose (as contracts/fast-array.ts keeps the
 * last transactions and converted-shapes.ts a small conversion). V8 holds the hidden classes of class instances weakly:
 * when every instance has died, a full garbage collection frees them and V8 throws away the optimized code built on
 * them, which the next request then runs unoptimized until it is compiled again. One live instance per class keeps
 * that code valid. Nothing here is ever read.
 */
const kept = new Map<string, unknown>();

/** Keeps `value` alive until the next call with the same `name`. */
export function keepAlive(name: string, value: unknown): void {
  kept.set(name, value);
}
