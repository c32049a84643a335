/**
 * Converts an amount in minor units of a currency with `fromScale` decimals into minor units of a currency with
 * `toScale` decimals, at the exact rational factor `numerator / denominator` (units of the target per unit of the
 * source), with ONE half-to-even rounding (API.md §11.3). All bigint: no binary float anywhere.
 *
 * value in target minor units = amount × 10^(toScale − fromScale) × numerator / denominator.
 */
import { divideHalfEvenBig } from "./divide-half-even-big.ts";

export interface Factor {
  /** Positive. */
  readonly numerator: bigint;
  /** Positive. */
  readonly denominator: bigint;
}

export function convertMinor(amountMinor: bigint, fromScale: number, toScale: number, factor: Factor): bigint {
  let numerator = amountMinor * factor.numerator;
  let denominator = factor.denominator;
  if (toScale >= fromScale) numerator *= 10n ** BigInt(toScale - fromScale);
  else denominator *= 10n ** BigInt(fromScale - toScale);
  return divideHalfEvenBig(numerator, denominator);
}
