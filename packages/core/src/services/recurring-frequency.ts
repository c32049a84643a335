/**
 * The frequency table of API.md §9.1 rule 4, and the period arithmetic of its rows. Day periods add days; month
 * periods add months from the anchor date with the day clamped to the month's end (never chained).
 */
import { dayNumber, fromDayNumber } from "../calendar/day-number.ts";
import { addMonths } from "../calendar/months.ts";

const LAST_DAY = dayNumber("9999-12-31");

export type Frequency = "weekly" | "biweekly" | "monthly" | "quarterly" | "annually";

export interface FrequencyRow {
  readonly frequency: Frequency;
  /** Gap range in days, both ends included. */
  readonly minGap: number;
  readonly maxGap: number;
  /** One period: `days` days, or `months` calendar months. */
  readonly days: number;
  readonly months: number;
  readonly graceDays: number;
  readonly minOccurrences: number;
  /** Monthly factor as a fraction. */
  readonly factorNumerator: number;
  readonly factorDenominator: number;
}

export const FREQUENCY_TABLE: readonly FrequencyRow[] = [
  row("weekly", 5, 9, 7, 0, 3, 3, 52, 12),
  row("biweekly", 12, 17, 14, 0, 4, 3, 26, 12),
  row("monthly", 26, 35, 0, 1, 6, 3, 1, 1),
  row("quarterly", 80, 100, 0, 3, 15, 3, 1, 3),
  row("annually", 340, 390, 0, 12, 30, 2, 1, 12),
];

function row(
  frequency: Frequency,
  minGap: number,
  maxGap: number,
  days: number,
  months: number,
  graceDays: number,
  minOccurrences: number,
  factorNumerator: number,
  factorDenominator: number,
): FrequencyRow {
  return { frequency, minGap, maxGap, days, months, graceDays, minOccurrences, factorNumerator, factorDenominator };
}

/** The first row whose gap range holds `gap`, or undefined. */
export function frequencyForGap(gap: number): FrequencyRow | undefined {
  for (const r of FREQUENCY_TABLE) if (gap >= r.minGap && gap <= r.maxGap) return r;
  return undefined;
}

/**
 * `anchor` + `k` periods, computed from the anchor (Jan 31 + 1 month = Feb 28/29, + 2 months = Mar 31). Undefined
 * past 9999-12-31.
 */
export function addPeriods(anchor: string, r: FrequencyRow, k: number): string | undefined {
  if (r.months > 0) return addMonths(anchor, r.months * k);
  const day = dayNumber(anchor) + r.days * k;
  return day <= LAST_DAY ? fromDayNumber(day) : undefined;
}
