/**
 * The dates of a net-worth series (API.md §9.3): the last day of each calendar month from the month of `from` to the
 * month of `to`, where the last point is `to` itself (so a `to` inside a month ends the series there). The first
 * point is the last day of `from`'s month, or `to` when that comes first. Requires `from` ≤ `to`.
 */
import { monthOf, yearOf } from "../calendar/dates.ts";
import { calendarMonthsSpanned, monthEnd } from "../calendar/months.ts";

export function monthEndSeries(from: string, to: string): string[] {
  const count = calendarMonthsSpanned(from, to);
  const first = yearOf(from) * 12 + monthOf(from) - 1;
  const dates: string[] = [];
  for (let k = 0; k < count; k++) {
    const index = first + k;
    const end = monthEnd(Math.floor(index / 12), (index % 12) + 1);
    dates.push(end < to ? end : to);
  }
  return dates;
}
