/**
 * The header row of a CSV export no preset or mapping recognises, guessed from its first rows: bank exports often put
 * a few rows of account details above it ("Kontonummer:";"DE12 …"). The header is the row with the most non-empty
 * cells among the rows none of whose cells looks like data (a date or an amount: digits with separators only); the
 * first such row on a tie. Used to tell the user what was found and to write a mapping skeleton from it.
 */

export interface HeaderRow {
  /** 1-based position of the row among the rows given. */
  readonly row: number;
  /** The header's cells, trimmed, in column order. */
  readonly cells: readonly string[];
}

/** Digits with the separators of dates and amounts only (`02.01.26`, `-1.234,56`, `2026-01-02`, `(12.00)`). */
const DATA_CELL = /^[\s\d.,/:+\-()'’]*\d[\s\d.,/:+\-()'’]*$/;

export function findHeaderRow(rows: readonly (readonly string[])[]): HeaderRow | null {
  let best: HeaderRow | null = null;
  let bestWidth = 1;
  for (let i = 0; i < rows.length; i++) {
    const cells = rows[i]!.map((c) => c.trim());
    const filled = cells.filter((c) => c.length > 0);
    if (filled.length <= bestWidth || filled.some((c) => DATA_CELL.test(c))) continue;
    best = { row: i + 1, cells };
    bestWidth = filled.length;
  }
  return best;
}
