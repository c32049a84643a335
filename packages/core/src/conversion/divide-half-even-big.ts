/**
 * Exact bigint division rounded half to even: `divideHalfEvenBig(5n, 2n) = 2n`, `(7n, 2n) = 4n`, `(-5n, 2n) = -2n`.
 * `divisor` must be positive.
 */
export function divideHalfEvenBig(dividend: bigint, divisor: bigint): bigint {
  if (divisor <= 0n) throw new RangeError("divisor must be positive");
  let quotient = dividend / divisor; // truncates toward zero
  const remainder = dividend - quotient * divisor;
  const twice = 2n * (remainder < 0n ? -remainder : remainder);
  if (twice > divisor || (twice === divisor && (quotient & 1n) !== 0n)) {
    quotient += dividend < 0n ? -1n : 1n;
  }
  return quotient;
}
