/** Calendar-date helpers for the data generators: `YYYY-MM-DD` strings, computed in UTC (no time zone). */

function toDate(iso: string): Date {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) throw new RangeError(`not a YYYY-MM-DD date: ${iso}`);
  return new Date(`${iso}T00:00:00Z`);
}

function fromDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  const d = toDate(iso);
  d.setUTCDate(d.getUTCDate() + days);
  return fromDate(d);
}

/** First day of the month `months` after the month of `iso` (negative goes back). */
export function addMonths(iso: string, months: number): string {
  const d = toDate(iso);
  return fromDate(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, 1)));
}

export function monthStart(iso: string): string {
  return `${iso.slice(0, 7)}-01`;
}

export function daysInMonth(iso: string): number {
  const d = toDate(iso);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
}

export function monthEnd(iso: string): string {
  return `${iso.slice(0, 7)}-${String(daysInMonth(iso)).padStart(2, "0")}`;
}

/** The date `day` of the month of `iso`, clamped to the month's last day. */
export function dayOfMonth(iso: string, day: number): string {
  return `${iso.slice(0, 7)}-${String(Math.min(day, daysInMonth(iso))).padStart(2, "0")}`;
}

/** The first days of the `count` calendar months that end with the month of `lastIso`, oldest first. */
export function monthsEndingWith(lastIso: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addMonths(lastIso, i - count + 1));
}

export function minDate(a: string, b: string): string {
  return a < b ? a : b;
}
