import { z } from "zod";
import type { Limits } from "./limits.ts";
import {
  categoryOutput,
  countOutput,
  currencyOutput,
  dateField,
  dateOutput,
  doc,
  kindSchema,
  moneyOutput,
  queryInteger,
  queryText,
  uuidSchema,
} from "./primitives.ts";

function pageFields(limits: Limits) {
  return {
    limit: queryInteger(1, limits.pageMax, `Page size, default ${limits.pageDefault}.`, [limits.pageDefault])
      .optional(),
    cursor: doc(
      z.string().min(1).max(1000),
      "Opaque cursor from a previous page's `next_cursor`. It works only for the same list, the same user and " +
        "the same filters (send them again with the cursor; the order of parameters does not matter); anything " +
        "else is rejected with 422 `validation_failed`, with code `invalid_cursor` on parameter `cursor` in " +
        "`errors[]`.",
      ["eyJ2IjoxfQ"],
    ).optional(),
  };
}

const NEXT_CURSOR = doc(
  z.string().nullable(),
  "Cursor of the next page (pass it as `cursor`); null on the last page. Paging is keyset-stable.",
  ["eyJ2IjoxfQ"],
);

export function statementSchemas(limits: Limits) {
  const importsQuery = z.strictObject(pageFields(limits));
  const transactionsQuery = z.strictObject({
    ...pageFields(limits),
    statement_import_id: uuidSchema("Only transactions of this statement import.").optional(),
    from: dateField("Only transactions dated on or after this date.", ["2026-01-01"]).optional(),
    to: dateField("Only transactions dated on or before this date; not before `from` (422 `invalid_range`).", [
      "2026-03-31",
    ]).optional(),
    category: queryText(limits.text, "Only transactions in exactly this category.", ["groceries"]).optional(),
    kind: kindSchema.optional(),
  });

  const statementImport = z.object({
    id: doc(z.string(), "Import id (UUID).", ["7d0c9a5e-3f1b-4c2a-9e8d-1b2c3d4e5f60"]),
    account_name: doc(z.string(), "Name of the account the statement belongs to.", ["Checking"]),
    file_name: doc(z.string(), "Name of the imported file.", ["2026-03.csv"]),
    format: doc(z.string(), "File format, e.g. `csv`, `ofx`, `camt053`.", ["csv"]),
    status: doc(z.string(), "Import status, e.g. `completed`, `partial`, `failed`.", ["completed"]),
    statement_start: dateOutput("First day the statement covers.", ["2026-03-01"]).nullable(),
    statement_end: dateOutput("Last day the statement covers.", ["2026-03-31"]).nullable(),
    currency: currencyOutput("Currency of the statement."),
    opening_balance: moneyOutput("Opening balance, in the statement's currency.", ["1520.00"]).nullable(),
    closing_balance: moneyOutput("Closing balance, in the statement's currency.", ["1780.35"]).nullable(),
    transaction_count: countOutput("Transactions imported.", [42]),
    duplicate_count: countOutput("Rows skipped as duplicates.", [0]),
    error_count: countOutput("Rows that could not be imported.", [0]),
    imported_at: doc(z.string(), "When it was imported, RFC 3339 in UTC.", ["2026-04-01T08:30:00Z"]),
  });
  const statementTransaction = z.object({
    id: doc(z.string(), "Transaction id (UUID).", ["0b7e3f3a-2c1d-4e5f-8a9b-0c1d2e3f4a5b"]),
    statement_import_id: doc(z.string(), "Id of the import it came from.", ["7d0c9a5e-3f1b-4c2a-9e8d-1b2c3d4e5f60"]),
    date: dateOutput("Booking date."),
    amount: moneyOutput("Signed amount in `currency` (positive in, negative out).", ["-42.10"]),
    currency: currencyOutput("Currency of the amount."),
    description: doc(z.string().nullable(), "Description from the statement.", ["CARD PAYMENT SUPERMARKET"]),
    counterparty: doc(z.string().nullable(), "Counterparty from the statement.", ["Supermarket"]),
    category: categoryOutput,
    kind: doc(z.enum(["income", "expense", "transfer"]), "Kind, resolved (from the sign when not stored).", [
      "expense",
    ]),
    category_source: doc(
      z.enum(["file", "rule"]).nullable(),
      "Where `category` came from: `file` (the statement gave it), `rule` (the stored rule `category_rule_id` set " +
        "it, at import or when the rules were re-applied), or null (uncategorized).",
      ["rule"],
    ),
    category_rule_id: doc(
      z.string().nullable(),
      "Id (UUID) of the stored categorization rule that set `category`; null unless `category_source` is `rule`.",
      ["5b1f0c7e-8d2a-5e4f-9a1b-2c3d4e5f6a7b"],
    ),
    kind_source: doc(
      z.enum(["file", "rule", "default"]),
      "Where `kind` came from: `file` (the statement gave it), `rule` (the stored rule `kind_rule_id` set it), or " +
        "`default` (neither: income for a positive amount, expense otherwise).",
      ["default"],
    ),
    kind_rule_id: doc(
      z.string().nullable(),
      "Id (UUID) of the stored categorization rule that set `kind`; null unless `kind_source` is `rule`.",
      [null],
    ),
  });
  const importsPage = doc(
    z.object({
      data: doc(z.array(statementImport), "Imports, newest `imported_at` first, then `id` descending."),
      next_cursor: NEXT_CURSOR,
    }),
    "A page of statement imports.",
  );
  const transactionsPage = doc(
    z.object({
      data: doc(z.array(statementTransaction), "Transactions, `date` descending, then `id` descending."),
      next_cursor: NEXT_CURSOR,
    }),
    "A page of statement transactions.",
  );
  return { importsQuery, transactionsQuery, statementImport, statementTransaction, importsPage, transactionsPage };
}
