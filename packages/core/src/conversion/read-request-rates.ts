/**
 * Reads the `conversion` field of a POST report body (API.md §11.1, §11.4) into a Converter: every rate parsed
 * exactly, and every bad one recorded at its JSON pointer: a bad date (`invalid_date`), an unknown currency
 * (`unknown_currency`), base = quote (`invalid_value`), a bad rate (see parseRate), two rates with the same
 * (base, quote, date) (`duplicate`, at the later one).
 */
import { isValidDate } from "../calendar/dates.ts";
import { normalizeCurrency } from "../money/currencies.ts";
import type { ErrorItemCode } from "../problem/problem.ts";
import { Converter } from "./converter.ts";
import { parseRate, rateIssueMessage } from "./parse-rate.ts";
import { DEFAULT_MAX_RATE_AGE_DAYS } from "./rate.ts";
import { type RateIndex, RateIndexBuilder } from "./rate-index.ts";
import { dayNumber } from "../calendar/day-number.ts";

export interface ConversionRequest {
  readonly rates: readonly { date: string; base: string; quote: string; rate: unknown }[];
  readonly max_rate_age_days?: number;
}

interface Errors {
  at(pointer: string, code: ErrorItemCode, message: string): void;
}

/** The converter into `reportCurrency`, or undefined when a rate is bad (the errors are recorded). */
export function readRequestRates(
  conversion: ConversionRequest,
  reportCurrency: string,
  pointer: string,
  errors: Errors,
): Converter | undefined {
  const index = indexGoodRates(conversion.rates);
  if (index === undefined) {
    recordRateErrors(conversion.rates, pointer, errors);
    return undefined;
  }
  return new Converter({
    index,
    reportCurrency,
    maxAgeDays: conversion.max_rate_age_days ?? DEFAULT_MAX_RATE_AGE_DAYS,
    source: "request",
  });
}

/**
 * The index of the rates when every one is good and no (base, quote, date) repeats; undefined at the first problem
 * (then recordRateErrors says what, in order). One pass, no key string or error item per rate: the currency codes of
 * the previous rate answer most lookups.
 */
function indexGoodRates(rates: ConversionRequest["rates"]): RateIndex | undefined {
  const builder = new RateIndexBuilder();
  let baseText = "";
  let base: string | undefined;
  let quoteText = "";
  let quote: string | undefined;
  for (let i = 0; i < rates.length; i++) {
    const r = rates[i]!;
    const date = r.date;
    if (!isValidDate(date)) return undefined;
    if (r.base !== baseText) {
      baseText = r.base;
      base = normalizeCurrency(baseText);
    }
    if (r.quote !== quoteText) {
      quoteText = r.quote;
      quote = normalizeCurrency(quoteText);
    }
    if (base === undefined || quote === undefined || base === quote) return undefined;
    const rate = parseRate(r.rate);
    if (typeof rate === "string") return undefined;
    builder.add(base, quote, date, dayNumber(date), rate);
  }
  return builder.hasDuplicate() ? undefined : builder.build();
}

/**
 * Records every problem of the rates, in order: a bad date (`invalid_date`), an unknown currency
 * (`unknown_currency`), base = quote (`invalid_value`), a bad rate (see parseRate), two rates with the same
 * (base, quote, date) (`duplicate`, at the later one, naming the first).
 */
function recordRateErrors(rates: ConversionRequest["rates"], pointer: string, errors: Errors): void {
  const seen = new Map<string, number>();
  rates.forEach((r, i) => {
    const at = `${pointer}/rates/${i}`;
    let ok = true;
    if (!isValidDate(r.date)) {
      errors.at(`${at}/date`, "invalid_date", `\`${at}/date\` is not a real calendar date.`);
      ok = false;
    }
    const base = normalizeCurrency(r.base);
    const quote = normalizeCurrency(r.quote);
    for (const [field, code] of [["base", base], ["quote", quote]] as const) {
      if (code === undefined) {
        errors.at(
          `${at}/${field}`,
          "unknown_currency",
          `\`${at}/${field}\` is "${r[field]}", which is not an active ISO 4217 currency code.`,
        );
        ok = false;
      }
    }
    if (base !== undefined && base === quote) {
      errors.at(
        `${at}/quote`,
        "invalid_value",
        `\`${at}/quote\` equals \`${at}/base\` (${base}); a rate is between two currencies.`,
      );
      ok = false;
    }
    const rate = parseRate(r.rate);
    if (typeof rate === "string") {
      errors.at(`${at}/rate`, rate, rateIssueMessage(rate, `\`${at}/rate\``));
      ok = false;
    }
    if (!ok) return;
    const key = `${base}${quote}${r.date}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      errors.at(
        at,
        "duplicate",
        `\`${at}\` repeats the rate of ${base}/${quote} on ${r.date} given at \`${pointer}/rates/${earlier}\`; ` +
          "send one rate per (base, quote, date).",
      );
      return;
    }
    seen.set(key, i);
  });
}
