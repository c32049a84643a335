/** Test support: a stored statement import with a fresh id, for InMemoryAccountData fixtures. */
import type { StatementImportRow } from "../contracts/account-data.ts";

let seq = 0;

/** A completed EUR import with an opening balance of 0 and nothing else set, unless `fields` says otherwise. */
export function storedImport(
  fields: Partial<StatementImportRow> & Pick<StatementImportRow, "account_name">,
): StatementImportRow {
  seq += 1;
  return {
    id: `10000000-0000-4000-8000-${String(seq).padStart(12, "0")}`,
    file_name: "statement.csv",
    format: "csv",
    status: "completed",
    statement_start: null,
    statement_end: null,
    currency: "EUR",
    opening_balance_minor: 0,
    closing_balance_minor: null,
    transaction_count: 0,
    duplicate_count: 0,
    error_count: 0,
    imported_at: "2026-01-01T00:00:00Z",
    ...fields,
  };
}
