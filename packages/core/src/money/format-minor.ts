/**
 * Formats signed integer minor units as an exact decimal string with exactly `scale` decimals
 * (`1230, 2 → "12.30"`, `-5, 3 → "-0.005"`, `1200, 0 → "1200"`). Zero has no sign.
 */
export function formatMinor(minor: number, scale: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not a safe integer amount of minor units: ${minor}`);
  const negative = minor < 0;
  let digits = String(negative ? -minor : minor);
  if (scale === 0) return negative ? "-" + digits : digits;
  if (digits.length <= scale) digits = "0".repeat(scale - digits.length + 1) + digits;
  const cut = digits.length - scale;
  return (negative ? "-" : "") + digits.slice(0, cut) + "." + digits.slice(cut);
}
