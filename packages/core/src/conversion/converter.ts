/**
 * The conversion service shared by every report (POST with the request's rates, GET with the stored ones): converts
 * one unit (a day group of flows, or one account balance on one date) from its currency into the report currency
 * at the rate of its date (API.md §11.2), exactly, rounded once half-to-even (§11.3), and records it in the tally.
 * Units already in the report currency are returned as they are and not tallied.
 */
import { currencyScale } from "../money/currencies.ts";
import { chooseRate, type RateChoice } from "./choose-rate.ts";
import { type ConversionBlock, ConversionTally } from "./conversion-tally.ts";
import { convertMinor } from "./convert-minor.ts";
import { checkConvertedRange } from "./out-of-range.ts";
import type { RateIndex } from "./rate-index.ts";

export interface ConverterOptions {
  readonly index: RateIndex;
  /** Upper-case report currency R. */
  readonly reportCurrency: string;
  /** A, 0–31. */
  readonly maxAgeDays: number;
  /** "request" (POST `conversion.rates`) or "stored" (GET, the `exchange_rates` table). */
  readonly source: "request" | "stored";
}

export class Converter {
  readonly reportCurrency: string;
  readonly reportScale: number;
  readonly maxAgeDays: number;
  readonly source: "request" | "stored";
  readonly tally = new ConversionTally();
  readonly #index: RateIndex;
  readonly #choices = new Map<string, RateChoice | null>();

  constructor(options: ConverterOptions) {
    this.#index = options.index;
    this.reportCurrency = options.reportCurrency;
    this.reportScale = currencyScale(options.reportCurrency)!;
    this.maxAgeDays = options.maxAgeDays;
    this.source = options.source;
  }

  /** The rate choice for `currency` → R on `date` (memoized), or undefined when no rate is usable. */
  choose(currency: string, date: string): RateChoice | undefined {
    const key = `${currency}${date}`;
    let choice = this.#choices.get(key);
    if (choice === undefined) {
      choice = chooseRate(this.#index, currency, this.reportCurrency, date, this.maxAgeDays) ?? null;
      this.#choices.set(key, choice);
    }
    return choice ?? undefined;
  }

  /**
   * Converts one unit of `count` transactions (or balance points) summing `amountMinor` in `currency` on `date`.
   * Returns the rounded amount in R minor units, or null when no rate is usable (the unit is then left out of the
   * report and tallied as unconverted). A result beyond 10^15 − 1 minor units is 422 `out_of_range` at `at`.
   */
  convert(
    currency: string,
    date: string,
    amountMinor: bigint,
    count: number,
    at?: { pointer?: string; parameter?: string },
  ): bigint | null {
    if (currency === this.reportCurrency) return amountMinor;
    const choice = this.choose(currency, date);
    if (choice === undefined) {
      this.tally.unconverted(currency, amountMinor, count);
      return null;
    }
    const result = convertMinor(amountMinor, currencyScale(currency)!, this.reportScale, choice.factor);
    checkConvertedRange(result, `The amount converted from ${currency} on ${date}`, at);
    this.tally.converted(currency, amountMinor, count, choice, result);
    return result;
  }

  /** The `conversion` block of the response. */
  block(at?: { pointer?: string; parameter?: string }): ConversionBlock {
    return this.tally.block(this.source, this.maxAgeDays, this.reportScale, at);
  }

  /** The currencies with something unconverted, sorted: what `other_currencies` lists on a converted GET. */
  unconvertedCurrencies(): string[] {
    return this.tally.unconvertedCurrencies();
  }
}
