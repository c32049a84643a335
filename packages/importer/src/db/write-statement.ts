/**
 * Writes one statement inside the caller's transaction, on either engine:
 *
 * 1. the validated lines stream (COPY) into an unconstrained temporary staging table, as they are parsed;
 * 2. the `statement_imports` row is inserted once the whole file is read (its currency, span and counts known);
 * 3. one `INSERT ... SELECT ... ON CONFLICT (user_id, dedup_key) DO NOTHING` moves the lines over: lines an earlier
 *    import of the same user and account holds (by bank id, else by date, amount, normalized text and occurrence
 *    index within the file) are skipped, and counted as duplicates. The key is 24 hex digits of an md5 over the
 *    account and those fields, behind 8 hex digits of the date (`ffffffff` for bank ids), and the line ids are
 *    time-ordered (uuid-v7.ts): a large, date-ordered file then appends to the indexes in order instead of
 *    touching a random page per line;
 * 4. the import row gets its final counts and status.
 *
 * Nothing is visible to anyone until the caller commits; a crash or kill before that leaves no row at all.
 */
import type { Format } from "../types.ts";
import type { ImportSql } from "./import-sql.ts";

export interface StatementRow {
  readonly userId: string;
  readonly accountName: string;
  readonly fileName: string;
  readonly format: Format;
  readonly currency: string;
  readonly start: string | null;
  readonly end: string | null;
  readonly openingMinor: number | null;
  readonly closingMinor: number | null;
  readonly errorCount: number;
  /** Default: now(). Only the demo seed sets it. */
  readonly importedAt?: string | null;
}

export const STAGE_COLUMNS =
  "id, line, date, amount_minor, description, counterparty, category, kind, bank_id, dedup_text";

/**
 * The session's empty staging table (dropped at commit; several imports in one transaction, as the demo seed runs
 * them, reuse it); returns its name.
 */
export async function createStage(tx: ImportSql): Promise<string> {
  await tx.exec(
    `create temporary table if not exists import_stage (id uuid, line integer, date date, amount_minor bigint,
       description text, counterparty text, category text, kind text, bank_id text, dedup_text text) on commit drop;
     truncate pg_temp.import_stage`,
  );
  return "pg_temp.import_stage";
}

export interface Written {
  readonly id: string;
  readonly inserted: number;
  readonly duplicates: number;
  readonly status: "completed" | "partial" | "failed";
}

export async function finishStatement(
  tx: ImportSql,
  stage: string,
  row: StatementRow,
  staged: number,
): Promise<Written> {
  const status = staged === 0 && row.errorCount > 0 ? "failed" : row.errorCount > 0 ? "partial" : "completed";
  const [created] = await tx.query<{ id: string }>(
    `insert into public.statement_imports (user_id, account_name, file_name, format, status, statement_start,
       statement_end, currency, opening_balance_minor, closing_balance_minor, error_count, imported_at)
     values ($1, $2, $3, $4, 'processing', $5, $6, $7, $8, $9, $10, coalesce($11::timestamptz, now()))
     returning id`,
    [
      row.userId,
      row.accountName,
      row.fileName,
      row.format,
      row.start,
      row.end,
      row.currency,
      row.openingMinor,
      row.closingMinor,
      row.errorCount,
      row.importedAt ?? null,
    ],
  );
  const id = created!.id;
  const [moved] = await tx.query<{ n: number }>(
    `with moved as (
       insert into public.statement_transactions (id, user_id, statement_import_id, date, amount_minor, currency,
         description, counterparty, category, kind, dedup_key)
       select s.id, $1, $2, s.date, s.amount_minor, $3, s.description, s.counterparty, s.category, s.kind,
              (case when s.bank_id is not null then 'ffffffff' else lpad(to_hex(s.date - date '1900-01-01'), 8, '0') end
               || substr(md5(concat_ws(chr(31), $4::text, $3::text,
                case when s.bank_id is not null then 'id' || chr(31) || s.bank_id
                     else concat_ws(chr(31), 'line', s.date, s.amount_minor, s.dedup_text,
                       row_number() over (partition by s.bank_id is null, s.date, s.amount_minor, s.dedup_text
                                          order by s.line)) end)), 9))::uuid
       from ${stage} s
       order by s.line
       on conflict (user_id, dedup_key) do nothing
       returning 1)
     select count(*)::int as n from moved`,
    [row.userId, id, row.currency, row.accountName],
  );
  const inserted = Number(moved!.n);
  const duplicates = staged - inserted;
  await tx.query(
    `update public.statement_imports set status = $2, transaction_count = $3, duplicate_count = $4 where id = $1`,
    [id, status, inserted, duplicates],
  );
  return { id, inserted, duplicates, status };
}

/** A `failed` import row for a file that could not be read at all (no lines). */
export async function writeFailed(
  tx: ImportSql,
  row: Omit<StatementRow, "start" | "end" | "openingMinor" | "closingMinor">,
): Promise<string> {
  const [created] = await tx.query<{ id: string }>(
    `insert into public.statement_imports (user_id, account_name, file_name, format, status, currency, error_count,
       imported_at)
     values ($1, $2, $3, $4, 'failed', $5, $6, coalesce($7::timestamptz, now())) returning id`,
    [row.userId, row.accountName, row.fileName, row.format, row.currency, row.errorCount, row.importedAt ?? null],
  );
  return created!.id;
}
