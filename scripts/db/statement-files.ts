/**
 * The demo data's statements as the files a bank would hand out, one format per account (CSV, QIF, OFX, CAMT.053,
 * MT940), so the demo is loaded through the same import pipeline as real files (seed.ts). Each import row of the
 * generated dataset becomes one file: its lines, balances and span; `duplicate_count` lines of the account's
 * previous statement repeated at the start, as a bank's overlapping export holds every line of its span (the
 * statement starts on the first repeated line's day and opens at the balance before it; the import skips them as
 * duplicates, and the account's balances count them once); `error_count` unreadable lines
 * (CSV: the import is `partial`); and a `failed` import becomes a file that is not a statement at all.
 */
import type { Dataset, StatementImportRow, StatementTransactionRow } from "./dataset.ts";
import { renderCamt053 } from "./statement-files/render-camt053.ts";
import { renderCsv } from "./statement-files/render-csv.ts";
import { renderMt940 } from "./statement-files/render-mt940.ts";
import { renderOfx } from "./statement-files/render-ofx.ts";
import { renderQif } from "./statement-files/render-qif.ts";
import type { DemoStatement } from "./statement-files/statement.ts";

export interface StatementFile {
  readonly userId: string;
  readonly accountName: string;
  readonly format: StatementImportRow["format"];
  readonly currency: string;
  readonly name: string;
  readonly content: string;
  /** When the demo says it was imported (the import pipeline records it). */
  readonly importedAt: string;
  /** The status the import must end with. */
  readonly expectedStatus: StatementImportRow["status"];
}

const RENDER: Record<StatementImportRow["format"], (s: DemoStatement) => string> = {
  csv: renderCsv,
  qif: renderQif,
  ofx: renderOfx,
  camt053: renderCamt053,
  mt940: renderMt940,
};

/** What a failed demo import was handed: a bank's HTML error page saved under the statement's name. */
const NOT_A_STATEMENT = "<html><body><h1>Session expired</h1><p>Please log in again.</p></body></html>\n";

/** Every demo statement file, in the order of the dataset's imports (oldest first within each account). */
export function demoStatementFiles(data: Dataset): StatementFile[] {
  const lines = new Map<string, StatementTransactionRow[]>();
  for (const t of data.statement_transactions) {
    const list = lines.get(t.statement_import_id) ?? [];
    list.push(t);
    lines.set(t.statement_import_id, list);
  }
  const previous = new Map<string, { lines: StatementTransactionRow[]; sequence: number }>();
  return data.statement_imports.map((row) => {
    const file = {
      userId: row.user_id,
      accountName: row.account_name,
      format: row.format,
      currency: row.currency,
      name: row.file_name,
      importedAt: row.imported_at,
      expectedStatus: row.status,
    };
    if (row.status === "failed") return { ...file, content: NOT_A_STATEMENT };
    const account = `${row.user_id}\u0000${row.account_name}\u0000${row.currency}`;
    const before = previous.get(account);
    const own = (lines.get(row.id) ?? []).toSorted((a, b) => a.date.localeCompare(b.date));
    const repeated = before && row.duplicate_count > 0 ? before.lines.slice(-row.duplicate_count) : [];
    const sequence = (before?.sequence ?? 0) + 1;
    previous.set(account, { lines: own, sequence });
    return { ...file, content: RENDER[row.format]({ import: row, lines: own, repeated, sequence }) };
  });
}
