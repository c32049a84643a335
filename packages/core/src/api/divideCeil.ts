/**
 * Exact integer division rounded towards +∞: `divideCeil(10, 3) = 4`, `divideCeil(-10, 3) = -3`.
 * Operands are safe integers; `divisor` is non-zero.
 */
export function divideCeil(dividend: number, divisor: number): number {
  if (divisor === 0) throw new RangeError("Division by zero");
  const remainder = dividend % divisor;
  let quotient = (dividend - remainder) / divisor;
  if (remainder !== 0 && (remainder > 0) === (divisor > 0)) quotient += 1;
  return quotient === 0 ? 0 : quotient;
}
