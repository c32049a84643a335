import { MAX_MONEY_MINOR } from "../money/limits.ts";
import { ValidationError } from "../problem/validation-error.ts";

const MAX = BigInt(MAX_MONEY_MINOR);

/**
 * 422 `out_of_range` when a converted amount or a conversion total is beyond 10^15 − 1 minor units (API.md §11.4),
 * at `pointer` (or the body's root when unknown) or, on GET, at the query parameter `parameter`.
 */
export function checkConvertedRange(minor: bigint, what: string, at?: { pointer?: string; parameter?: string }): void {
  if (minor <= MAX && minor >= -MAX) return;
  throw new ValidationError([{
    ...(at?.parameter !== undefined ? { parameter: at.parameter } : { pointer: at?.pointer ?? "" }),
    code: "out_of_range",
    message: `${what} is beyond 10^15 − 1 minor units, the largest amount this API computes.`,
  }]);
}
