// Currency conversion (API.md §11): rates, the rate index, rate choice, exact conversion, day groups, the tally.
export {
  DEFAULT_MAX_RATE_AGE_DAYS,
  type ExchangeRate,
  formatRate,
  MAX_MAX_RATE_AGE_DAYS,
  MAX_RATE_SIGNIFICANT_DIGITS,
  MAX_RATES_PER_REQUEST,
  type Rate,
} from "./rate.ts";
export { parseRate, type RateIssue, rateIssueMessage } from "./parse-rate.ts";
export { buildRateIndex, type FoundRate, type RateIndex } from "./rate-index.ts";
export { chooseRate, type RateChoice, type Route } from "./choose-rate.ts";
export { convertMinor, type Factor } from "./convert-minor.ts";
export { divideHalfEvenBig } from "./divide-half-even-big.ts";
export {
  type ConversionBlock,
  type ConversionCurrencyEntry,
  ConversionTally,
  type CurrencyTally,
} from "./conversion-tally.ts";
export { Converter, type ConverterOptions } from "./converter.ts";
export { convertDayGroups, type DayGroup, DayGroups } from "./day-groups.ts";
export {
  type ConvertedNetWorth,
  type ConvertedNetWorthAccount,
  convertNetWorth,
  type CurrencyAccount,
} from "./convert-net-worth.ts";
export { checkConvertedRange } from "./out-of-range.ts";
export { type ConversionRequest, readRequestRates } from "./read-request-rates.ts";
