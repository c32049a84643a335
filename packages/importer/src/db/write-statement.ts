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
 *    touching a random page per line. The occurrence index is 1 for every line whose identity hash (repeat-set.ts,
 *    computed while the file streams) never repeated, and numbered with row_number() only among the lines whose
 *    hash repeated: a large file is never sorted as a whole. When no stored key of the user can equal a staged
 *    line's (checked by key range: see `conflictFree`), the same INSERT runs without ON CONFLICT, in a savepoint:
 *    speculative insertion costs about 8 % of the database's work per line (issue 28), and a key that does turn up
 *    (a concurrent import's, committed meanwhile) rolls the savepoint back and runs the ON CONFLICT form instead;
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

export const STAGE_COLUMNS = "id, line, date, amount_minor, description, counterparty, category, kind, bank_id, " +
  "dedup_text, repeat_hash, category_source, category_rule_id, kind_source, kind_rule_id";

/**
 * The session's empty staging table (dropped at commit; several imports in one transaction, as the demo seed runs
 * them, reuse it); returns its name.
 */
export async function createStage(tx: ImportSql): Promise<string> {
  await tx.exec(
    `create temporary table if not exists import_stage (id uuid, line integer, date date, amount_minor bigint,
       description text, counterparty text, category text, kind text, bank_id text, dedup_text text,
       repeat_hash integer, category_source text, category_rule_id uuid, kind_source text, kind_rule_id uuid)
       on commit drop;
     truncate pg_temp.import_stage`,
  );
  return "pg_temp.import_stage";
}

export interface Written {
  readonly id: string;
  readonly inserted: number;
  readonly duplicates: number;
  /** Inserted lines whose category / kind a rule set. */
  readonly categorizedByRule: number;
  readonly kindSetByRule: number;
  readonly status: "completed" | "partial" | "failed";
}

/** What the staged lines' dedup keys can be: their dates' span and how many lines have a bank id. */
export interface StagedKeys {
  /** The earliest and latest date of the staged lines (null when none was staged). */
  readonly minDate: string | null;
  readonly maxDate: string | null;
  /** Staged lines with a bank id (their keys start with ffffffff). */
  readonly bankLines: number;
}

/**
 * The INSERT ... SELECT that moves the staged lines into statement_transactions: with `onConflict`, lines whose key
 * the user already has are skipped; without, such a line fails the unique key (23505). The occurrence index of a
 * line without a bank id: 1 for every line whose RepeatSet hash never repeated in the file (no other line has its
 * date, amount and text); numbered by line (row_number) within the lines of a repeated hash only, so a large file
 * is never sorted as a whole.
 */
function moveSql(stage: string, onConflict: boolean): string {
  return `with repeats as materialized (select pg_catalog.unnest($5::integer[]) as h),
     lines as (
       select s.id, s.date, s.amount_minor, s.description, s.counterparty, s.category, s.kind, s.bank_id, s.dedup_text,
              s.category_source, s.category_rule_id, s.kind_source, s.kind_rule_id, 1::bigint as n
       from ${stage} s
       where s.repeat_hash is null or s.repeat_hash not in (select r.h from repeats r)
       union all
       select s.id, s.date, s.amount_minor, s.description, s.counterparty, s.category, s.kind, s.bank_id, s.dedup_text,
              s.category_source, s.category_rule_id, s.kind_source, s.kind_rule_id,
              row_number() over (partition by s.date, s.amount_minor, s.dedup_text order by s.line)
       from ${stage} s
       where s.repeat_hash in (select r.h from repeats r)),
     moved as (
       insert into public.statement_transactions (id, user_id, statement_import_id, date, amount_minor, currency,
         description, counterparty, category, kind, category_source, category_rule_id, kind_source, kind_rule_id,
         dedup_key)
       select l.id, $1, $2, l.date, l.amount_minor, $3, l.description, l.counterparty, l.category, l.kind,
              l.category_source, l.category_rule_id, l.kind_source, l.kind_rule_id,
              (case when l.bank_id is not null then 'ffffffff' else lpad(to_hex(l.date - date '1900-01-01'), 8, '0') end
               || substr(md5(concat_ws(chr(31), $4::text, $3::text,
                case when l.bank_id is not null then 'id' || chr(31) || l.bank_id
                     else concat_ws(chr(31), 'line', l.date, l.amount_minor, l.dedup_text, l.n) end)), 9))::uuid
       from lines l
       ${onConflict ? "on conflict (user_id, dedup_key) do nothing" : ""}
       returning category_source, kind_source)
     select count(*)::int as n, count(*) filter (where category_source = 'rule')::int as by_rule,
            count(*) filter (where kind_source = 'rule')::int as kind_by_rule
     from moved`;
}

/**
 * True when no staged line can meet a key the user has stored, so the lines can be written without ON CONFLICT. A
 * line's key starts with 8 hex digits of its date's day number since 1900-01-01 (`ffffffff` for a bank id), so
 * every key of these lines lies in [first date's prefix, last date's prefix] or, with bank ids, at or after
 * ffffffff: one range probe each on the unique (user_id, dedup_key) index. Any stored key in range (another
 * account's lines of those dates too) keeps the ON CONFLICT form. Two lines of the file with one bank id share a
 * key; lines without one never do (the occurrence index tells equal lines apart). Dates before 1900 (a prefix
 * that would not sort by date) keep the ON CONFLICT form. Keys committed by another import after this check
 * surface as 23505 on the unique key, and the caller falls back.
 */
export async function conflictFree(tx: ImportSql, stage: string, userId: string, keys: StagedKeys): Promise<boolean> {
  if (keys.minDate === null || keys.maxDate === null) return false;
  const [row] = await tx.query<{ free: boolean }>(
    `select $2::date >= date '1900-01-01'
       and not exists (
         select 1 from public.statement_transactions t
         where t.user_id = $1
           and t.dedup_key >= (lpad(to_hex($2::date - date '1900-01-01'), 8, '0') || '-0000-0000-0000-000000000000')::uuid
           and t.dedup_key <= (lpad(to_hex($3::date - date '1900-01-01'), 8, '0') || '-ffff-ffff-ffff-ffffffffffff')::uuid)
       and ($4::integer = 0 or not exists (
         select 1 from public.statement_transactions t
         where t.user_id = $1 and t.dedup_key >= 'ffffffff-0000-0000-0000-000000000000'::uuid))
       and ($4::integer < 2 or not exists (
         select 1 from ${stage} s where s.bank_id is not null group by s.bank_id having count(*) > 1)) as free`,
    [userId, keys.minDate, keys.maxDate, keys.bankLines],
  );
  return row?.free === true;
}

function isUniqueViolation(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === "23505";
}

export async function finishStatement(
  tx: ImportSql,
  stage: string,
  row: StatementRow,
  staged: number,
  repeatedHashes: readonly number[],
  keys: StagedKeys,
  /** Called after each step with its name (IMPORT_TIMING, import-file.ts). */
  clock?: ((phase: string) => void) | null,
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
  type Moved = { n: number; by_rule: number; kind_by_rule: number };
  const params = [row.userId, id, row.currency, row.accountName, `{${repeatedHashes.join(",")}}`];
  let moved: Moved | undefined;
  if (await conflictFree(tx, stage, row.userId, keys)) {
    try {
      moved = await tx.transaction(async (sp) => (await sp.query<Moved>(moveSql(stage, false), params))[0]);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      moved = undefined;
    }
  }
  moved ??= (await tx.query<Moved>(moveSql(stage, true), params))[0];
  clock?.("import row, then INSERT ... SELECT into statement_transactions (indexes, constraints, triggers)");
  const inserted = Number(moved!.n);
  const duplicates = staged - inserted;
  await tx.query(
    `update public.statement_imports set status = $2, transaction_count = $3, duplicate_count = $4 where id = $1`,
    [id, status, inserted, duplicates],
  );
  clock?.("final counts");
  return {
    id,
    inserted,
    duplicates,
    categorizedByRule: Number(moved!.by_rule),
    kindSetByRule: Number(moved!.kind_by_rule),
    status,
  };
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
