/**
 * QIF bank and credit-card exports (`!Type:Bank`, `!Type:CCard`), by hand: there is no well-kept QIF parser on
 * npm, and the format is a line per field. Fields: `D` date, `T` (or `U`) amount, `P` payee (counterparty), `M`
 * memo (description), `L` category (`[Account]` = a transfer, no category; a `/class` suffix is dropped), `^` ends
 * a record. Dates come in the US form (`MM/DD/YYYY`, `MM/DD'YY`) or day first (`DD/MM/YYYY`, `DD.MM.YYYY`): a file
 * is read day first when any of its dates can only be read that way, else month first. QIF has no balances and no
 * transaction ids.
 */
import { cleanText } from "../text/clean-text.ts";
import { normalizeDecimal } from "../text/normalize-decimal.ts";
import { LIMITS } from "../limits.ts";
import { type LineError, type RawEntry, type StatementSource, UnreadableFileError } from "../types.ts";
import { qifDate, type QifDateParts, qifDateParts, qifDayFirst } from "./qif-date.ts";

interface QifRecord {
  line: number;
  fields: Map<string, { value: string; line: number }>;
}

function records(lines: string[]): QifRecord[] {
  const out: QifRecord[] = [];
  let current: QifRecord | null = null;
  for (let i = 1; i < lines.length; i++) {
    const text = lines[i]!;
    if (text.trim().length === 0) continue;
    if (text.startsWith("!")) throw new UnreadableFileError(`line ${i + 1}: only one !Type section is supported`);
    if (text.startsWith("^")) {
      if (current) out.push(current);
      current = null;
      continue;
    }
    current ??= { line: i + 1, fields: new Map() };
    const code = text[0]!.toUpperCase();
    if (!current.fields.has(code)) current.fields.set(code, { value: text.slice(1).trim(), line: i + 1 });
  }
  if (current) out.push(current); // a last record without its `^`
  return out;
}

function amountOf(text: string): string | null {
  return normalizeDecimal(text, ".") ?? normalizeDecimal(text, ",");
}

export function parseQif(text: string): StatementSource[] {
  const lines = text.replace(/^\uFEFF/, "").split(/\r\n|\r|\n/);
  const long = lines.findIndex((l) => l.length > LIMITS.maxLineChars);
  if (long >= 0) throw new UnreadableFileError(`line ${long + 1} is longer than ${LIMITS.maxLineChars} characters`);
  const type = /^!Type:\s*(\w+)/i.exec(lines[0]?.trim() ?? "")?.[1]?.toLowerCase();
  if (type !== "bank" && type !== "ccard") {
    throw new UnreadableFileError("a QIF file must start with !Type:Bank or !Type:CCard");
  }
  const recs = records(lines);
  const dates = recs.map((r) => {
    const d = r.fields.get("D");
    return d ? qifDateParts(d.value) : null;
  });
  const dayFirst = qifDayFirst(dates.filter((d): d is QifDateParts => d !== null));
  const entries = recs.map((rec, index): RawEntry | LineError => {
    const d = rec.fields.get("D");
    const parts = dates[index];
    const date = parts ? qifDate(parts, dayFirst) : null;
    if (!date) {
      return {
        type: "error",
        line: d?.line ?? rec.line,
        message: `D is not a date: ${JSON.stringify(d?.value ?? "")}`,
      };
    }
    const t = rec.fields.get("T") ?? rec.fields.get("U");
    const amount = t ? amountOf(t.value) : null;
    if (amount === null) {
      return {
        type: "error",
        line: t?.line ?? rec.line,
        message: `T is not an amount: ${JSON.stringify(t?.value ?? "")}`,
      };
    }
    const label = rec.fields.get("L")?.value ?? "";
    const transfer = /^\[.*\]$/.test(label);
    return {
      type: "entry",
      line: rec.line,
      date,
      amount,
      currency: null,
      description: cleanText(rec.fields.get("M")?.value),
      counterparty: cleanText(rec.fields.get("P")?.value),
      category: transfer ? null : cleanText(label.split("/")[0]),
      kind: transfer ? "transfer" : null,
      bankId: null,
    };
  });
  return [{ format: "qif", facts: { currency: null, start: null, end: null, opening: null, closing: null }, entries }];
}
