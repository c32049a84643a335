/**
 * The checks every rate passes, whatever its file: a real `YYYY-MM-DD` date, three-letter codes, and a positive
 * plain decimal (no sign, no exponent) with at most 18 significant digits, counted from the first non-zero digit to
 * the last digit written, trailing zeros included (API.md §11.1, §11.4). Texts only: a rate is never a float.
 */
import { currencyScale } from "@pfa/core";
import { isoDate } from "../text/parse-date.ts";

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CODE = /^[A-Z]{3}$/;
export const MAX_SIGNIFICANT_DIGITS = 18;

/** Why `text` is not a usable rate, or null when it is one. */
export function rateProblem(text: string): string | null {
  const m = DECIMAL.exec(text);
  if (!m) return `the rate "${text}" is not a plain decimal number (digits, an optional point and decimals)`;
  const digits = (m[1]! + (m[2] ?? "")).replace(/^0+/, "");
  if (digits === "") return `the rate "${text}" is zero; a rate is positive`;
  if (digits.length > MAX_SIGNIFICANT_DIGITS) {
    return `the rate "${text}" has ${digits.length} significant digits; at most ${MAX_SIGNIFICANT_DIGITS} are allowed`;
  }
  return null;
}

/** `YYYY-MM-DD` when `text` is a real date in that notation, else null. */
export function rateDate(text: string): string | null {
  const m = DATE.exec(text);
  return m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : null;
}

/** A code is well-formed (three capital letters); `known` when the API knows it as a current ISO 4217 code. */
export function codeShape(code: string): "known" | "unknown" | "malformed" {
  if (!CODE.test(code)) return "malformed";
  return currencyScale(code) === undefined ? "unknown" : "known";
}
