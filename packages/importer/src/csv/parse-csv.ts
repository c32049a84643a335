/**
 * CSV statements with csv-parse, streamed: records are mapped as they arrive, so memory stays flat whatever the
 * file size. A UTF-8 BOM, CRLF line ends and `,` `;` or tab delimiters are accepted; records are bounded in size.
 * The header row is the first of the first 20 rows that holds the mapped columns (bank exports often put a few
 * lines of account details above it). With a `balance` column, the balance after the oldest line minus its amount
 * is the opening balance and the balance after the newest line the closing one (files may list newest first);
 * lines with an empty balance cell (some banks leave it empty on repeated or pending lines) are left out of this.
 */
import { parse } from "csv-parse";
import { Readable } from "node:stream";
import { LIMITS } from "../limits.ts";
import { subtractDecimals } from "../text/subtract-decimals.ts";
import {
  type LineError,
  type RawEntry,
  type StatementFacts,
  type StatementSource,
  UnreadableFileError,
} from "../types.ts";
import { detectDelimiter } from "./detect-delimiter.ts";
import type { CsvMapping } from "./mapping.ts";
import { type ColumnIndex, columnIndex, mapRecord } from "./map-record.ts";
import { presetForHeader, requiredColumns } from "./presets.ts";

const HEADER_SEARCH_ROWS = 20;

export interface CsvOptions {
  /** The mapping; null = the preset matching the header. */
  readonly mapping: CsvMapping | null;
  /** The first bytes of the file as text (delimiter detection). */
  readonly head: string;
}

interface Edge {
  date: string;
  amount: string;
  balance: string;
}

function headerMatches(record: readonly string[], mapping: CsvMapping): boolean {
  const names = new Set(record.map((h) => h.trim().toLowerCase()));
  return requiredColumns(mapping).every((c) => names.has(c.trim().toLowerCase()));
}

export function parseCsv(input: AsyncIterable<Uint8Array | string>, options: CsvOptions): StatementSource {
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
      delimiter: options.mapping?.delimiter ?? detectDelimiter(options.head),
      relax_column_count: true,
      skip_empty_lines: true,
      max_record_size: LIMITS.maxLineChars,
      info: true,
    });
    const source = Readable.from(input);
    source.on("error", (error) => parser.destroy(error));
    source.pipe(parser);
    let mapping = options.mapping;
    let index: ColumnIndex | null = null;
    let rows = 0;
    let first: Edge | null = null;
    let last: Edge | null = null;
    try {
      for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
        if (index === null) {
          if (++rows > HEADER_SEARCH_ROWS) break;
          if (mapping === null) {
            const preset = presetForHeader(record);
            if (preset === null) continue;
            mapping = preset[1];
            facts.currency ??= mapping.currency ?? null;
          } else if (!headerMatches(record, mapping)) continue;
          const found = columnIndex(mapping, record);
          if (typeof found === "string") throw new UnreadableFileError(found);
          index = found;
          continue;
        }
        const { entry, balance } = mapRecord(record, info.lines, mapping!, index);
        if (entry.type === "entry" && balance !== null) {
          const edge = { date: entry.date, amount: entry.amount, balance };
          first ??= edge;
          last = edge;
        }
        yield entry;
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
      throw new UnreadableFileError(
        mapping === null
          ? "no header row matches a CSV preset: pass --mapping"
          : `no header row with the columns ${
            requiredColumns(mapping).join(", ")
          } in the first ${HEADER_SEARCH_ROWS} rows`,
      );
    }
    if (first && last) {
      const [oldest, newest] = first.date <= last.date ? [first, last] : [last, first];
      facts.opening = subtractDecimals(oldest.balance, oldest.amount);
      facts.closing = newest.balance;
    }
  }
  return { format: "csv", facts, entries: entries() };
}
