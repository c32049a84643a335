/**
 * The conversion service shared by every report (POST with the request's rates, GET with the stored ones): converts
 * one unit (a day group of flows, or one account balance on one date) from its currency into the report currency
 * at the rate of its date (API.md §11.2), exactly, rounded once half-to-even (§11.3), and records it in the tally.
 * Units already in the report currency are returned as they are and not tallied.
 */
import { currencyScale } from "../money/currencies.ts";
import { chooseRate, type RateChoice } from "./choose-rate.ts";
import { type ConversionBlock, ConversionTally } from "./conversion-tally.ts";
import { divideHalfEven } from "../api/divideHalfEven.ts";
import { divideHalfEvenBig } from "./divide-half-even-big.ts";
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
  /** currency → date → the choice with its factor in minor units of C to minor units of R (null: no rate). */
  readonly #prepared = new Map<string, Map<string, Prepared | null>>();

  constructor(options: ConverterOptions) {
    this.#index = options.index;
    this.reportCurrency = options.reportCurrency;
    this.reportScale = currencyScale(options.reportCurrency)!;
    this.maxAgeDays = options.maxAgeDays;
    this.source = options.source;
  }

  /** The rate choice for `currency` → R on `date` (memoized), or undefined when no rate is usable. */
  choose(currency: string, date: string): RateChoice | undefined {
    return this.#prepare(currency, date)?.choice;
  }

  #prepare(currency: string, date: string): Prepared | null {
    let byDate = this.#prepared.get(currency);
    if (byDate === undefined) this.#prepared.set(currency, byDate = new Map());
    let prepared = byDate.get(date);
    if (prepared === undefined) {
      const choice = chooseRate(this.#index, currency, this.reportCurrency, date, this.maxAgeDays);
      prepared = choice === undefined ? null : prepare(choice, currencyScale(currency)!, this.reportScale);
      byDate.set(date, prepared);
    }
    return prepared;
  }

  /**
   * Converts one unit of `count` transactions (or balance points) summing `amountMinor` in `currency` on `date`.
   * Returns the rounded amount in R minor units, or null when no rate is usable (the unit is then left out of the
   * report and tallied as unconverted). A result beyond 10^15 − 1 minor units is 422 `out_of_range` at `at`.
   * One half-to-even rounding: amount × numerator ÷ denominator of the exact factor (scales folded in), in bigint,
   * or in safe integers when every operand and the product are safe integers (the same exact integer result).
   */
  convert(
    currency: string,
    date: string,
    amountMinor: bigint | number,
    count: number,
    at?: { pointer?: string; parameter?: string },
  ): bigint | null {
    if (currency === this.reportCurrency) return BigInt(amountMinor);
    const prepared = this.#prepare(currency, date);
    if (prepared === null) {
      this.tally.unconverted(currency, BigInt(amountMinor), count);
      return null;
    }
    let result: bigint;
    if (
      typeof amountMinor === "number" && prepared.safeNumerator !== 0 &&
      Math.abs(amountMinor) <= prepared.safeAmount
    ) {
      result = BigInt(divideHalfEven(amountMinor * prepared.safeNumerator, prepared.safeDenominator));
    } else {
      result = divideHalfEvenBig(BigInt(amountMinor) * prepared.numerator, prepared.denominator);
    }
    checkConvertedRange(result, `The amount converted from ${currency} on ${date}`, at);
    this.tally.converted(currency, BigInt(amountMinor), count, prepared.choice, result);
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

/** A rate choice with its factor from minor units of C to minor units of R. */
interface Prepared {
  readonly choice: RateChoice;
  readonly numerator: bigint;
  readonly denominator: bigint;
  /** The same as safe integers, or 0 when either is not one. */
  readonly safeNumerator: number;
  readonly safeDenominator: number;
  /** The largest |amount| whose product with `safeNumerator` is a safe integer. */
  readonly safeAmount: number;
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function prepare(choice: RateChoice, fromScale: number, toScale: number): Prepared {
  let numerator = choice.factor.numerator;
  let denominator = choice.factor.denominator;
  if (toScale >= fromScale) numerator *= 10n ** BigInt(toScale - fromScale);
  else denominator *= 10n ** BigInt(fromScale - toScale);
  const safe = numerator <= SAFE && denominator <= SAFE;
  const safeNumerator = safe ? Number(numerator) : 0;
  return {
    choice,
    numerator,
    denominator,
    safeNumerator,
    safeDenominator: safe ? Number(denominator) : 0,
    safeAmount: safe ? Number(SAFE / numerator) : 0,
  };
}
