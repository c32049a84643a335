/** One line of COPY CSV for the staging table: null is an unquoted empty field (SQL NULL), text is always quoted. */
import type { Categorized } from "../rules/line-categorizer.ts";
import type { StagedLine } from "../validate-entry.ts";

function text(value: string | null): string {
  if (value === null) return "";
  return value.indexOf('"') === -1 ? '"' + value + '"' : '"' + value.replaceAll('"', '""') + '"';
}

/**
 * The row of `STAGE_COLUMNS` (write-statement.ts) for one line. Built by concatenation: this runs once per line of
 * the file, so it is kept to the strings it must produce. The id, line, date, amount, kind, sources and rule ids never
 * hold a comma, quote or line break (uuids, integers, YYYY-MM-DD, fixed words), so they go unquoted. `stored`: the
 * category and kind to store and where they came from (rules/line-categorizer.ts). `hash`: the
 * line's RepeatSet hash, null for a line with a bank id (deduplicated by that id alone).
 */
export function stageRow(id: string, line: StagedLine, hash: number | null, stored: Categorized): string {
  return id + "," + line.line + "," + line.date + "," + line.amountMinor + "," + text(line.description) + "," +
    text(line.counterparty) + "," + text(stored.category) + "," + (stored.kind ?? "") + "," + text(line.bankId) +
    "," + text(line.dedupText) + "," + (hash ?? "") + "," + (stored.categorySource ?? "") + "," +
    (stored.categoryRuleId ?? "") + "," + stored.kindSource + "," + (stored.kindRuleId ?? "") + "\n";
}
