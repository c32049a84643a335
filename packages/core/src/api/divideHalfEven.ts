/**
 * Exact integer division rounded half to even (banker's rounding): `divideHalfEven(5, 2) = 2`,
 * `divideHalfEven(7, 2) = 4`, `divideHalfEven(-5, 2) = -2`. Operands are safe integers; `divisor` is non-zero.
 * No floating-point division of money: the remainder is exact and the quotient of an exact multiple is exact.
 */
export function divideHalfEven(dividend: number, divisor: number): number {
  if (divisor === 0) throw new RangeError("Division by zero");
  const remainder = dividend % divisor;
  let quotient = (dividend - remainder) / divisor;
  const twice = 2 * Math.abs(remainder);
  const magnitude = Math.abs(divisor);
  if (twice > magnitude || (twice === magnitude && quotient % 2 !== 0)) {
    quotient += (dividend < 0) === (divisor < 0) ? 1 : -1;
  }
  return quotient === 0 ? 0 : quotient;
}
