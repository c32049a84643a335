/**
 * A rate file's text to checked rates: detects the format from the text (an XML document is the ECB's XML; a first
 * line starting `Date,` is the ECB's CSV; `date,base,quote,rate` is the generic CSV) and parses it. Never throws
 * for bad content: a refused file comes back with errors (its line, or line 1 for the whole file).
 */
import { UnreadableFileError } from "../types.ts";
import { parseEcbCsv } from "./parse-ecb-csv.ts";
import { parseEcbXml } from "./parse-ecb-xml.ts";
import { GENERIC_HEADER, parseGenericCsv } from "./parse-generic-csv.ts";
import type { ParsedRates, RatesFormat } from "./types.ts";

export interface ParsedRatesFile extends ParsedRates {
  /** null when the format could not be recognized. */
  readonly format: RatesFormat | null;
}

export function detectRatesFormat(text: string): RatesFormat | null {
  const start = text.replace(/^\uFEFF/, "").trimStart();
  if (start.startsWith("<")) return "ecb-xml";
  const first = start.slice(0, start.search(/\r?\n|$/)).replace(/\s+/g, "");
  if (first.toLowerCase() === GENERIC_HEADER) return "csv";
  if (first.startsWith("Date,")) return "ecb-csv";
  return null;
}

export function parseRatesText(text: string): ParsedRatesFile {
  const body = text.replace(/^\uFEFF/, "");
  const format = detectRatesFormat(body);
  if (format === null) {
    return {
      format,
      rates: [],
      skipped: 0,
      errors: [{
        line: 1,
        message: `not a rates file: expected the ECB's CSV (header "Date,USD,..."), the ECB's XML, or a CSV with ` +
          `the header "${GENERIC_HEADER}"`,
      }],
    };
  }
  if (format === "ecb-xml") {
    try {
      return { format, ...parseEcbXml(body) };
    } catch (error) {
      if (!(error instanceof UnreadableFileError)) throw error;
      const line = /\(line (\d+)/.exec(error.message)?.[1];
      return { format, rates: [], skipped: 0, errors: [{ line: line ? Number(line) : 1, message: error.message }] };
    }
  }
  // Leading blank lines would shift the header; line numbers count them.
  const lines = body.split(/\r?\n/);
  let first = 0;
  while (first < lines.length && lines[first]!.trim() === "") first++;
  const parsed = format === "csv" ? parseGenericCsv(lines.slice(first)) : parseEcbCsv(lines.slice(first));
  if (first === 0) return { format, ...parsed };
  return {
    format,
    rates: parsed.rates.map((r) => ({ ...r, line: r.line + first })),
    skipped: parsed.skipped,
    errors: parsed.errors.map((e) => ({ ...e, line: e.line + first })),
  };
}
