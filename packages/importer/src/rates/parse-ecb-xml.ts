/**
 * The ECB's reference-rate XML (`eurofxref-daily.xml`, `eurofxref-hist.xml`, `eurofxref-hist-90d.xml`): a
 * `gesmes:Envelope` whose `Cube` holds one `<Cube time="YYYY-MM-DD">` per day, each with
 * `<Cube currency="USD" rate="1.0850"/>` elements (base EUR). Read through the statement importer's XML parser
 * (text/parse-xml.ts), which refuses a DOCTYPE and entity declarations (no entity expansion, no external entities)
 * and bounds nesting. Line numbers come from the positions of the `currency=` elements in the text, which appear
 * in document order like the parsed elements.
 */
import { attrAt, children, parseXml, type XmlValue } from "../text/parse-xml.ts";
import { RateCollector } from "./collect-rates.ts";
import type { ParsedRates } from "./types.ts";

/** 1-based line of each `<Cube ... currency=...>` element and of each `<Cube ... time=...>` element, in order. */
function elementLines(text: string, attribute: "currency" | "time"): number[] {
  const lines: number[] = [];
  const re = new RegExp(`<(?:\\w+:)?Cube\\b[^>]*\\b${attribute}\\s*=`, "g");
  let line = 1;
  let last = 0;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    for (let i = text.indexOf("\n", last); i !== -1 && i < m.index; i = text.indexOf("\n", i + 1)) line++;
    last = m.index;
    lines.push(line);
  }
  return lines;
}

export function parseEcbXml(text: string): ParsedRates {
  const out = new RateCollector();
  const root = parseXml(text); // throws UnreadableFileError for a DOCTYPE, entities or malformed XML
  const envelope = children(root, "Envelope")[0];
  const outer = children(envelope, "Cube")[0];
  if (outer === undefined) {
    out.error(1, "no gesmes:Envelope with a Cube element (the ECB reference-rate XML)");
    return out.result();
  }
  const rateLines = elementLines(text, "currency");
  const dayLines = elementLines(text, "time");
  let k = 0;
  let d = 0;
  for (const day of children(outer, "Cube") as XmlValue[]) {
    const dayLine = dayLines[d++] ?? 1;
    const time = attrAt(day, "time");
    const rates = children(day, "Cube");
    const date = time === null ? (out.error(dayLine, "a day's Cube element has no time attribute"), null) : out.date(
      dayLine,
      time,
    );
    for (const rate of rates) {
      const line = rateLines[k++] ?? dayLine;
      if (date === null) continue;
      const currency = attrAt(rate, "currency");
      const value = attrAt(rate, "rate");
      if (currency === null || value === null) {
        out.error(line, "a rate's Cube element needs both currency and rate attributes");
        continue;
      }
      out.add(line, date, "EUR", currency.trim(), value.trim());
    }
  }
  return out.result();
}
