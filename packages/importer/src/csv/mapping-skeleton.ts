/**
 * A mapping file to fill in for a CSV export no preset reads (`npm run -s import -- --init-mapping FILE`): every key of
 * a mapping, with the guesses the header row and the rows below it allow, and `""` where nothing was guessed (an empty
 * column name means "not mapped"; an empty `date_format` or `decimal` must be filled in). The guesses are plain
 * rules, listed here, and the user checks each one:
 *
 * - a column is taken by its header name (case-insensitive, trimmed), from the lists below, first name first;
 *   debit and credit only when no amount column is found;
 * - `date_format`: the format that reads the most sampled cells of the date column, at least half of them (a
 *   line with a broken date does not hide the format of the others); none when several formats tie, as
 *   `03/05/2026` reads in both MM/DD/YYYY and DD/MM/YYYY;
 * - `decimal`: `,` when a sampled amount ends in a comma and one or two digits, `.` when one ends in a point and one
 *   or two digits;
 * - `currency`: the three capital letters in the amount column's name (`Betrag (EUR)`, `Umsatz in EUR`), if any.
 */
import { DATE_FORMATS, type DateFormat, parseDate } from "../text/parse-date.ts";
import { COLUMN_KEYS } from "./mapping.ts";

type ColumnKey = (typeof COLUMN_KEYS)[number];

/** Header names per field, lower case, most specific first (English, German, Dutch and French bank exports). */
const NAMES: Readonly<Partial<Record<ColumnKey, readonly RegExp[]>>> = {
  date: [
    /^buchungstag$/,
    /^buchungsdatum$/,
    /^buchung$/,
    /^(transaction|posting|booking) date$/,
    /^date$/,
    /^datum$/,
  ],
  amount: [/^betrag\b/, /^umsatz\b/, /^amount\b/, /^bedrag\b/, /^montant\b/],
  debit: [/^(debit|soll|withdrawals?|paid out|money out)\b/],
  credit: [/^(credit|haben|deposits?|paid in|money in)\b/],
  description: [
    /^verwendungszweck$/,
    /^(transaction )?description$/,
    /^(memo|details|narrative|omschrijving|libell[eé])$/,
    /^buchungstext$/,
  ],
  counterparty: [
    /^auftraggeber ?\/ ?begünstigter$/,
    /^beg(ü|ue)nstigter ?\/ ?zahlungspflichtiger$/,
    /^(zahlungsempfänger|empfänger|auftraggeber|payee|counterparty|merchant|name|naam)$/,
  ],
  category: [/^(category|kategorie|categorie)$/],
  currency: [/^(currency|währung|waehrung|devise|munt)$/],
  balance: [/^(saldo|kontostand|balance|running balance)\b/],
  id: [/^(transaction id|id)$/],
};

export interface MappingSkeleton {
  readonly delimiter: "," | ";" | "\t";
  readonly date_format: DateFormat | "";
  readonly decimal: "." | "," | "";
  readonly currency?: string;
  readonly columns: Readonly<Record<ColumnKey, string>>;
}

function columnFor(key: ColumnKey, header: readonly string[], taken: Set<string>): string {
  for (const pattern of NAMES[key] ?? []) {
    const found = header.find((h) => h.length > 0 && !taken.has(h) && pattern.test(h.trim().toLowerCase()));
    if (found !== undefined) {
      taken.add(found);
      return found.trim();
    }
  }
  return "";
}

/** The formats that read the most non-empty cells, at least half of them; none when there is no cell. */
export function dateFormatsOf(cells: readonly string[]): DateFormat[] {
  const values = cells.map((c) => c.trim()).filter((c) => c.length > 0);
  if (values.length === 0) return [];
  const read = DATE_FORMATS.map((f) => values.filter((v) => parseDate(v, f) !== null).length);
  const most = Math.max(...read);
  if (most * 2 < values.length) return [];
  return DATE_FORMATS.filter((_, i) => read[i] === most);
}

function decimalOf(cells: readonly string[]): "." | "," | "" {
  if (cells.some((c) => /\d,\d{1,2}\s*$/.test(c.trim()))) return ",";
  if (cells.some((c) => /\d\.\d{1,2}\s*$/.test(c.trim()))) return ".";
  return "";
}

/**
 * The skeleton for `header` (the header row's cells) and `rows` (rows below it, for the date format and the decimal
 * mark), in a file split at `delimiter`.
 */
export function mappingSkeleton(
  header: readonly string[],
  rows: readonly (readonly string[])[],
  delimiter: "," | ";" | "\t",
): MappingSkeleton {
  const taken = new Set<string>();
  const columns = {} as Record<ColumnKey, string>;
  for (const key of COLUMN_KEYS) {
    if ((key === "debit" || key === "credit") && columns.amount) columns[key] = "";
    else columns[key] = columnFor(key, header, taken);
  }
  const cellsOf = (name: string) => {
    const i = name ? header.findIndex((h) => h.trim() === name) : -1;
    return i < 0 ? [] : rows.map((r) => r[i] ?? "");
  };
  const formats = dateFormatsOf(cellsOf(columns.date));
  const amounts = [...cellsOf(columns.amount), ...cellsOf(columns.debit), ...cellsOf(columns.credit)];
  const currency = /\b([A-Z]{3})\b/.exec(columns.amount || columns.debit)?.[1];
  return {
    delimiter,
    date_format: formats.length === 1 ? formats[0]! : "",
    decimal: decimalOf(amounts),
    ...(currency ? { currency } : {}),
    columns,
  };
}
