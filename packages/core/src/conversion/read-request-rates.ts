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
import { DEFAULT_MAX_RATE_AGE_DAYS, type ExchangeRate } from "./rate.ts";
import { buildRateIndex } from "./rate-index.ts";

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
  const rates: ExchangeRate[] = [];
  const seen = new Map<string, number>();
  let bad = false;
  conversion.rates.forEach((r, i) => {
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
    if (!ok) {
      bad = true;
      return;
    }
    const key = `${base}${quote}${r.date}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      errors.at(
        at,
        "duplicate",
        `\`${at}\` repeats the rate of ${base}/${quote} on ${r.date} given at \`${pointer}/rates/${earlier}\`; ` +
          "send one rate per (base, quote, date).",
      );
      bad = true;
      return;
    }
    seen.set(key, i);
    rates.push({ date: r.date, base: base!, quote: quote!, rate: rate as Exclude<typeof rate, string> });
  });
  if (bad) return undefined;
  return new Converter({
    index: buildRateIndex(rates),
    reportCurrency,
    maxAgeDays: conversion.max_rate_age_days ?? DEFAULT_MAX_RATE_AGE_DAYS,
    source: "request",
  });
}
