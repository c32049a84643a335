/**
 * The generic rates CSV: the header `date,base,quote,rate` and one rate per line, e.g.
 * `2026-03-06,EUR,USD,1.0850` (one unit of base is rate units of quote on date). Plain comma-separated values (no
 * quoting: no field of this format needs it).
 */
import { RateCollector } from "./collect-rates.ts";
import type { ParsedRates } from "./types.ts";

export const GENERIC_HEADER = "date,base,quote,rate";

export function parseGenericCsv(lines: readonly string[]): ParsedRates {
  const out = new RateCollector();
  if (lines[0]!.replace(/\s+/g, "").toLowerCase() !== GENERIC_HEADER) {
    out.error(1, `the header is not "${GENERIC_HEADER}"`);
    return out.result();
  }
  for (let i = 1; i < lines.length; i++) {
    const text = lines[i]!;
    if (text.trim() === "") continue;
    const line = i + 1;
    const cells = text.split(",");
    if (cells.length !== 4) {
      out.error(line, `${cells.length} fields; a line is date,base,quote,rate`);
      continue;
    }
    const date = out.date(line, cells[0]!.trim());
    if (date === null) continue;
    out.add(line, date, cells[1]!.trim(), cells[2]!.trim(), cells[3]!.trim());
  }
  return out.result();
}
