import { compareCodePoints } from "./code-point-order.ts";

/** Compares category names by Unicode code points (SQL `collate "C"`), with null (uncategorized) last. */
export function compareCategory(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return compareCodePoints(a, b);
}
