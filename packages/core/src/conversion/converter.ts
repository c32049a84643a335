/**
 * The conversion service shared by every report (POST with the request's rates, GET with the stored ones): converts
 * one unit (a day group of flows, or one account balance on one date) from its currency into the report currency
 * at the rate of its date (API.md §11.2), exactly, rounded once half-to-even (§11.3), and records it in the tally.
 * Units already in the report currency are returned as they are and not tallied.
 */
import { currencyScale } from "../money/currencies.ts";
import { chooseRate, pow10, type RateChoice } from "./choose-rate.ts";
import { type ConversionBlock, ConversionTally, type CurrencyTally } from "./conversion-tally.ts";
import { MAX_MONEY_MINOR } from "../money/limits.ts";
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
  /** currency → its tally and, by date, the choice with its factor in minor units of C to minor units of R. */
  readonly #prepared = new Map<string, Dates>();
  /** The currency of the previous unit (units of one currency tend to come together). */
  #last: Dates | null = null;

  constructor(options: ConverterOptions) {
    this.#index = options.index;
    this.reportCurrency = options.reportCurrency;
    this.reportScale = currencyScale(options.reportCurrency)!;
    this.maxAgeDays = options.maxAgeDays;
    this.source = options.source;
  }

  /** The rate choice for `currency` → R on `date` (memoized), or undefined when no rate is usable. */
  choose(currency: string, date: string): RateChoice | undefined {
    return this.#prepare(currency, date).choice;
  }

  #prepare(currency: string, date: string): Prepared {
    let dates = this.#last;
    if (dates === null || dates.currency !== currency) {
      dates = this.#prepared.get(currency) ?? null;
      if (dates === null) this.#prepared.set(currency, dates = new Dates(this.tally, currency));
      this.#last = dates;
    }
    let prepared = dates.byDate.get(date);
    if (prepared === undefined) {
      const choice = chooseRate(this.#index, currency, this.reportCurrency, date, this.maxAgeDays);
      prepared = prepare(choice, currencyScale(currency)!, this.reportScale, dates, date);
      dates.byDate.set(date, prepared);
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
    const result = this.convertToNumber(currency, date, amountMinor, count, at);
    return result === null ? null : BigInt(result);
  }

  /**
   * `convert` with the result as a number (a converted unit is within 10^15 − 1 minor units, a safe integer), for
   * currencies other than R: no bigint is made when the amount and the factor are safe integers and so is their
   * product.
   */
  convertToNumber(
    currency: string,
    date: string,
    amountMinor: bigint | number,
    count: number,
    at?: { pointer?: string; parameter?: string },
  ): number | null {
    return this.convertUnit(this.#prepare(currency, date), amountMinor, count, at);
  }

  /**
   * The rate choice of `currency` → R on `date`, prepared, as a handle for convertUnit: a caller converting many
   * units keeps one per (currency, date) and skips the lookup by date.
   */
  unitOf(currency: string, date: string): ConversionUnit {
    return this.#prepare(currency, date);
  }

  /** convertToNumber for the currency and date of `unit` (from this converter's unitOf). */
  convertUnit(
    unit: ConversionUnit,
    amountMinor: bigint | number,
    count: number,
    at?: { pointer?: string; parameter?: string },
  ): number | null {
    const prepared = unit as Prepared;
    const choice = prepared.choice;
    if (choice === undefined) {
      prepared.dates.tally().unconverted(amountMinor, count);
      return null;
    }
    let result: number;
    // Safe integers when the amount, the factor and their product are (the product of two safe integers is a safe
    // integer exactly when its true value is one: a larger one rounds to 2^53 or beyond), else bigint.
    const product = typeof amountMinor === "number" ? amountMinor * prepared.safeNumerator : Number.NaN;
    if (prepared.safeNumerator !== 0 && Number.isSafeInteger(product)) {
      result = divideHalfEven(product, prepared.safeDenominator);
      if (result > MAX_MONEY_MINOR || result < -MAX_MONEY_MINOR) {
        checkConvertedRange(BigInt(result), outOfRange(prepared), at);
      }
    } else {
      const big = divideHalfEvenBig(BigInt(amountMinor) * prepared.numerator, prepared.denominator);
      checkConvertedRange(big, outOfRange(prepared), at);
      result = Number(big);
    }
    const tally = prepared.dates.tally();
    if (!prepared.used) {
      prepared.used = true;
      tally.usedRates(choice);
    }
    tally.converted(amountMinor, count, result);
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

/** A prepared rate choice of one currency and date (Converter.unitOf). */
export interface ConversionUnit {
  readonly date: string;
}

const outOfRange = (p: Prepared) => `The amount converted from ${p.dates.currency} on ${p.date}`;

/** One currency's prepared choices by date, and its tally (made at its first record: a choice records nothing). */
class Dates {
  readonly byDate = new Map<string, Prepared>();
  readonly currency: string;
  readonly #tallies: ConversionTally;
  #tally: CurrencyTally | null = null;

  constructor(tallies: ConversionTally, currency: string) {
    this.#tallies = tallies;
    this.currency = currency;
  }

  tally(): CurrencyTally {
    return this.#tally ??= this.#tallies.of(this.currency);
  }
}

/** A rate choice (undefined: no usable rate) with its factor from minor units of C to minor units of R. */
interface Prepared extends ConversionUnit {
  readonly choice: RateChoice | undefined;
  readonly numerator: bigint;
  readonly denominator: bigint;
  /** The same as safe integers, or 0 when either is not one. */
  readonly safeNumerator: number;
  readonly safeDenominator: number;
  /** C's choices and tally. */
  readonly dates: Dates;
  /** The date converted on. */
  readonly date: string;
  /** Whether the tally has recorded this choice's rates and route. */
  used: boolean;
}

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);

function prepare(
  choice: RateChoice | undefined,
  fromScale: number,
  toScale: number,
  dates: Dates,
  date: string,
): Prepared {
  if (choice === undefined) {
    return {
      choice,
      numerator: 0n,
      denominator: 1n,
      safeNumerator: 0,
      safeDenominator: 0,
      dates,
      date,
      used: false,
    };
  }
  let numerator = choice.factor.numerator;
  let denominator = choice.factor.denominator;
  if (toScale > fromScale) numerator *= pow10(toScale - fromScale);
  else if (toScale < fromScale) denominator *= pow10(fromScale - toScale);
  const safe = numerator <= SAFE && denominator <= SAFE;
  return {
    choice,
    numerator,
    denominator,
    safeNumerator: safe ? Number(numerator) : 0,
    safeDenominator: safe ? Number(denominator) : 0,
    dates,
    date,
    used: false,
  };
}
