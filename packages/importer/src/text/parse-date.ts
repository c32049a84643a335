/**
 * The date notations a CSV mapping may name (`date_format`). Day and month may have one or two digits, and the cell
 * may be padded with spaces. Two-digit years (`DD.MM.YY`, as DKB, Sparkasse and comdirect export; QIF's `01/05'24`
 * too) follow one rule in the whole importer: 00–79 are 2000–2079, 80–99 are 1980–1999. Statements are about the
 * recent past, so a fixed window that reaches from 1980 to 2079 reads every real export the same way on any day
 * (a window sliding with today's date would read an old file differently next year).
 */
export type DateFormat = "YYYY-MM-DD" | "DD.MM.YYYY" | "DD.MM.YY" | "MM/DD/YYYY" | "DD/MM/YYYY" | "YYYYMMDD";
export const DATE_FORMATS: readonly DateFormat[] = [
  "YYYY-MM-DD",
  "DD.MM.YYYY",
  "DD.MM.YY",
  "MM/DD/YYYY",
  "DD/MM/YYYY",
  "YYYYMMDD",
];

/** Each accepted format with an example of 5 March 2026, for messages and the command's help. */
export const DATE_FORMAT_EXAMPLES: Readonly<Record<DateFormat, string>> = {
  "YYYY-MM-DD": "2026-03-05",
  "DD.MM.YYYY": "05.03.2026",
  "DD.MM.YY": "05.03.26",
  "MM/DD/YYYY": "03/05/2026",
  "DD/MM/YYYY": "05/03/2026",
  "YYYYMMDD": "20260305",
};

/** The pivot of two-digit years: below it 20xx, from it 19xx. */
export const TWO_DIGIT_YEAR_PIVOT = 80;

/** "YYYY-MM-DD (2026-03-05), DD.MM.YYYY (05.03.2026), ...": every accepted format, as messages list them. */
export function acceptedDateFormats(): string {
  return DATE_FORMATS.map((f) => `${f} (${DATE_FORMAT_EXAMPLES[f]})`).join(", ");
}

const PATTERNS: Record<DateFormat, { re: RegExp; y: number; m: number; d: number }> = {
  "YYYY-MM-DD": { re: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, y: 1, m: 2, d: 3 },
  "DD.MM.YYYY": { re: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, y: 3, m: 2, d: 1 },
  "DD.MM.YY": { re: /^(\d{1,2})\.(\d{1,2})\.(\d{2})$/, y: 3, m: 2, d: 1 },
  "MM/DD/YYYY": { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, y: 3, m: 1, d: 2 },
  "DD/MM/YYYY": { re: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, y: 3, m: 2, d: 1 },
  "YYYYMMDD": { re: /^(\d{4})(\d{2})(\d{2})$/, y: 1, m: 2, d: 3 },
};

/** `YYYY-MM-DD` from year, month and day, or null when that day does not exist (31 April, 29 February 2025). */
export function isoDate(year: number, month: number, day: number): string | null {
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return null;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  const days = month === 2 ? (leap ? 29 : 28) : [4, 6, 9, 11].includes(month) ? 30 : 31;
  if (day > days) return null;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The year of a two-digit year: 00–79 → 2000–2079, 80–99 → 1980–1999. */
export function fullYear(twoDigits: number): number {
  return twoDigits < TWO_DIGIT_YEAR_PIVOT ? 2000 + twoDigits : 1900 + twoDigits;
}

/** Parses `text` in `format` into `YYYY-MM-DD`; null when it is not a real date in that notation. */
export function parseDate(text: string, format: DateFormat): string | null {
  const spec = PATTERNS[format];
  const match = spec.re.exec(text.trim());
  if (!match) return null;
  const written = match[spec.y]!;
  const year = written.length === 2 ? fullYear(Number(written)) : Number(written);
  return isoDate(year, Number(match[spec.m]), Number(match[spec.d]));
}
