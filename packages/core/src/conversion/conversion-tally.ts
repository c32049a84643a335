/**
 * The `conversion` block of a converted report (API.md §11.3, §11.4): per currency other than the report's, what was
 * converted (count, exact sum in the currency, sum of the rounded results in the report currency) and what was not,
 * and the rates used (first and last date, the largest age, the route). Only units the report counts are recorded.
 */
import { currencyScale } from "../money/currencies.ts";
import { formatMinor } from "../money/format-minor.ts";
import type { RateChoice, Route } from "./choose-rate.ts";
import { checkConvertedRange } from "./out-of-range.ts";

export interface CurrencyTally {
  convertedCount: number;
  convertedMinor: bigint;
  convertedToMinor: bigint;
  unconvertedCount: number;
  unconvertedMinor: bigint;
  firstRateDate: string | null;
  lastRateDate: string | null;
  maxAgeUsed: number | null;
  routes: Set<Route>;
}

export interface ConversionCurrencyEntry {
  currency: string;
  converted_count: number;
  converted_amount: string;
  converted_to: string;
  unconverted_count: number;
  unconverted_amount: string;
  first_rate_date: string | null;
  last_rate_date: string | null;
  max_rate_age_days_used: number | null;
  route: Route | "mixed" | null;
}

export interface ConversionBlock {
  source: "request" | "stored";
  max_rate_age_days: number;
  currencies: ConversionCurrencyEntry[];
}

export class ConversionTally {
  readonly #byCurrency = new Map<string, CurrencyTally>();

  #of(currency: string): CurrencyTally {
    let t = this.#byCurrency.get(currency);
    if (t === undefined) {
      t = {
        convertedCount: 0,
        convertedMinor: 0n,
        convertedToMinor: 0n,
        unconvertedCount: 0,
        unconvertedMinor: 0n,
        firstRateDate: null,
        lastRateDate: null,
        maxAgeUsed: null,
        routes: new Set(),
      };
      this.#byCurrency.set(currency, t);
    }
    return t;
  }

  /** A unit converted with `choice` into `convertedTo` (report minor units). */
  converted(currency: string, amountMinor: bigint, count: number, choice: RateChoice, convertedTo: bigint): void {
    const t = this.#of(currency);
    t.convertedCount += count;
    t.convertedMinor += amountMinor;
    t.convertedToMinor += convertedTo;
    t.routes.add(choice.route);
    for (const used of choice.used) {
      if (t.firstRateDate === null || used.date < t.firstRateDate) t.firstRateDate = used.date;
      if (t.lastRateDate === null || used.date > t.lastRateDate) t.lastRateDate = used.date;
      if (t.maxAgeUsed === null || used.ageDays > t.maxAgeUsed) t.maxAgeUsed = used.ageDays;
    }
  }

  /** A unit without a usable rate: left out of the report, disclosed here. */
  unconverted(currency: string, amountMinor: bigint, count: number): void {
    const t = this.#of(currency);
    t.unconvertedCount += count;
    t.unconvertedMinor += amountMinor;
  }

  /** The currencies with something unconverted, sorted (the pruned `other_currencies`). */
  unconvertedCurrencies(): string[] {
    return [...this.#byCurrency.entries()].filter(([, t]) => t.unconvertedCount > 0).map(([c]) => c).sort();
  }

  /** The tallies, by currency code. */
  entries(): [string, CurrencyTally][] {
    return [...this.#byCurrency.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  }

  /** The response block; 422 `out_of_range` (at `pointer`) when a sum is beyond 10^15 − 1 minor units. */
  block(
    source: "request" | "stored",
    maxAgeDays: number,
    reportScale: number,
    at?: { pointer?: string; parameter?: string },
  ): ConversionBlock {
    const currencies = this.entries().map(([currency, t]): ConversionCurrencyEntry => {
      const scale = currencyScale(currency)!;
      checkConvertedRange(t.convertedMinor, `The converted amount in ${currency}`, at);
      checkConvertedRange(t.unconvertedMinor, `The unconverted amount in ${currency}`, at);
      checkConvertedRange(t.convertedToMinor, `The sum converted from ${currency}`, at);
      return {
        currency,
        converted_count: t.convertedCount,
        converted_amount: formatMinor(Number(t.convertedMinor), scale),
        converted_to: formatMinor(Number(t.convertedToMinor), reportScale),
        unconverted_count: t.unconvertedCount,
        unconverted_amount: formatMinor(Number(t.unconvertedMinor), scale),
        first_rate_date: t.firstRateDate,
        last_rate_date: t.lastRateDate,
        max_rate_age_days_used: t.maxAgeUsed,
        route: t.routes.size === 0 ? null : t.routes.size === 1 ? [...t.routes][0]! : "mixed",
      };
    });
    return { source, max_rate_age_days: maxAgeDays, currencies };
  }
}
