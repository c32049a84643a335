/**
 * Loads one rates file (`npm run rates`, the demo seed): reads and checks every line first, then writes all its
 * rates in one transaction, or nothing when any line is malformed (the report names the lines). The report is the
 * `--json` object of API.md §11.4.
 */
import { basename } from "node:path";
import { readFile } from "node:fs/promises";
import type { ImportSql } from "../db/import-sql.ts";
import { decodeText } from "../text/decode-text.ts";
import { UnreadableFileError } from "../types.ts";
import { parseRatesText } from "./parse-rates-text.ts";
import type { RateError, RatesFormat } from "./types.ts";
import { writeRates } from "./write-rates.ts";

export interface RatesReport {
  readonly file: string;
  readonly format: RatesFormat | null;
  readonly source: string;
  /** Rates read from the file: inserted + unchanged + replaced + skipped (0 when the file is refused). */
  readonly rate_count: number;
  readonly inserted: number;
  readonly unchanged: number;
  readonly replaced: number;
  /** Rates whose base or quote the API does not know as a current ISO 4217 code (CYP, HRK, ...): not stored. */
  readonly skipped: number;
  readonly errors: RateError[];
}

export type RatesInput = { readonly path: string } | { readonly name: string; readonly content: string };

export interface LoadRatesOptions {
  /** The generic CSV's source (default `custom`); the ECB's formats are always `ecb`. */
  readonly source?: string;
  /** Parse and check only; write nothing (the counts are then all `inserted`). */
  readonly dryRun?: boolean;
}

export const SOURCE_PATTERN = /^[a-z0-9][a-z0-9_.-]{0,31}$/;

export async function loadRatesFile(
  db: ImportSql,
  input: RatesInput,
  options: LoadRatesOptions = {},
): Promise<RatesReport> {
  const file = "path" in input ? input.path : input.name;
  let text: string;
  try {
    text = "path" in input ? decodeText(await readFile(input.path)) : input.content;
  } catch (error) {
    const message = error instanceof UnreadableFileError ? error.message : `cannot read ${basename(file)}: ` +
      String((error as Error)?.message ?? error);
    return refused(file, null, options.source ?? "custom", [{ line: 0, message }]);
  }
  const parsed = parseRatesText(text);
  const source = parsed.format === "csv" ? options.source ?? "custom" : "ecb";
  if (parsed.errors.length > 0) return refused(file, parsed.format, source, parsed.errors);
  const counts = options.dryRun
    ? { inserted: parsed.rates.length, replaced: 0, unchanged: 0 }
    : await db.transaction((tx) => writeRates(tx, source, parsed.rates));
  return {
    file,
    format: parsed.format,
    source,
    rate_count: parsed.rates.length + parsed.skipped,
    ...counts,
    skipped: parsed.skipped,
    errors: [],
  };
}

function refused(file: string, format: RatesFormat | null, source: string, errors: RateError[]): RatesReport {
  return { file, format, source, rate_count: 0, inserted: 0, unchanged: 0, replaced: 0, skipped: 0, errors };
}
