/**
 * The delimiter of a CSV text, from its first rows (read with quotes: a `,` inside "Kartenzahlung, Rewe" or in a
 * decimal comma of a `;` file is not a delimiter between fields). First choice: the delimiter that splits one of
 * the first rows into the header being looked for (the mapping's columns, or a preset's). Else the delimiter whose
 * most common field count (two or more fields) is shared by the most rows: a consistent table, whatever account
 * details stand above its header. Ties go to `;`, then tab, then `,`.
 */
export type Delimiter = "," | ";" | "\t";

const CANDIDATES: readonly Delimiter[] = [";", "\t", ","];
const SAMPLE_ROWS = 20;

/** The first `max` non-blank rows of `text` split at `delimiter` outside double quotes (quotes removed). */
export function splitRows(text: string, delimiter: Delimiter, max = SAMPLE_ROWS): string[][] {
  const rows: string[][] = [];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  const endRow = () => {
    fields.push(field);
    if (fields.length > 1 || fields[0]!.trim() !== "") rows.push(fields);
    fields = [];
    field = "";
  };
  for (let i = 0; i < text.length && rows.length < max; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c !== '"') field += c;
      else if (text[i + 1] === '"') field += text[++i];
      else quoted = false;
    } else if (c === '"') quoted = true;
    else if (c === delimiter) {
      fields.push(field);
      field = "";
    } else if (c === "\n" || c === "\r") endRow();
    else field += c;
  }
  if (rows.length < max && (field !== "" || fields.length > 0)) endRow();
  return rows;
}

/** How many rows share the most common field count of two or more. */
function consistency(rows: readonly string[][]): number {
  const counts = new Map<number, number>();
  for (const row of rows) if (row.length > 1) counts.set(row.length, (counts.get(row.length) ?? 0) + 1);
  return Math.max(0, ...counts.values());
}

/**
 * `head`: the file's first bytes as text (its last row may be cut off); `isHeader`: whether a row's fields are the
 * header row being looked for.
 */
export function detectDelimiter(head: string, isHeader?: (fields: readonly string[]) => boolean): Delimiter {
  const text = head.replace(/^\uFEFF/, "");
  const sampled = CANDIDATES.map((d) => ({ d, rows: splitRows(text, d) }));
  if (isHeader) {
    const found = sampled.find(({ rows }) => rows.some((row) => row.length > 1 && isHeader(row)));
    if (found) return found.d;
  }
  let best: Delimiter = ",";
  let bestScore = 0;
  for (const { d, rows } of sampled) {
    const score = consistency(rows);
    if (score > bestScore) [best, bestScore] = [d, score];
  }
  return best;
}
