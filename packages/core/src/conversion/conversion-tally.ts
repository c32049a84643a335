/**
 * The `conversion` block of a converted report (API.md §11.3, §11.4): per currency other than the report's, what was
 * converted (count, exact sum in the currency, sum of the rounded results in the report currency) and what was not,
 * and the rates used (first and last date, the largest age, the route). Only units the report counts are recorded.
 */
import { currencyScale } from "../money/currencies.ts";
import { formatMinor } from "../money/format-minor.ts";
import type { RateChoice, Route } from "./choose-rate.ts";
import { checkConvertedRange } from "./out-of-range.ts";

/**
 * An exact sum: a safe integer while it stays one, the excess carried in a bigint (no bigint arithmetic in the
 * common case).
 */
class ExactSum {
  #small = 0;
  #big = 0n;

  add(amount: number | bigint): void {
    if (typeof amount === "number") {
      const sum = this.#small + amount;
      if (Number.isSafeInteger(sum)) {
        this.#small = sum;
        return;
      }
    }
    this.#big += BigInt(this.#small) + BigInt(amount);
    this.#small = 0;
  }

  get value(): bigint {
    return this.#big + BigInt(this.#small);
  }
}

/** What one currency other than the report's contributed: counts, exact sums, the rates used. */
export class CurrencyTally {
  convertedCount = 0;
  unconvertedCount = 0;
  firstRateDate: string | null = null;
  lastRateDate: string | null = null;
  maxAgeUsed: number | null = null;
  readonly routes = new Set<Route>();
  readonly #converted = new ExactSum();
  readonly #convertedTo = new ExactSum();
  readonly #unconverted = new ExactSum();

  /** Exact sum of what was converted, minor units of the currency. */
  get convertedMinor(): bigint {
    return this.#converted.value;
  }
  /** Sum of the rounded results, minor units of the report currency. */
  get convertedToMinor(): bigint {
    return this.#convertedTo.value;
  }
  /** Exact sum of what was not converted, minor units of the currency. */
  get unconvertedMinor(): bigint {
    return this.#unconverted.value;
  }

  /** A unit converted into `convertedTo` (report minor units); its rates are recorded with `usedRates`. */
  converted(amountMinor: number | bigint, count: number, convertedTo: number | bigint): void {
    this.convertedCount += count;
    this.#converted.add(amountMinor);
    this.#convertedTo.add(convertedTo);
  }

  /** The rates and route of `choice` were used (once per choice is enough: dates and ages are minima and maxima). */
  usedRates(choice: RateChoice): void {
    this.routes.add(choice.route);
    for (const used of choice.used) {
      if (this.firstRateDate === null || used.date < this.firstRateDate) this.firstRateDate = used.date;
      if (this.lastRateDate === null || used.date > this.lastRateDate) this.lastRateDate = used.date;
      if (this.maxAgeUsed === null || used.ageDays > this.maxAgeUsed) this.maxAgeUsed = used.ageDays;
    }
  }

  /** A unit without a usable rate: left out of the report, disclosed. */
  unconverted(amountMinor: number | bigint, count: number): void {
    this.unconvertedCount += count;
    this.#unconverted.add(amountMinor);
  }
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

  /** The tally of `currency` (created empty: a currency is listed once anything of it is recorded). */
  of(currency: string): CurrencyTally {
    let t = this.#byCurrency.get(currency);
    if (t === undefined) this.#byCurrency.set(currency, t = new CurrencyTally());
    return t;
  }

  /** A unit converted with `choice` into `convertedTo` (report minor units). */
  converted(
    currency: string,
    amountMinor: number | bigint,
    count: number,
    choice: RateChoice,
    convertedTo: number | bigint,
  ): void {
    const t = this.of(currency);
    t.converted(amountMinor, count, convertedTo);
    t.usedRates(choice);
  }

  /** A unit without a usable rate: left out of the report, disclosed here. */
  unconverted(currency: string, amountMinor: number | bigint, count: number): void {
    this.of(currency).unconverted(amountMinor, count);
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
