/**
 * How the columns of a CSV export map to statement lines: a JSON file (`--mapping`) or a preset. Column names are
 * matched against the header row case-insensitively, ignoring surrounding spaces. An empty column name means the
 * field is not mapped (a skeleton written by `--init-mapping` lists every field).
 */
import { acceptedDateFormats, DATE_FORMATS, type DateFormat } from "../text/parse-date.ts";

export interface CsvMapping {
  /** Field delimiter; default: detected from the first rows (`,`, `;` or tab: csv/detect-delimiter.ts). */
  readonly delimiter?: "," | ";" | "\t";
  readonly date_format: DateFormat;
  /** The decimal mark of amounts; the other of `.` and `,` may separate thousands. */
  readonly decimal: "." | ",";
  /** The currency when the file has no currency column (`--currency` overrides it). */
  readonly currency?: string;
  readonly columns: {
    readonly date: string;
    /** Signed amount; or `debit` (money out, written positive) and `credit` (money in). */
    readonly amount?: string;
    readonly debit?: string;
    readonly credit?: string;
    readonly description?: string;
    readonly counterparty?: string;
    readonly category?: string;
    /** `income`, `expense` or `transfer` (any case); empty = not given. */
    readonly kind?: string;
    readonly currency?: string;
    /** The running balance after the line: gives the statement's opening and closing balances. */
    readonly balance?: string;
    /** The bank's transaction id, used for deduplication. */
    readonly id?: string;
  };
}

/** Every field a mapping may name, in the order of `columns`. */
export const COLUMN_KEYS = [
  "date",
  "amount",
  "debit",
  "credit",
  "description",
  "counterparty",
  "category",
  "kind",
  "currency",
  "balance",
  "id",
] as const;

/** Checks a parsed mapping JSON; returns the mapping or a list of problems. */
export function validateMapping(value: unknown): CsvMapping | string[] {
  const problems: string[] = [];
  if (typeof value !== "object" || value === null || Array.isArray(value)) return ["the mapping must be a JSON object"];
  const m = value as Record<string, unknown>;
  for (const key of Object.keys(m)) {
    if (!["delimiter", "date_format", "decimal", "currency", "columns"].includes(key)) {
      problems.push(`unknown key "${key}"`);
    }
  }
  if (m.delimiter !== undefined && ![",", ";", "\t"].includes(m.delimiter as string)) {
    problems.push('delimiter must be ",", ";" or "\\t"');
  }
  if (!DATE_FORMATS.includes(m.date_format as DateFormat)) {
    problems.push(`date_format must be one of ${acceptedDateFormats()}`);
  }
  if (m.decimal !== "." && m.decimal !== ",") problems.push('decimal must be "." or ","');
  if (m.currency !== undefined && (typeof m.currency !== "string" || !/^[A-Z]{3}$/.test(m.currency))) {
    problems.push("currency must be a three-letter ISO 4217 code");
  }
  // An empty name leaves a field unmapped: dropped before the checks, so the mapping holds only mapped columns.
  const given = m.columns as Record<string, unknown> | undefined;
  const columns = typeof given === "object" && given !== null && !Array.isArray(given)
    ? Object.fromEntries(Object.entries(given).filter(([, name]) => name !== ""))
    : given;
  if (typeof columns !== "object" || columns === null || Array.isArray(columns)) {
    problems.push("columns must be an object naming the header of each column");
  } else {
    for (const [key, name] of Object.entries(columns)) {
      if (!(COLUMN_KEYS as readonly string[]).includes(key)) problems.push(`unknown column key "${key}"`);
      else if (typeof name !== "string" || name.trim().length === 0 || name.length > 200) {
        problems.push(`columns.${key} must be a header name`);
      }
    }
    if (typeof columns.date !== "string") problems.push("columns.date is required");
    const signed = typeof columns.amount === "string";
    const split = typeof columns.debit === "string" && typeof columns.credit === "string";
    if (signed === split) problems.push("give either columns.amount, or both columns.debit and columns.credit");
  }
  return problems.length ? problems : ({ ...m, columns } as unknown as CsvMapping);
}
