/**
 * The ECB's `eurofxref-hist.csv` (and `eurofxref.csv`): one header `Date,USD,JPY,...` and one row per day, newest
 * first, each cell the euro's rate in that column's currency (`N/A` where the ECB published none, e.g. before a
 * currency joined or after it was withdrawn), and a trailing empty column. Every cell becomes a rate with base EUR.
 */
import { RateCollector } from "./collect-rates.ts";
import type { ParsedRates } from "./types.ts";

export function parseEcbCsv(lines: readonly string[]): ParsedRates {
  const out = new RateCollector();
  const header = lines[0]!.split(",").map((c) => c.trim());
  if (header[0] !== "Date") {
    out.error(1, 'the header does not start with "Date" (the ECB history CSV)');
    return out.result();
  }
  // The trailing empty column is dropped; any other empty header cell is an error.
  const width = header[header.length - 1] === "" ? header.length - 1 : header.length;
  const quotes = header.slice(1, width);
  quotes.forEach((q, i) => {
    if (q === "") out.error(1, `column ${i + 2} of the header is empty`);
  });
  if (out.failed) return out.result();
  for (let i = 1; i < lines.length; i++) {
    const text = lines[i]!;
    if (text.trim() === "") continue;
    const line = i + 1;
    const cells = text.split(",");
    // The trailing empty column: present in every ECB row; tolerated when absent.
    if (cells.length === width + 1 && cells[width]!.trim() === "") cells.length = width;
    if (cells.length !== width) {
      out.error(line, `${cells.length} cells, but the header has ${width} columns`);
      continue;
    }
    const date = out.date(line, cells[0]!.trim());
    if (date === null) continue;
    for (let c = 0; c < quotes.length; c++) {
      const cell = cells[c + 1]!.trim();
      if (cell === "N/A" || cell === "") continue;
      out.add(line, date, "EUR", quotes[c]!, cell);
    }
  }
  return out.result();
}
