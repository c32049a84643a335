import { daysInMonth, formatDate, parseDate, type YearMonthDay } from "./dates.ts";

/** The latest date this API represents. */
export const MAX_DATE = "9999-12-31";

/** First day of a month: `monthStart(2024, 2) = "2024-02-01"`. */
export function monthStart(year: number, month: number): string {
  return formatDate(year, month, 1);
}

/** Last day of a month: `monthEnd(2024, 2) = "2024-02-29"`. */
export function monthEnd(year: number, month: number): string {
  return formatDate(year, month, daysInMonth(year, month));
}

function mustParse(date: string): YearMonthDay {
  const parsed = parseDate(date);
  if (parsed === undefined) throw new RangeError(`Not a valid date: ${date}`);
  return parsed;
}

/**
 * Adds `n` calendar months, clamping the day to the end of the target month (`2024-01-31 + 1 = 2024-02-29`,
 * `2023-01-31 + 1 = 2023-02-28`). Returns `undefined` when the result falls outside years 0001–9999.
 */
export function addMonths(date: string, n: number): string | undefined {
  const { year, month, day } = mustParse(date);
  const index = year * 12 + (month - 1) + n;
  const y = Math.floor(index / 12);
  const m = index - y * 12 + 1;
  if (y < 1 || y > 9999) return undefined;
  return formatDate(y, m, Math.min(day, daysInMonth(y, m)));
}

/**
 * Whole months from `from` to `to`: the largest n ≥ 0 with `addMonths(from, n) ≤ to`; 0 when `to` ≤ `from`.
 * `2026-01-15 → 2026-03-14` is 1, `→ 2026-03-15` is 2; `2024-01-31 → 2024-02-29` is 1 (month-end clamping).
 */
export function wholeMonthsBetween(from: string, to: string): number {
  if (to <= from) return 0;
  const a = mustParse(from);
  const b = mustParse(to);
  let n = (b.year - a.year) * 12 + (b.month - a.month);
  while (n > 0 && addMonths(from, n)! > to) n--;
  return n;
}

/**
 * How many of the monthly dates `from`, `from + 1 month`, `from + 2 months`, … (each `addMonths(from, k)`, so the
 * day is `from`'s day clamped to the month's end) fall on or before `to`: `wholeMonthsBetween(from, to) + 1` when
 * `to` ≥ `from`, 0 when `to` < `from`. `2026-11-21 → 2027-04-30` is 6 (Nov 21, Dec 21, …, Apr 21), `→ 2027-04-20`
 * is 5, a single day (`to` = `from`) is 1; `2026-01-31 → 2026-02-28` is 2 (Jan 31, Feb 28).
 */
export function monthlyDatesThrough(from: string, to: string): number {
  if (to < from) return 0;
  return wholeMonthsBetween(from, to) + 1;
}

/**
 * Calendar months touched from the month of `from` to the month of `to`, both included:
 * `2026-01-31 → 2026-02-01` is 2, a single date is 1. Requires `from` ≤ `to`.
 */
export function calendarMonthsSpanned(from: string, to: string): number {
  const a = mustParse(from);
  const b = mustParse(to);
  return (b.year - a.year) * 12 + (b.month - a.month) + 1;
}
