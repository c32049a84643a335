import type { StatementImportRow, StatementTransactionRow } from "../contracts/account-data.ts";
import { currencyScale } from "../money/currencies.ts";
import { formatMinor } from "../money/format-minor.ts";

/** Scale of a stored currency. Stored data with an unknown code is a data-integrity fault (500), not a 422. */
export function storedScale(currency: string): number {
  const scale = currencyScale(currency);
  if (scale === undefined) throw new Error(`Stored data has an unknown currency code: ${JSON.stringify(currency)}`);
  return scale;
}

/** StatementImport JSON (API.md §3), money in the row's currency. */
export function formatStatementImport(row: StatementImportRow) {
  const scale = storedScale(row.currency);
  return {
    id: row.id,
    account_name: row.account_name,
    file_name: row.file_name,
    format: row.format,
    status: row.status,
    statement_start: row.statement_start,
    statement_end: row.statement_end,
    currency: row.currency,
    opening_balance: row.opening_balance_minor === null ? null : formatMinor(row.opening_balance_minor, scale),
    closing_balance: row.closing_balance_minor === null ? null : formatMinor(row.closing_balance_minor, scale),
    transaction_count: row.transaction_count,
    duplicate_count: row.duplicate_count,
    error_count: row.error_count,
    imported_at: row.imported_at,
  };
}

/** StatementTransaction JSON (API.md §3), money in the row's currency. */
export function formatStatementTransaction(row: StatementTransactionRow) {
  return {
    id: row.id,
    statement_import_id: row.statement_import_id,
    date: row.date,
    amount: formatMinor(row.amount_minor, storedScale(row.currency)),
    currency: row.currency,
    description: row.description,
    counterparty: row.counterparty,
    category: row.category,
    kind: row.kind,
    category_source: row.category_source,
    category_rule_id: row.category_rule_id,
    kind_source: row.kind_source,
    kind_rule_id: row.kind_rule_id,
  };
}
