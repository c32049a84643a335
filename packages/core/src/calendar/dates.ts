/**
 * Calendar dates as `YYYY-MM-DD` strings (years 0001–9999, proleptic Gregorian, no time zone). Strings in this
 * form sort chronologically, so services compare them directly. Nothing here touches `Date` or a time zone.
 */
export interface YearMonthDay {
  readonly year: number;
  readonly month: number;
  readonly day: number;
}

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

const DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

export function daysInMonth(year: number, month: number): number {
  return month === 2 && isLeapYear(year) ? 29 : DAYS[month - 1]!;
}

function digit(s: string, i: number): number {
  const c = s.charCodeAt(i) - 48;
  return c >= 0 && c <= 9 ? c : -1;
}

/** True when `s` is a real `YYYY-MM-DD` date (years 0001–9999). Allocation-free: used on hot paths. */
export function isValidDate(s: string): boolean {
  return dateNumber(s) >= 0;
}

/**
 * A real `YYYY-MM-DD` date as the number yyyymmdd (2026-03-14 is 20260314: the same order as the strings), or -1
 * when `s` is not one (isValidDate). Allocation-free: the year and month of a hot loop without slicing strings.
 */
export function dateNumber(s: string): number {
  if (s.length !== 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return -1;
  const y0 = digit(s, 0), y1 = digit(s, 1), y2 = digit(s, 2), y3 = digit(s, 3);
  const m0 = digit(s, 5), m1 = digit(s, 6), d0 = digit(s, 8), d1 = digit(s, 9);
  if ((y0 | y1 | y2 | y3 | m0 | m1 | d0 | d1) < 0) return -1;
  const year = y0 * 1000 + y1 * 100 + y2 * 10 + y3;
  const month = m0 * 10 + m1;
  const day = d0 * 10 + d1;
  const real = year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
  return real ? year * 10000 + month * 100 + day : -1;
}

/** Parses a strict `YYYY-MM-DD` date; `undefined` unless it is a real date (2026-02-30 and 2025-02-29 are not). */
export function parseDate(s: string): YearMonthDay | undefined {
  if (!isValidDate(s)) return undefined;
  return { year: Number(s.slice(0, 4)), month: Number(s.slice(5, 7)), day: Number(s.slice(8, 10)) };
}

/** Formats a year, month and day as `YYYY-MM-DD`. */
export function formatDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, "0")}-${month < 10 ? "0" : ""}${month}-${day < 10 ? "0" : ""}${day}`;
}

/** Year of a valid date string. */
export function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

/** Month (1–12) of a valid date string. */
export function monthOf(date: string): number {
  return Number(date.slice(5, 7));
}
