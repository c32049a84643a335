/** The date notations a statement file may use. */
export type DateFormat = "YYYY-MM-DD" | "DD.MM.YYYY" | "MM/DD/YYYY" | "DD/MM/YYYY" | "YYYYMMDD";
export const DATE_FORMATS: readonly DateFormat[] = ["YYYY-MM-DD", "DD.MM.YYYY", "MM/DD/YYYY", "DD/MM/YYYY", "YYYYMMDD"];

const PATTERNS: Record<DateFormat, { re: RegExp; y: number; m: number; d: number }> = {
  "YYYY-MM-DD": { re: /^(\d{4})-(\d{1,2})-(\d{1,2})$/, y: 1, m: 2, d: 3 },
  "DD.MM.YYYY": { re: /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/, y: 3, m: 2, d: 1 },
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

/** Parses `text` in `format` into `YYYY-MM-DD`; null when it is not a real date in that notation. */
export function parseDate(text: string, format: DateFormat): string | null {
  const spec = PATTERNS[format];
  const match = spec.re.exec(text.trim());
  if (!match) return null;
  return isoDate(Number(match[spec.y]), Number(match[spec.m]), Number(match[spec.d]));
}
