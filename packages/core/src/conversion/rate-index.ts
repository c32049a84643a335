/**
 * The rates of one request (or of the stored table), indexed per (base, quote) pair by date, for the lookup of
 * API.md §11.2: a pair's usable rate on day d is its rate with the latest date ≤ d, if d − that date ≤ A days
 * (binary search). Duplicates of a (base, quote, date) must be refused before (`RateIndexBuilder.hasDuplicate`
 * finds them; the index keeps one of them).
 */
import { dayNumber } from "../calendar/day-number.ts";
import type { ExchangeRate, Rate } from "./rate.ts";

/** The rates of one pair, ascending by day once built. */
interface PairRates {
  days: number[];
  dates: string[];
  rates: Rate[];
  /** While building: how the days arrived (1 ascending, −1 descending, 0 neither or not known yet). */
  order: number;
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

/**
 * Collects rates pair by pair (no key string per rate: a map per base of maps per quote) and sorts each pair once:
 * rates that arrive in date order, ascending or descending as the ECB publishes them, are not sorted at all.
 */
export class RateIndexBuilder {
  readonly #byBase = new Map<string, Map<string, PairRates>>();
  #size = 0;

  /** Adds the rate of (base, quote) on `date` (`day` = dayNumber(date)). */
  add(base: string, quote: string, date: string, day: number, rate: Rate): void {
    let byQuote = this.#byBase.get(base);
    if (byQuote === undefined) this.#byBase.set(base, byQuote = new Map());
    let pair = byQuote.get(quote);
    if (pair === undefined) {
      byQuote.set(quote, pair = { days: [day], dates: [date], rates: [rate], order: 0 });
    } else {
      const last = pair.days[pair.days.length - 1]!;
      const step = day > last ? 1 : day < last ? -1 : 2;
      pair.order = pair.days.length === 1 ? (step === 2 ? 2 : step) : pair.order === step ? step : 2;
      pair.days.push(day);
      pair.dates.push(date);
      pair.rates.push(rate);
    }
    this.#size++;
  }

  /** Whether two rates of one pair have the same date. Sorts the pairs (call before `build`). */
  hasDuplicate(): boolean {
    for (const byQuote of this.#byBase.values()) {
      for (const pair of byQuote.values()) {
        sortPair(pair);
        for (let i = 1; i < pair.days.length; i++) if (pair.days[i] === pair.days[i - 1]) return true;
      }
    }
    return false;
  }

  build(): RateIndex {
    const bases = new Map<string, string[]>();
    for (const [base, byQuote] of this.#byBase) {
      for (const [quote, pair] of byQuote) {
        sortPair(pair);
        let list = bases.get(quote);
        if (list === undefined) bases.set(quote, list = []);
        list.push(base);
      }
    }
    for (const list of bases.values()) list.sort();
    const byBase = this.#byBase;
    return {
      size: this.#size,
      basesOf: (quote) => bases.get(quote) ?? [],
      find(base, quote, date, maxAgeDays) {
        const pair = byBase.get(base)?.get(quote);
        if (pair === undefined) return undefined;
        const day = dayNumber(date);
        const days = pair.days;
        // The last index whose day is ≤ `day`.
        let lo = 0;
        let hi = days.length - 1;
        let at = -1;
        while (lo <= hi) {
          const mid = (lo + hi) >>> 1;
          if (days[mid]! <= day) {
            at = mid;
            lo = mid + 1;
          } else hi = mid - 1;
        }
        if (at < 0) return undefined;
        const ageDays = day - days[at]!;
        if (ageDays > maxAgeDays) return undefined;
        return { date: pair.dates[at]!, ageDays, rate: pair.rates[at]! };
      },
    };
  }
}

/** Puts a pair's rates in ascending date order (stable: equal dates keep their order of arrival). */
function sortPair(pair: PairRates): void {
  if (pair.order === 1 || pair.days.length < 2) {
    pair.order = 1;
    return;
  }
  if (pair.order === -1) {
    pair.days.reverse();
    pair.dates.reverse();
    pair.rates.reverse();
    pair.order = 1;
    return;
  }
  const { days, dates, rates } = pair;
  const at = days.map((_, i) => i).sort((a, b) => days[a]! - days[b]! || a - b);
  pair.days = at.map((i) => days[i]!);
  pair.dates = at.map((i) => dates[i]!);
  pair.rates = at.map((i) => rates[i]!);
  pair.order = 1;
}

export function buildRateIndex(rates: Iterable<ExchangeRate>): RateIndex {
  const builder = new RateIndexBuilder();
  for (const r of rates) builder.add(r.base, r.quote, r.date, dayNumber(r.date), r.rate);
  return builder.build();
}
