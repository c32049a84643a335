/**
 * Calendar dates as day numbers (days since 1970-01-01, proleptic Gregorian), for day arithmetic without `Date`:
 * `dayNumber("1970-01-02") = 1`, `fromDayNumber(dayNumber(d) + 7)` is one week after `d`.
 */
import { formatDate } from "./dates.ts";

/** Day number of a valid `YYYY-MM-DD` date (days from civil, H. Hinnant's algorithm). */
export function dayNumber(date: string): number {
  let y = (date.charCodeAt(0) - 48) * 1000 + (date.charCodeAt(1) - 48) * 100 + (date.charCodeAt(2) - 48) * 10 +
    (date.charCodeAt(3) - 48);
  const m = (date.charCodeAt(5) - 48) * 10 + (date.charCodeAt(6) - 48);
  const d = (date.charCodeAt(8) - 48) * 10 + (date.charCodeAt(9) - 48);
  if (m <= 2) y -= 1;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

/** The `YYYY-MM-DD` date of a day number (the inverse of dayNumber). */
export function fromDayNumber(n: number): string {
  const z = n + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 3 : mp - 9;
  return formatDate(era * 400 + yoe + (m <= 2 ? 1 : 0), m, d);
}

/** `date` plus `days` (negative goes back). */
export function addDays(date: string, days: number): string {
  return fromDayNumber(dayNumber(date) + days);
}
