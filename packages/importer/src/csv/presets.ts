/**
 * CSV mapping presets for common bank exports (README: "CSV mapping presets"). Without `--mapping`, the preset
 * whose columns all appear in the file's header row is used; `--mapping <name>` picks one by name.
 */
import type { CsvMapping } from "./mapping.ts";

export const CSV_PRESETS: Readonly<Record<string, CsvMapping>> = {
  /** This project's own layout: ISO dates, a signed amount with a decimal point. */
  standard: {
    date_format: "YYYY-MM-DD",
    decimal: ".",
    columns: {
      date: "date",
      amount: "amount",
      description: "description",
      counterparty: "counterparty",
      category: "category",
      kind: "kind",
      currency: "currency",
      balance: "balance",
      id: "id",
    },
  },
  /** ING Germany (Umsatzanzeige): `;`, DD.MM.YYYY, decimal comma, the running balance in `Saldo`. */
  "ing-de": {
    delimiter: ";",
    date_format: "DD.MM.YYYY",
    decimal: ",",
    currency: "EUR",
    columns: {
      date: "Buchung",
      amount: "Betrag",
      description: "Verwendungszweck",
      counterparty: "Auftraggeber/Empfänger",
      balance: "Saldo",
    },
  },
  /** Chase checking (US): MM/DD/YYYY, a signed amount, the running balance. */
  "chase-checking": {
    delimiter: ",",
    date_format: "MM/DD/YYYY",
    decimal: ".",
    currency: "USD",
    columns: { date: "Posting Date", amount: "Amount", description: "Description", balance: "Balance" },
  },
  /** Lloyds Bank (UK): DD/MM/YYYY, separate debit and credit columns, the running balance. */
  lloyds: {
    delimiter: ",",
    date_format: "DD/MM/YYYY",
    decimal: ".",
    currency: "GBP",
    columns: {
      date: "Transaction Date",
      debit: "Debit Amount",
      credit: "Credit Amount",
      description: "Transaction Description",
      balance: "Balance",
    },
  },
  /** Monzo (UK): DD/MM/YYYY, a transaction id, a category and a currency per line. */
  monzo: {
    delimiter: ",",
    date_format: "DD/MM/YYYY",
    decimal: ".",
    columns: {
      id: "Transaction ID",
      date: "Date",
      amount: "Amount",
      currency: "Currency",
      counterparty: "Name",
      category: "Category",
      description: "Notes and #tags",
    },
  },
};

/** The required columns of a mapping (date and amount, or date, debit and credit). */
export function requiredColumns(mapping: CsvMapping): string[] {
  const c = mapping.columns;
  return [c.date, ...(c.amount ? [c.amount] : [c.debit!, c.credit!])];
}

const norm = (s: string) => s.trim().toLowerCase();

/**
 * The bank preset whose every mapped column is in `header` (in the order above), else `standard` when the header
 * has its `date` and `amount` columns.
 */
export function presetForHeader(header: readonly string[]): [string, CsvMapping] | null {
  const names = new Set(header.map(norm));
  const entries = Object.entries(CSV_PRESETS);
  for (
    const [name, mapping] of [
      ...entries.filter(([n]) => n !== "standard"),
      ...entries.filter(([n]) => n === "standard"),
    ]
  ) {
    const mapped = Object.values(mapping.columns).filter((c): c is string => typeof c === "string");
    const needed = name === "standard" ? requiredColumns(mapping) : mapped;
    if (needed.every((c) => names.has(norm(c)))) return [name, mapping];
  }
  return null;
}
