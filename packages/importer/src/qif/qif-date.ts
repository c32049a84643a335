import { fullYear, isoDate } from "../text/parse-date.ts";

/** The parts of a QIF date: `1/5/2024`, `01/05/24`, Quicken's `1/ 5'24`, `05.01.2024`. */
export interface QifDateParts {
  readonly first: number;
  readonly second: number;
  readonly year: number;
  /** `.` separates the parts: always day first. */
  readonly dotted: boolean;
}

export function qifDateParts(text: string): QifDateParts | null {
  const match = /^(\d{1,2})\s*([/.-])\s*(\d{1,2})\s*(?:[/.-]|')\s*(\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return null;
  let year = Number(match[4]);
  if (match[4]!.length === 2) year = fullYear(year); // the importer's one rule for two-digit years
  return { first: Number(match[1]), second: Number(match[3]), year, dotted: match[2] === "." };
}

/** The date order of a file: day first when some date can only be read that way, else US (month first). */
export function qifDayFirst(all: readonly QifDateParts[]): boolean {
  if (all.some((p) => p.dotted || p.first > 12)) return true;
  return false;
}

export function qifDate(parts: QifDateParts, dayFirst: boolean): string | null {
  return dayFirst || parts.dotted
    ? isoDate(parts.year, parts.second, parts.first)
    : isoDate(parts.year, parts.first, parts.second);
}
