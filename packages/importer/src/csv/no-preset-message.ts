/**
 * What a user reads when no CSV preset matches a file's header (and no `--mapping` was given): the header row found
 * (find-header.ts), every preset with the columns it needs, and the way out: `--init-mapping` writes a mapping to
 * fill in from that header, and `--mapping` then reads the file with it.
 */
import type { HeaderRow } from "./find-header.ts";
import { CSV_PRESETS, requiredColumns } from "./presets.ts";

const MAX_CELLS = 40;
const MAX_CELL_CHARS = 40;

/** Each preset with the columns it needs (a bank preset: every column it maps; `standard`: date and amount). */
export function presetList(): string {
  return Object.entries(CSV_PRESETS).map(([name, mapping]) => {
    const columns = name === "standard"
      ? requiredColumns(mapping)
      : Object.values(mapping.columns).filter((c): c is string => typeof c === "string");
    return `${name} (${columns.join(", ")})`;
  }).join("; ");
}

/** `header`: the row found, with the file line it is on; null when none of the first rows looks like a header. */
export function noPresetMessage(header: (HeaderRow & { readonly line: number }) | null): string {
  const cells = header === null ? [] : [...header.cells];
  while (cells.length > 0 && cells[cells.length - 1] === "") cells.pop(); // a trailing delimiter's empty cell
  const found = header === null
    ? "no row of the first 20 looks like a header row (two or more names, no dates or amounts)"
    : `the header row found (line ${header.line}) is ${
      cells.slice(0, MAX_CELLS).map((c) => JSON.stringify(c.slice(0, MAX_CELL_CHARS))).join(", ")
    }${cells.length > MAX_CELLS ? `, … (${cells.length} columns)` : ""}`;
  return `no header row matches a CSV preset: ${found}. The presets and the columns each needs: ${presetList()}. ` +
    "For this file, write a mapping from its header with `npm run -s import -- --init-mapping mapping.json FILE`, " +
    "check and complete it, then import with `--mapping mapping.json`";
}
