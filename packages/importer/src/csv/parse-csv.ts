/**
 * CSV statements with csv-parse, streamed: records are mapped as they arrive, so memory stays flat whatever the
 * file size. The bytes are read as UTF-8, else windows-1252 (text/decode-text.ts). A UTF-8 BOM, CRLF line ends and
 * `,` `;` or tab delimiters are accepted (csv/detect-delimiter.ts); records are bounded in size. The header row is
 * the first of the first 20 rows that holds the mapped columns (bank exports often put a few lines of account
 * details above it). Each line carries the running balance of a mapped `balance` column (empty cells, which some
 * banks leave on repeated or pending lines, give none); the pipeline derives the statement's balances from the
 * lines it imports (csv/running-balance.ts). A line's number is the physical line its record starts on.
 */
import { parse } from "csv-parse";
import { Readable } from "node:stream";
import { LIMITS } from "../limits.ts";
import { decodeChunks } from "../text/decode-text.ts";
import {
  type LineError,
  type RawEntry,
  type StatementFacts,
  type StatementSource,
  UnreadableFileError,
} from "../types.ts";
import { detectDelimiter } from "./detect-delimiter.ts";
import type { CsvMapping } from "./mapping.ts";
import { LineCounter } from "./line-counter.ts";
import { type ColumnIndex, columnIndex, mapRecord } from "./map-record.ts";
import { presetForHeader, requiredColumns } from "./presets.ts";
import { findHeaderRow } from "./find-header.ts";
import { noPresetMessage } from "./no-preset-message.ts";

const HEADER_SEARCH_ROWS = 20;

export interface CsvOptions {
  /** The mapping; null = the preset matching the header. */
  readonly mapping: CsvMapping | null;
  /** The first bytes of the file as text (delimiter detection). */
  readonly head: string;
}

function headerMatches(record: readonly string[], mapping: CsvMapping): boolean {
  const names = new Set(record.map((h) => h.trim().toLowerCase()));
  return requiredColumns(mapping).every((c) => names.has(c.trim().toLowerCase()));
}

/** The delimiter: the mapping's, else detected, preferring one that splits a row into the wanted header. */
function delimiterOf(options: CsvOptions) {
  const mapping = options.mapping;
  if (mapping?.delimiter) return mapping.delimiter;
  return detectDelimiter(
    options.head,
    mapping ? (fields) => headerMatches(fields, mapping) : (fields) => presetForHeader(fields) !== null,
  );
}

export function parseCsv(input: AsyncIterable<Uint8Array>, options: CsvOptions): StatementSource {
  const facts: StatementFacts = {
    currency: options.mapping?.currency ?? null,
    start: null,
    end: null,
    opening: null,
    closing: null,
  };
  async function* entries(): AsyncGenerator<RawEntry | LineError> {
    const parser = parse({
      bom: true,
      delimiter: delimiterOf(options),
      relax_column_count: true,
      skip_empty_lines: true,
      // Any line end ends a record, so a file mixing them (or whose first line ends otherwise) reads the same.
      record_delimiter: ["\r\n", "\n", "\r"],
      max_record_size: LIMITS.maxLineChars,
      info: true,
    });
    const source = Readable.from(decodeChunks(input));
    source.on("error", (error) => parser.destroy(error));
    source.pipe(parser);
    let mapping = options.mapping;
    let index: ColumnIndex | null = null;
    let rows = 0;
    /** The rows searched for a preset's header, with their lines: what the user is shown when none matches. */
    const searched: { record: string[]; line: number }[] = [];
    const lines = new LineCounter();
    try {
      for await (
        const { record, info } of parser as AsyncIterable<{ record: string[]; info: { empty_lines: number } }>
      ) {
        const line = lines.next(record, info.empty_lines);
        if (index === null) {
          if (++rows > HEADER_SEARCH_ROWS) break;
          if (mapping === null) {
            const preset = presetForHeader(record);
            if (preset === null) {
              searched.push({ record, line });
              continue;
            }
            mapping = preset[1];
            facts.currency ??= mapping.currency ?? null;
          } else if (!headerMatches(record, mapping)) continue;
          const found = columnIndex(mapping, record);
          if (typeof found === "string") throw new UnreadableFileError(found);
          index = found;
          continue;
        }
        yield mapRecord(record, line, mapping!, index);
      }
    } catch (error) {
      if (error instanceof UnreadableFileError) throw error;
      const e = error as { code?: string; lines?: number; message?: string };
      const where = e.lines ? `line ${e.lines}: ` : "";
      throw new UnreadableFileError(`${where}${e.message ?? String(error)}`.slice(0, 300));
    } finally {
      source.destroy();
    }
    if (index === null) {
      const header = mapping === null ? findHeaderRow(searched.map((s) => s.record)) : null;
      throw new UnreadableFileError(
        mapping === null
          ? noPresetMessage(header && { ...header, line: searched[header.row - 1]!.line })
          : `no header row with the columns ${
            requiredColumns(mapping).join(", ")
          } in the first ${HEADER_SEARCH_ROWS} rows`,
      );
    }
  }
  return { format: "csv", facts, entries: entries() };
}
