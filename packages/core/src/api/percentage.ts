/**
 * `numerator / denominator × 100`, rounded half to even to 2 decimals, as a JSON number; `null` when the
 * denominator is zero. Computed with BigInt on integers (no floating-point arithmetic): the result is the double
 * nearest to the exact 2-decimal value, so it serializes as that decimal (`12.35`, `-0.5`, `100`).
 */
export function percentage(numerator: number, denominator: number): number | null {
  if (denominator === 0) return null;
  let n = BigInt(numerator) * 10000n;
  let d = BigInt(denominator);
  if (d < 0n) {
    d = -d;
    n = -n;
  }
  const negative = n < 0n;
  if (negative) n = -n;
  let hundredths = n / d;
  const twice = 2n * (n % d);
  if (twice > d || (twice === d && hundredths % 2n === 1n)) hundredths += 1n;
  if (hundredths === 0n) return 0;
  const whole = hundredths / 100n;
  const frac = String(hundredths % 100n).padStart(2, "0");
  return Number(`${negative ? "-" : ""}${whole}.${frac}`);
}
