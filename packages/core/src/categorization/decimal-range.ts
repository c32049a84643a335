/**
 * Exact amount conditions (API.md §10.1): a condition's value is an exact decimal, compared signed with the
 * transaction's amount in that amount's own scale; the value's scale is not checked against the currency. Each
 * condition becomes, per amount scale, an inclusive range of minor units [lo, hi], so the test is two integer
 * comparisons with no rounding: `gt 10.005` on a 2-decimal amount is `minor ≥ 1001`.
 */

/** `units / 10^scale`, with no trailing zeros in `units` (zero has scale 0). */
export interface Decimal {
  readonly units: bigint;
  readonly scale: number;
}

/** Integer digits allowed in a condition's amount (magnitude below 10^15) and fractional digits. */
export const MAX_INTEGER_DIGITS = 15;
export const MAX_FRACTION_DIGITS = 18;

export type DecimalIssue = "invalid_type" | "invalid_format" | "too_many_decimals" | "out_of_range";

const DECIMAL = /^-?(\d+)(?:\.(\d+))?$/;

/** Parses a decimal string or a JSON number exactly, or returns why it cannot be read. */
export function parseDecimal(value: unknown): Decimal | DecimalIssue {
  let text: string;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) return "invalid_format";
    text = String(value);
    if (text.includes("e")) return Math.abs(value) >= 1 ? "out_of_range" : "too_many_decimals";
  } else if (typeof value === "string") {
    text = value;
  } else {
    return "invalid_type";
  }
  const m = DECIMAL.exec(text);
  if (m === null) return "invalid_format";
  const integer = m[1]!.replace(/^0+(?=\d)/, "");
  let fraction = (m[2] ?? "").replace(/0+$/, "");
  if (integer.length > MAX_INTEGER_DIGITS) return "out_of_range";
  if (fraction.length > MAX_FRACTION_DIGITS) return "too_many_decimals";
  let units = BigInt(integer + fraction);
  if (units === 0n) fraction = "";
  if (text.startsWith("-")) units = -units;
  return { units, scale: fraction.length };
}

/** Compares two decimals exactly: negative, zero or positive. */
export function compareDecimals(a: Decimal, b: Decimal): number {
  const s = Math.max(a.scale, b.scale);
  const x = a.units * 10n ** BigInt(s - a.scale);
  const y = b.units * 10n ** BigInt(s - b.scale);
  return x < y ? -1 : x > y ? 1 : 0;
}

export type AmountOp = "eq" | "gt" | "gte" | "lt" | "lte" | "between";

/** An inclusive range of minor units; null is unbounded on that side. */
export interface MinorRange {
  readonly lo: bigint | null;
  readonly hi: bigint | null;
}

function floorDiv(a: bigint, d: bigint): bigint {
  const q = a / d;
  return a % d !== 0n && a < 0n ? q - 1n : q;
}

/** The value at `scale`: exact (`floor` is the value) or not (the value lies strictly between floor and floor + 1). */
function atScale(value: Decimal, scale: number): { floor: bigint; exact: boolean } {
  if (value.scale <= scale) return { floor: value.units * 10n ** BigInt(scale - value.scale), exact: true };
  return { floor: floorDiv(value.units, 10n ** BigInt(value.scale - scale)), exact: false };
}

/** The amounts (minor units at `scale`) that satisfy `op value`; for `between`, `value` is `[low, high]`. */
export function minorRange(op: AmountOp, value: Decimal | readonly [Decimal, Decimal], scale: number): MinorRange {
  if (op === "between") {
    const [low, high] = value as readonly [Decimal, Decimal];
    const l = atScale(low, scale);
    const h = atScale(high, scale);
    return { lo: l.exact ? l.floor : l.floor + 1n, hi: h.floor };
  }
  const { floor, exact } = atScale(value as Decimal, scale);
  switch (op) {
    case "eq":
      return exact ? { lo: floor, hi: floor } : { lo: 1n, hi: 0n }; // an empty range
    case "gt":
      return { lo: floor + 1n, hi: null };
    case "gte":
      return { lo: exact ? floor : floor + 1n, hi: null };
    case "lt":
      return { lo: null, hi: exact ? floor - 1n : floor };
    case "lte":
      return { lo: null, hi: floor };
  }
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

/**
 * The range as numbers for safe-integer amounts: a bound beyond the safe range becomes ±Infinity, which decides
 * every safe amount the same way the exact bound does.
 */
export function numberRange(range: MinorRange): { lo: number; hi: number } {
  const lo = range.lo === null || range.lo < -SAFE ? -Infinity : range.lo > SAFE ? Infinity : Number(range.lo);
  const hi = range.hi === null || range.hi > SAFE ? Infinity : range.hi < -SAFE ? -Infinity : Number(range.hi);
  return { lo, hi };
}
