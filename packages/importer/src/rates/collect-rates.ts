import { codeShape, rateDate, rateProblem } from "./check-rate.ts";
import { MAX_REPORTED_ERRORS, type ParsedRates, type RateError, type RateLine } from "./types.ts";

/**
 * Accumulates a file's rates as the parsers read them: checks each one, skips the codes the API does not know as
 * current ISO 4217 (counted), records malformed lines, and refuses a second rate for the same (base, quote, date).
 */
export class RateCollector {
  readonly rates: RateLine[] = [];
  readonly errors: RateError[] = [];
  skipped = 0;
  private errorCount = 0;
  private readonly seen = new Map<string, number>();

  error(line: number, message: string): void {
    this.errorCount++;
    if (this.errors.length < MAX_REPORTED_ERRORS) this.errors.push({ line, message });
  }

  get failed(): boolean {
    return this.errorCount > 0;
  }

  /** Checks a date once for many rates (a row of the ECB's files); null when it was bad (and recorded). */
  date(line: number, text: string): string | null {
    const date = rateDate(text);
    if (date === null) this.error(line, `"${text}" is not a date (YYYY-MM-DD)`);
    return date;
  }

  /** Checks and adds one rate; `date` already checked. */
  add(line: number, date: string, base: string, quote: string, rate: string): void {
    const baseShape = codeShape(base);
    const quoteShape = codeShape(quote);
    if (baseShape === "malformed" || quoteShape === "malformed") {
      const bad = baseShape === "malformed" ? base : quote;
      this.error(line, `"${bad}" is not a currency code (three capital letters)`);
      return;
    }
    if (base === quote) {
      this.error(line, `the base and the quote are both ${base}`);
      return;
    }
    const problem = rateProblem(rate);
    if (problem !== null) {
      this.error(line, problem);
      return;
    }
    if (baseShape === "unknown" || quoteShape === "unknown") {
      this.skipped++;
      return;
    }
    const key = `${base}${quote}${date}`;
    const first = this.seen.get(key);
    if (first !== undefined) {
      this.error(line, `a second rate for ${base}/${quote} on ${date} (the first is on line ${first})`);
      return;
    }
    this.seen.set(key, line);
    this.rates.push({ line, date, base, quote, rate });
  }

  result(): ParsedRates {
    return { rates: this.rates, skipped: this.skipped, errors: this.errors };
  }
}
