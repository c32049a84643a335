/** The rate files `npm run rates` reads (API.md §11.1). */
export type RatesFormat = "ecb-csv" | "ecb-xml" | "csv";
export const RATES_FORMATS: readonly RatesFormat[] = ["ecb-csv", "ecb-xml", "csv"];

/** One rate as a file states it, checked: one unit of `base` is `rate` units of `quote` on `date`. */
export interface RateLine {
  /** 1-based line of the file, for messages. */
  readonly line: number;
  readonly date: string;
  readonly base: string;
  readonly quote: string;
  /** Plain positive decimal text, exactly as written (at most 18 significant digits). */
  readonly rate: string;
}

export interface RateError {
  readonly line: number;
  readonly message: string;
}

/** What a parser found: the rates, the rates skipped for a code that is not current ISO 4217, and the bad lines. */
export interface ParsedRates {
  readonly rates: RateLine[];
  readonly skipped: number;
  readonly errors: RateError[];
}

/** At most this many bad lines are reported per file (the file is refused at the first one anyway). */
export const MAX_REPORTED_ERRORS = 100;
