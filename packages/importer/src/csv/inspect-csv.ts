/**
 * A look at the first bytes of a CSV export, for `--init-mapping`: its delimiter, the header row (find-header.ts),
 * the rows below it, the preset that reads it (if one does) and a mapping skeleton from its header
 * (mapping-skeleton.ts). Reads only what it is given: the caller passes a bounded head of the file.
 */
import { decodeHead } from "../text/decode-text.ts";
import { type Delimiter, detectDelimiter, splitRows } from "./detect-delimiter.ts";
import { findHeaderRow, type HeaderRow } from "./find-header.ts";
import { type MappingSkeleton, mappingSkeleton } from "./mapping-skeleton.ts";
import { presetForHeader } from "./presets.ts";

const HEADER_SEARCH_ROWS = 20;
const SAMPLE_ROWS = 20;

export interface CsvInspection {
  readonly delimiter: Delimiter;
  /** The header row; its `row` counts the non-blank rows from the top. Null when no row looks like one. */
  readonly header: HeaderRow | null;
  /** Up to 20 rows below the header (what the skeleton's guesses read). */
  readonly samples: readonly (readonly string[])[];
  /** The name of the preset whose columns are all in a header row of the file, if any. */
  readonly preset: string | null;
  readonly skeleton: MappingSkeleton | null;
}

/** `head`: the file's first bytes; `whole`: whether they are the whole file (else a cut last row is dropped). */
export function inspectCsvHead(head: Uint8Array, whole: boolean): CsvInspection {
  let text = decodeHead(head).replace(/^\uFEFF/, "");
  if (!whole) text = text.slice(0, Math.max(0, text.lastIndexOf("\n")));
  const delimiter = detectDelimiter(text, (fields) => presetForHeader(fields) !== null);
  const rows = splitRows(text, delimiter, HEADER_SEARCH_ROWS + SAMPLE_ROWS);
  const top = rows.slice(0, HEADER_SEARCH_ROWS);
  const preset = top.map((r) => presetForHeader(r)).find((p) => p !== null)?.[0] ?? null;
  const header = findHeaderRow(top);
  const samples = header === null ? [] : rows.slice(header.row, header.row + SAMPLE_ROWS);
  return {
    delimiter,
    header,
    samples,
    preset,
    skeleton: header === null ? null : mappingSkeleton(header.cells, samples, delimiter),
  };
}
