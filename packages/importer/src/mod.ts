/** The statement import pipeline (issue 17): see README "Importing statements" and docs/DATABASE.md. */
export { importFile, type ImportOptions, type ImportReport } from "./import-file.ts";
export type { ImportSql } from "./db/import-sql.ts";
export type { ImportInput } from "./read-source.ts";
export { type CsvMapping, validateMapping } from "./csv/mapping.ts";
export { CSV_PRESETS } from "./csv/presets.ts";
export { type CsvInspection, inspectCsvHead } from "./csv/inspect-csv.ts";
export type { MappingSkeleton } from "./csv/mapping-skeleton.ts";
export { presetList } from "./csv/no-preset-message.ts";
export {
  acceptedDateFormats,
  DATE_FORMAT_EXAMPLES,
  DATE_FORMATS,
  type DateFormat,
  TWO_DIGIT_YEAR_PIVOT,
} from "./text/parse-date.ts";
export { detectFormat } from "./detect-format.ts";
export { LIMITS } from "./limits.ts";
export { type Format, FORMATS, UnreadableFileError } from "./types.ts";
export { resolveUser } from "./db/resolve-user.ts";
export { loadStoredRules, type StoredRules } from "./rules/stored-rules.ts";
export { type Categorized, LineCategorizer, type LineValues } from "./rules/line-categorizer.ts";
export {
  detectRatesFormat,
  loadRatesFile,
  type LoadRatesOptions,
  parseRatesText,
  type RateLine,
  RATES_FORMATS,
  type RatesFormat,
  type RatesInput,
  type RatesReport,
  SOURCE_PATTERN,
  writeRates,
} from "./rates/mod.ts";
