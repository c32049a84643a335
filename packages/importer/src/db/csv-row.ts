/** One line of COPY CSV: null is an unquoted empty field (SQL NULL), text is always quoted. */
export function csvRow(values: readonly (string | number | null)[]): string {
  let out = "";
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (i > 0) out += ",";
    if (v === null || v === undefined) continue;
    if (typeof v === "number") out += String(v);
    else out += v.includes('"') ? `"${v.replaceAll('"', '""')}"` : `"${v}"`;
  }
  return out + "\n";
}
