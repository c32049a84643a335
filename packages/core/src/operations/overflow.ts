import { OverflowError } from "../problem/validation-error.ts";

/** Runs a service; an OverflowError without a location gets `pointer` (the array whose totals overflowed). */
export function locateOverflow<T>(pointer: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof OverflowError && error.errors[0]?.pointer === undefined) throw new OverflowError(pointer);
    throw error;
  }
}
