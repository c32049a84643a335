/**
 * Reads a rate (API.md §11.1, §11.4): a positive decimal string, or a JSON number read exactly from its text, with
 * no exponent and at most 18 significant digits, counted from the first non-zero digit to the last digit written,
 * trailing zeros included (`"1.2300"` has 5). The result is an exact rational; no binary float is ever computed.
 *
 * A JSON number reaches this function as a double. parseJsonBody has already refused number tokens with an exponent
 * or more than 15 significant digits, and a decimal of at most 15 significant digits is exactly what the double's
 * shortest decimal text (`String(n)`) says, so that text is the token's value (its trailing zeros, which JSON.parse
 * drops, cannot push it past 18 digits).
 */
import { MAX_RATE_SIGNIFICANT_DIGITS, type Rate } from "./rate.ts";

/** Why a rate was rejected (also the `errors[].code`). */
export type RateIssue =
  | "invalid_type"
  | "invalid_format"
  | "exponent_not_allowed"
  | "too_many_digits"
  | "out_of_range";

const PLAIN = /^(-?)([0-9]+)(?:\.([0-9]+))?$/;
const EXPONENT = /^-?[0-9]+(?:\.[0-9]+)?[eE][+-]?[0-9]+$/;
/** `String(n)` of a double in exponent form: `1e-7`, `1.5e+21`. */
const NUMBER_EXPONENT = /^(-?)([0-9])(?:\.([0-9]+))?e([+-][0-9]+)$/;

export function parseRate(value: unknown): Rate | RateIssue {
  if (typeof value === "string") return parseRateText(value);
  if (typeof value !== "number") return "invalid_type";
  if (!Number.isFinite(value)) return "invalid_format";
  const text = String(value);
  const e = NUMBER_EXPONENT.exec(text);
  if (e === null) return parseRateText(text);
  // Expand the double's own exponent form into plain decimal digits (text only, no arithmetic).
  const [, sign, lead, frac = "", exp] = e;
  const digits = lead! + frac;
  const shift = Number(exp) - frac.length;
  const plain = shift >= 0
    ? digits + "0".repeat(shift)
    : -shift >= digits.length
    ? "0." + "0".repeat(-shift - digits.length) + digits
    : `${digits.slice(0, shift)}.${digits.slice(shift)}`;
  return parseRateText(sign + plain);
}

function parseRateText(text: string): Rate | RateIssue {
  // The common case, a plain positive decimal ("1.0832"), in one scan without a regular expression.
  const n = text.length;
  let dot = -1;
  let first = -1;
  let i = 0;
  for (; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (first < 0 && c !== 48) first = i;
    } else if (c === 46 && dot < 0 && i > 0 && i < n - 1) dot = i;
    else break;
  }
  if (i === n && n > 0 && first >= 0) {
    const digits = dot < 0 || first > dot ? n - first : n - first - 1;
    if (digits > MAX_RATE_SIGNIFICANT_DIGITS) return "too_many_digits";
    const numerator = dot < first ? text.slice(first) : text.slice(first, dot) + text.slice(dot + 1);
    return { numerator: BigInt(numerator), scale: dot < 0 ? 0 : n - dot - 1 };
  }
  return parseRateSlow(text);
}

/** The regular-expression reading of a rate text (the reference of the one-scan reading; exported for its test). */
export function parseRateSlow(text: string): Rate | RateIssue {
  const m = PLAIN.exec(text);
  if (m === null) return EXPONENT.test(text) ? "exponent_not_allowed" : "invalid_format";
  const [, sign, intPart, frac = ""] = m;
  const all = intPart! + frac;
  let first = 0;
  while (first < all.length && all.charCodeAt(first) === 48) first++;
  if (first === all.length || sign === "-") return "out_of_range";
  if (all.length - first > MAX_RATE_SIGNIFICANT_DIGITS) return "too_many_digits";
  return { numerator: BigInt(all.slice(first)), scale: frac.length };
}

/** A clear sentence for a rejected rate. */
export function rateIssueMessage(issue: RateIssue, name: string): string {
  switch (issue) {
    case "invalid_type":
      return `${name} must be a decimal string such as "1.0832" or a JSON number.`;
    case "invalid_format":
      return `${name} is not a plain decimal rate: write it like "1.0832" (digits, optional point and decimals; ` +
        "no sign, spaces, separators, NaN or Infinity).";
    case "exponent_not_allowed":
      return `${name} uses exponent notation; write the rate as plain decimal digits.`;
    case "too_many_digits":
      return `${name} has more than ${MAX_RATE_SIGNIFICANT_DIGITS} significant digits (counted from the first ` +
        "non-zero digit to the last digit written, trailing zeros included).";
    case "out_of_range":
      return `${name} must be greater than zero.`;
  }
}
