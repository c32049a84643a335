/**
 * The rates of one request (or of the stored table), indexed per (base, quote) pair by date, for the lookup of
 * API.md §11.2: a pair's usable rate on day d is its rate with the latest date ≤ d, if d − that date ≤ A days
 * (binary search). Duplicates of a (base, quote, date) must be refused before (the index keeps the last).
 */
import { dayNumber } from "../calendar/day-number.ts";
import type { ExchangeRate, Rate } from "./rate.ts";

/** The rates of one pair, ascending by day. */
interface PairRates {
  readonly days: number[];
  readonly dates: string[];
  readonly rates: Rate[];
}

/** A usable rate: its date, its age in days on the requested date, the rate. */
export interface FoundRate {
  readonly date: string;
  readonly ageDays: number;
  readonly rate: Rate;
}

export interface RateIndex {
  /** The usable rate of (base, quote) on `date` with at most `maxAgeDays`, or undefined. */
  find(base: string, quote: string, date: string, maxAgeDays: number): FoundRate | undefined;
  /** The bases B with rates for (B, quote), ascending by code point. */
  basesOf(quote: string): readonly string[];
  /** How many rates are indexed. */
  readonly size: number;
}

export function buildRateIndex(rates: Iterable<ExchangeRate>): RateIndex {
  const byPair = new Map<string, { day: number; date: string; rate: Rate }[]>();
  const bases = new Map<string, Set<string>>();
  let size = 0;
  for (const r of rates) {
    const key = `${r.base}/${r.quote}`;
    let list = byPair.get(key);
    if (list === undefined) byPair.set(key, list = []);
    list.push({ day: dayNumber(r.date), date: r.date, rate: r.rate });
    let set = bases.get(r.quote);
    if (set === undefined) bases.set(r.quote, set = new Set());
    set.add(r.base);
    size++;
  }
  const pairs = new Map<string, PairRates>();
  for (const [key, list] of byPair) {
    list.sort((a, b) => a.day - b.day);
    pairs.set(key, { days: list.map((x) => x.day), dates: list.map((x) => x.date), rates: list.map((x) => x.rate) });
  }
  const sortedBases = new Map<string, readonly string[]>();
  for (const [quote, set] of bases) sortedBases.set(quote, [...set].sort());
  return {
    size,
    basesOf: (quote) => sortedBases.get(quote) ?? [],
    find(base, quote, date, maxAgeDays) {
      const pair = pairs.get(`${base}/${quote}`);
      if (pair === undefined) return undefined;
      const day = dayNumber(date);
      // The last index whose day is ≤ `day`.
      let lo = 0;
      let hi = pair.days.length - 1;
      let at = -1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        if (pair.days[mid]! <= day) {
          at = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      if (at < 0) return undefined;
      const ageDays = day - pair.days[at]!;
      if (ageDays > maxAgeDays) return undefined;
      return { date: pair.dates[at]!, ageDays, rate: pair.rates[at]! };
    },
  };
}
