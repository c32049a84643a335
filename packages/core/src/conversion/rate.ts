/**
 * Exchange rates as exact rationals (API.md §11.1): `numerator / 10^scale`, numerator > 0. Never a binary float.
 */

/** One exact positive decimal rate: `numerator / 10^scale`. */
export interface Rate {
  readonly numerator: bigint;
  readonly scale: number;
}

/** `ExchangeRate { date, base, quote, rate }`: one unit of `base` is `rate` units of `quote` on `date`. */
export interface ExchangeRate {
  /** `YYYY-MM-DD`. */
  readonly date: string;
  /** Upper-case ISO 4217 codes; `base` ≠ `quote`. */
  readonly base: string;
  readonly quote: string;
  readonly rate: Rate;
}

/** The most significant digits a rate may have (counted from the first non-zero digit to the last digit written). */
export const MAX_RATE_SIGNIFICANT_DIGITS = 18;

/** Default and bounds of `max_rate_age_days`. */
export const DEFAULT_MAX_RATE_AGE_DAYS = 7;
export const MAX_MAX_RATE_AGE_DAYS = 31;

/** Most rates per request. */
export const MAX_RATES_PER_REQUEST = 20_000;

/** The decimal text of a rate, with its scale's digits (`{123n, 2}` is "1.23"). */
export function formatRate(rate: Rate): string {
  if (rate.scale === 0) return rate.numerator.toString();
  const digits = rate.numerator.toString().padStart(rate.scale + 1, "0");
  return `${digits.slice(0, -rate.scale)}.${digits.slice(-rate.scale)}`;
}
