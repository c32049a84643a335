/**
 * Currency conversion shapes (API.md §11): the `conversion` request field of the POST reports, the `conversion`
 * response block, and the rules every description repeats. The GET twins use CONVERSION_RULES and the block too.
 */
import { z } from "zod";
import {
  DEFAULT_MAX_RATE_AGE_DAYS,
  MAX_MAX_RATE_AGE_DAYS,
  MAX_RATE_SIGNIFICANT_DIGITS,
  MAX_RATES_PER_REQUEST,
} from "../conversion/rate.ts";
import { countOutput, currencyInput, currencyOutput, dateField, dateOutput, doc, moneyOutput } from "./primitives.ts";
import { CONVERSION_RULES, DISCLOSURE_RULES } from "./rule-texts.ts";

/** One `ExchangeRate` of a request. */
export function exchangeRateInput() {
  return doc(
    z.strictObject({
      date: dateField("Date of the rate.", ["2026-01-02"], true),
      base: currencyInput("Base currency: one unit of it is `rate` units of `quote`."),
      quote: currencyInput("Quote currency; not `base` (422 `invalid_value`)."),
      rate: doc(
        z.union([z.string().meta({ pattern: "^[0-9]+(\\.[0-9]+)?$" }), z.number()]),
        "Units of `quote` per unit of `base`: a positive decimal string (preferred) or JSON number, read exactly " +
          `(never rounded), with no exponent (422 \`exponent_not_allowed\`) and at most ${MAX_RATE_SIGNIFICANT_DIGITS} ` +
          "significant digits, counted from the first non-zero digit to the last digit written, trailing zeros " +
          'included ("1.2300" has 5; 422 `too_many_digits`). Zero or negative: 422 `out_of_range`.',
        ["1.0832", 157.12],
      ),
    }),
    "One exchange rate: one unit of `base` is `rate` units of `quote` on `date`.",
    [{ date: "2026-01-02", base: "EUR", quote: "USD", rate: "1.0321" }],
  );
}

/** The `conversion` field of a POST report body. */
export function conversionInput() {
  return doc(
    z.strictObject({
      rates: doc(
        z.array(exchangeRateInput()).min(1).max(MAX_RATES_PER_REQUEST),
        `The exchange rates to convert with: 1 to ${MAX_RATES_PER_REQUEST} (422 \`too_short\` / \`too_many_items\`), ` +
          "in any order. Two rates with the same (base, quote, date) are 422 `duplicate`; an unknown currency is 422 " +
          "`unknown_currency`; a date that is not a real calendar date is 422 `invalid_date`.",
      ),
      max_rate_age_days: doc(
        z.int().min(0).max(MAX_MAX_RATE_AGE_DAYS),
        `Oldest usable rate, in days before the converted date: an integer 0–${MAX_MAX_RATE_AGE_DAYS}, default ` +
          `${DEFAULT_MAX_RATE_AGE_DAYS} (ECB rates skip weekends and holidays, up to 4 days in a row).`,
        [7],
      ).optional(),
    }),
    "Convert data in other currencies into `currency` with these rates. With it, transactions (and statements) in " +
      "other currencies are accepted instead of refused, converted, and the response gains `conversion`. " +
      CONVERSION_RULES,
    [{ rates: [{ date: "2026-01-02", base: "EUR", quote: "USD", rate: "1.0321" }], max_rate_age_days: 7 }],
  );
}

const conversionCurrency = z.object({
  currency: currencyOutput("A currency other than the report's that the report counts."),
  converted_count: countOutput(
    "Transactions converted (for net worth: account balance points, one per account and series date).",
    [12],
  ),
  converted_amount: moneyOutput("Exact sum of what was converted, in this currency (its minor unit).", ["1200.00"]),
  converted_to: moneyOutput(
    "Sum of the converted amounts in the report currency, each rounded once: it adds up with the report.",
    ["1104.35"],
  ),
  unconverted_count: countOutput("Transactions (or balance points) without a usable rate: left out of the report.", [
    0,
  ]),
  unconverted_amount: moneyOutput("Exact sum of what was not converted, in this currency.", ["0.00"]),
  first_rate_date: dateOutput("Earliest date of a rate used; null when none was used.", ["2026-01-02"]).nullable(),
  last_rate_date: dateOutput("Latest date of a rate used; null when none was used.", ["2026-12-31"]).nullable(),
  max_rate_age_days_used: doc(
    z.int().min(0),
    "Largest age in days of a rate used (date converted − rate date); null when none was used.",
    [3],
  ).nullable(),
  route: doc(
    z.enum(["direct", "inverse", "cross", "mixed"]),
    "How the rates used convert: `direct` (C, R), `inverse` (R, C), `cross` via a third currency, `mixed` when " +
      "more than one of these was used; null when none was used.",
    ["direct"],
  ).nullable(),
});

/** The `conversion` block of a converted response (absent without conversion). */
export const conversionOutput = doc(
  z.object({
    source: doc(
      z.enum(["request", "stored"]),
      "`request`: the rates sent in the body; `stored`: the rates stored by the service.",
      ["request"],
    ),
    max_rate_age_days: doc(z.int().min(0).max(MAX_MAX_RATE_AGE_DAYS), "The limit used.", [7]),
    currencies: doc(z.array(conversionCurrency), "One entry per converted-from currency, by code."),
  }),
  `Present only when conversion was asked for. ${DISCLOSURE_RULES}`,
);
