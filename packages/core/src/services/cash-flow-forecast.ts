/**
 * Cash-flow forecast and runway (API.md §9.2, §9.6): the projected events of the active and late streams up to
 * `as_of` + `horizon_days`, the end-of-day balances, the lowest balance, the first negative date, and the runway
 * from the trailing 90-day net.
 */
import { addDays } from "../calendar/day-number.ts";
import type { Calculator } from "../money/calculator.ts";
import { OverflowError } from "../problem/validation-error.ts";
import type { StreamStatus } from "./recurring-detection.ts";
import { addPeriods, type FrequencyRow } from "./recurring-frequency.ts";

export interface ProjectedStream {
  readonly id: string;
  readonly name: string;
  readonly status: StreamStatus;
  readonly last_date: string;
  readonly row: FrequencyRow;
  readonly average_amount: number;
}

export interface ForecastInput {
  readonly asOf: string;
  /** `as_of` + horizon_days (the caller checks it is a representable date). */
  readonly endDate: string;
  readonly startingBalance: number;
  /** Signed sum of the income and expense amounts dated as_of − 89 days … as_of. */
  readonly trailingNet: number;
  readonly streams: readonly ProjectedStream[];
}

export type RunwayStatus = "stable" | "watch" | "urgent";

export interface ForecastEvent {
  readonly date: string;
  readonly stream_id: string;
  readonly name: string;
  readonly amount: number;
}

export interface ForecastResult {
  readonly ending_balance: number;
  readonly projected_inflow: number;
  readonly projected_outflow: number;
  readonly lowest_balance: number;
  readonly lowest_balance_date: string;
  readonly first_negative_date: string | null;
  readonly runway_days: number | null;
  readonly runway_status: RunwayStatus;
  readonly events: ForecastEvent[];
  readonly balances: { date: string; balance: number }[];
}

/** First day of the trailing 90-day window that ends on `asOf`. */
export function trailingWindowStart(asOf: string): string {
  return addDays(asOf, -89);
}

export function cashFlowForecast(input: ForecastInput, calc: Calculator): ForecastResult {
  const { asOf, endDate } = input;
  const events: ForecastEvent[] = [];
  for (const s of input.streams) {
    if (s.status === "ended") continue;
    for (let k = 1;; k++) {
      const date = addPeriods(s.last_date, s.row, k);
      if (date === undefined || date > endDate) break;
      if (date > asOf) events.push({ date, stream_id: s.id, name: s.name, amount: s.average_amount });
    }
  }
  events.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.stream_id < b.stream_id ? -1 : 1));
  const balances: { date: string; balance: number }[] = [];
  let balance = input.startingBalance;
  let inflow = 0;
  let outflow = 0;
  let lowest = balance;
  let lowestDate = asOf;
  let firstNegative: string | null = balance < 0 ? asOf : null;
  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    balance = calc.add(balance, e.amount);
    if (e.amount > 0) inflow = calc.add(inflow, e.amount);
    else outflow = calc.subtract(outflow, e.amount);
    if (i + 1 < events.length && events[i + 1]!.date === e.date) continue; // end of day only
    balances.push({ date: e.date, balance });
    if (balance < lowest) {
      lowest = balance;
      lowestDate = e.date;
    }
    if (firstNegative === null && balance < 0) firstNegative = e.date;
  }
  const runway = runwayDays(input.startingBalance, input.trailingNet);
  return {
    ending_balance: balance,
    projected_inflow: inflow,
    projected_outflow: outflow,
    lowest_balance: lowest,
    lowest_balance_date: lowestDate,
    first_negative_date: firstNegative,
    runway_days: runway,
    runway_status: runway === null || runway >= 90 ? "stable" : runway >= 30 ? "watch" : "urgent",
    events,
    balances,
  };
}

/**
 * null when the trailing net is ≥ 0 (whatever the balance); else 0 when the balance is ≤ 0; else
 * floor(balance × 90 ÷ −net), in exact integers. A runway beyond 2^53 − 1 days is an OverflowError.
 */
export function runwayDays(startingBalance: number, trailingNet: number): number | null {
  if (trailingNet >= 0) return null;
  if (startingBalance <= 0) return 0;
  const days = (BigInt(startingBalance) * 90n) / BigInt(-trailingNet);
  if (days > BigInt(Number.MAX_SAFE_INTEGER)) throw new OverflowError();
  return Number(days);
}
