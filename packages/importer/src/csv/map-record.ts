/** One CSV record through a mapping: a RawEntry, or a LineError saying which field is unreadable. */
import { cleanText } from "../text/clean-text.ts";
import { normalizeDecimal } from "../text/normalize-decimal.ts";
import { acceptedDateFormats, parseDate } from "../text/parse-date.ts";
import type { Kind, LineError, RawEntry } from "../types.ts";
import { COLUMN_KEYS, type CsvMapping } from "./mapping.ts";

/** Column positions of the mapped fields (-1 = not mapped). */
export type ColumnIndex = { readonly [K in keyof CsvMapping["columns"]]-?: number };

export function columnIndex(mapping: CsvMapping, header: readonly string[]): ColumnIndex | string {
  const names = header.map((h) => h.trim().toLowerCase());
  const index: Record<string, number> = {};
  for (const key of COLUMN_KEYS) {
    const name = mapping.columns[key];
    index[key] = name === undefined ? -1 : names.indexOf(name.trim().toLowerCase());
    if (name !== undefined && index[key] === -1 && ["date", "amount", "debit", "credit"].includes(key)) {
      return `the header has no column "${name}" (mapped as ${key})`;
    }
  }
  return index as ColumnIndex;
}

const KINDS = new Set(["income", "expense", "transfer"]);

export function mapRecord(
  record: readonly string[],
  line: number,
  mapping: CsvMapping,
  ix: ColumnIndex,
): RawEntry | LineError {
  const cell = (i: number) => (i >= 0 ? (record[i] ?? "").trim() : "");
  const fail = (message: string): LineError => ({ type: "error", line, message });
  const dateText = cell(ix.date);
  const date = parseDate(dateText, mapping.date_format);
  if (!date) {
    return fail(
      `date ${JSON.stringify(dateText.slice(0, 40))} is not a ${mapping.date_format} date (the mapping's ` +
        `date_format; accepted formats: ${acceptedDateFormats()})`,
    );
  }
  let amount: string | null;
  if (ix.amount >= 0) {
    amount = normalizeDecimal(cell(ix.amount), mapping.decimal);
    if (amount === null) return fail(`amount ${JSON.stringify(cell(ix.amount).slice(0, 40))} is not a number`);
  } else {
    const debit = cell(ix.debit);
    const credit = cell(ix.credit);
    const d = debit ? normalizeDecimal(debit, mapping.decimal) : null;
    const c = credit ? normalizeDecimal(credit, mapping.decimal) : null;
    if ((debit && d === null) || (credit && c === null)) return fail("debit or credit is not a number");
    if (d !== null && c !== null && /[1-9]/.test(d) && /[1-9]/.test(c)) return fail("both debit and credit are given");
    if (d === null && c === null) return fail("neither debit nor credit is given");
    amount = d !== null && (c === null || !/[1-9]/.test(c))
      ? (/[1-9]/.test(d) ? `-${d.replace(/^-/, "")}` : "0")
      : c!.replace(/^-/, "");
  }
  const kindText = cell(ix.kind).toLowerCase();
  if (kindText && !KINDS.has(kindText)) {
    return fail(`kind ${JSON.stringify(kindText.slice(0, 40))} is not income, expense or transfer`);
  }
  let balance: string | null = null;
  if (ix.balance >= 0 && cell(ix.balance)) {
    balance = normalizeDecimal(cell(ix.balance), mapping.decimal);
    if (balance === null) return fail(`balance ${JSON.stringify(cell(ix.balance).slice(0, 40))} is not a number`);
  }
  const currency = cell(ix.currency).toUpperCase();
  return {
    type: "entry",
    line,
    date,
    amount,
    currency: currency || null,
    description: cleanText(cell(ix.description)),
    counterparty: cleanText(cell(ix.counterparty)),
    category: cleanText(cell(ix.category)),
    kind: (kindText || null) as Kind | null,
    bankId: cleanText(cell(ix.id)),
    balance,
  };
}
