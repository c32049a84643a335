/**
 * The money and date fields of an MT940 file read from its text, exactly. mt940js reads amounts as floats rounded to
 * two decimals (a KWD `10,125` became 10.13, a EUR `0,005` became 0.00), builds dates with `Date.UTC` (so
 * `250230` rolled over to 2025-03-02), and gives a booking date the value date's year (`:61:2601021231` became
 * 2026-12-31). mt940js still splits the statements and reads the `:86:` details; these fields replace its numbers
 * and dates, one for one in file order.
 *
 * - `:61:` `YYMMDD[MMDD](R?)(D|C)[funds code]amount`: the value date, the booking date (its year the one that puts it
 *   nearest the value date: `1231` booked for a value date of 2026-01-02 is 2025-12-31), the signed amount as a
 *   decimal string (`D` negative, an `R` reversal flips the sign).
 * - `:60F:`/`:60M:` and `:62F:`/`:62M:` `(D|C)YYMMDD CCY amount`: the opening and closing balances and their dates.
 * A date that is not a real calendar date is null (the line is then an error, the balance unreadable).
 */

import { isoDate } from "../text/parse-date.ts";

export interface RawLine {
  /** The booking date, else the value date; null when neither is a real date. */
  readonly date: string | null;
  /** Signed decimal string (`-10.125`); null when unreadable. */
  readonly amount: string | null;
}

export interface RawBalance {
  readonly date: string | null;
  readonly amount: string | null;
}

export interface RawFields {
  readonly lines: RawLine[];
  readonly openings: RawBalance[];
  readonly closings: RawBalance[];
}

/** `10,125` with a D/C mark (and an optional R before it) as `-10.125`; null when it is not a number. */
function signedAmount(mark: string, digits: string): string | null {
  const m = /^(\d+),(\d*)$/.exec(digits);
  if (!m) return null;
  const value = m[2] ? `${m[1]}.${m[2]}` : m[1]!;
  const negative = (mark.endsWith("D")) !== mark.startsWith("R");
  return negative && /[1-9]/.test(value) ? `-${value}` : value;
}

/** The year for a booking `MMDD` nearest the value date (the booking may fall in the year before or after it). */
function bookingDate(value: string, month: number, day: number): string | null {
  const year = Number(value.slice(0, 4));
  const valueTime = Date.parse(value);
  let best: string | null = null;
  for (const y of [year - 1, year, year + 1]) {
    const candidate = isoDate(y, month, day);
    if (candidate === null) continue;
    if (best === null || Math.abs(Date.parse(candidate) - valueTime) < Math.abs(Date.parse(best) - valueTime)) {
      best = candidate;
    }
  }
  return best;
}

const LINE = /^:61:(\d{2})(\d{2})(\d{2})(?:(\d{2})(\d{2}))?(R?[DC])[A-Z]?([0-9,]{1,16})/;
const BALANCE = /^:6([02])[FM]:([DC])(\d{2})(\d{2})(\d{2})[A-Z]{3}([0-9,]{1,16})/;

export function readRawFields(text: string): RawFields {
  const lines: RawLine[] = [];
  const openings: RawBalance[] = [];
  const closings: RawBalance[] = [];
  for (const row of text.split("\n")) {
    if (row.startsWith(":61:")) {
      const m = LINE.exec(row);
      if (!m) {
        lines.push({ date: null, amount: null });
        continue;
      }
      const value = isoDate(2000 + Number(m[1]), Number(m[2]), Number(m[3]));
      const booked = m[4] === undefined || value === null ? null : bookingDate(value, Number(m[4]), Number(m[5]));
      lines.push({ date: m[4] === undefined ? value : booked, amount: signedAmount(m[6]!, m[7]!) });
    } else if (/^:6[02][FM]:/.test(row)) {
      const m = BALANCE.exec(row);
      const balance = m
        ? { date: isoDate(2000 + Number(m[3]), Number(m[4]), Number(m[5])), amount: signedAmount(m[2]!, m[6]!) }
        : { date: null, amount: null };
      (row[2] === "0" ? openings : closings).push(balance);
    }
  }
  return { lines, openings, closings };
}
