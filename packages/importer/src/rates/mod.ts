/** Exchange-rate files (API.md §11.1): the ECB's CSV and XML and the generic CSV, checked and stored. */
export {
  loadRatesFile,
  type LoadRatesOptions,
  type RatesInput,
  type RatesReport,
  SOURCE_PATTERN,
} from "./load-rates-file.ts";
export { detectRatesFormat, parseRatesText } from "./parse-rates-text.ts";
export { writeRates } from "./write-rates.ts";
export { type RateLine, RATES_FORMATS, type RatesFormat } from "./types.ts";
