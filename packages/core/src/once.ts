/** A loader made by `once`: call it for the promise; read `value` for what it has already loaded. */
export interface Once<T> {
  (): Promise<T>;
  /**
   * The value of the fulfilled promise, read without waiting; `undefined` before, while the promise is pending and
   * after it was rejected. A hot path takes `load.value ?? load()` (or `load.value ?? await load()`) to skip the turn
   * of the event loop an `await` costs once the value is there. (A maker whose value may be `undefined` cannot tell
   * "not loaded yet" from it: call the loader.)
   */
  readonly value: T | undefined;
}

/**
 * Something loaded once, on first use (a dynamic `import()` or any promise). The first call runs `make`; every call
 * answers that same promise while it is pending or once it is fulfilled, so concurrent callers share one attempt and
 * `make` runs once. A rejected promise is forgotten: the callers of that attempt get its rejection, and the next call
 * runs `make` again. A `make` that throws instead of rejecting throws to its caller and is tried again the same way.
 */
export function once<T>(make: () => Promise<T>): Once<T> {
  let made: Promise<T> | undefined;
  let value: T | undefined;
  const load = () =>
    made ??= make().then((loaded) => (value = loaded), (error) => {
      made = undefined;
      throw error;
    });
  return Object.defineProperty(load, "value", { get: () => value }) as Once<T>;
}
