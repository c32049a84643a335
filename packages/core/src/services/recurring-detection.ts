/**
 * Whether one group of occurrences is a recurring stream, and its schedule (API.md §9.1 rules 3–7): frequency from
 * the median gap, the two-thirds rule, the predicted next date, the status at `as_of` and the amounts.
 */
import { dayNumber } from "../calendar/day-number.ts";
import type { Calculator } from "../money/calculator.ts";
import { divideHalfEven } from "../api/divideHalfEven.ts";
import { addPeriods, frequencyForGap, type FrequencyRow } from "./recurring-frequency.ts";

export type Direction = "inflow" | "outflow";
export type StreamStatus = "active" | "late" | "ended";

/** One (key, direction) group: its distinct dates, ascending, with the summed amount of each (signed minor units). */
export interface OccurrenceGroup {
  readonly key: string;
  readonly direction: Direction;
  readonly dates: readonly string[];
  readonly amounts: readonly number[];
}

export interface StreamSchedule {
  readonly row: FrequencyRow;
  readonly status: StreamStatus;
  readonly first_date: string;
  readonly last_date: string;
  readonly predicted_next_date: string;
  readonly occurrence_count: number;
  /** Mean of the occurrence amounts, rounded half-to-even. */
  readonly average_amount: number;
  readonly last_amount: number;
  /** Exact mean × the monthly factor, rounded once, half-to-even. */
  readonly monthly_amount: number;
}

const gapBuffer = { gaps: new Int32Array(64) };

/** The stream schedule of a group at `asOf`, or null when the group is not a stream. */
export function detectStream(group: OccurrenceGroup, asOf: string, calc: Calculator): StreamSchedule | null {
  const n = group.dates.length;
  if (n < 2) return null;
  const m = n - 1;
  if (gapBuffer.gaps.length < m) gapBuffer.gaps = new Int32Array(m * 2);
  const gaps = gapBuffer.gaps.subarray(0, m);
  let previous = dayNumber(group.dates[0]!);
  for (let i = 1; i < n; i++) {
    const day = dayNumber(group.dates[i]!);
    gaps[i - 1] = day - previous;
    previous = day;
  }
  const row = frequencyForGap(lowerMedian(gaps));
  if (row === undefined || n < row.minOccurrences) return null;
  let inRange = 0;
  for (let i = 0; i < m; i++) if (gaps[i]! >= row.minGap && gaps[i]! <= row.maxGap) inRange++;
  if (3 * inRange < 2 * m) return null;

  const last = group.dates[m]!;
  const next = addPeriods(last, row, 1);
  if (next === undefined) return null;
  const afterTwo = addPeriods(last, row, 2);
  const status: StreamStatus = afterGrace(next, row, asOf)
    ? (afterTwo === undefined || afterGrace(afterTwo, row, asOf) ? "ended" : "late")
    : "active";
  let sum = 0;
  for (let i = 0; i < n; i++) sum = calc.add(sum, group.amounts[i]!);
  return {
    row,
    status,
    first_date: group.dates[0]!,
    last_date: last,
    predicted_next_date: next,
    occurrence_count: n,
    average_amount: divideHalfEven(sum, n),
    last_amount: group.amounts[m]!,
    monthly_amount: divideHalfEven(calc.multiply(sum, row.factorNumerator), n * row.factorDenominator),
  };
}

/** Whether `asOf` is later than `date` + the row's grace days. */
function afterGrace(date: string, row: FrequencyRow, asOf: string): boolean {
  return dayNumber(asOf) > dayNumber(date) + row.graceDays;
}

/** The median of the gaps; for an even count, the lower middle one. Sorts `gaps` in place. */
function lowerMedian(gaps: Int32Array): number {
  gaps.sort();
  return gaps[(gaps.length - 1) >> 1]!;
}
