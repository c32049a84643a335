-- The per-row work of writing statement transactions, cut for large imports (issue 17: import_rows_per_s). Every
-- line an import writes ran two foreign-key checks, two SQL-function calls and seven index inserts; the first three
-- items below remove per-row work that guarded nothing the remaining constraints do not already guard.
--
-- 1. statement_transactions.user_id -> auth.users: implied by the composite key to statement_imports
--    (user_id, statement_import_id, currency), whose user_id references auth.users (on delete cascade). Deleting a
--    user still deletes their transactions, through their statement imports. One referential check per row less.
-- 2. statement_transactions_currency_iso4217: the same composite key makes the currency that of the import, which
--    statement_imports_currency_iso4217 checks. The check called private.currency_minor_units, a SQL function with
--    a pinned search_path (so never inlined): a function call per row.
-- 3. recurring_key: the same expression as private.recurring_key (20261125130000_recurring_streams.sql), written
--    out in the column instead of called: the function pins its search_path (the linter's rule), which keeps
--    PostgreSQL from inlining it, so every written row paid a full SQL-function call. The function stays (the parity
--    test, supabase/tests/recurring-key-parity.test.ts, holds it and the TypeScript twin together; the column must
--    stay equal to it, which packages/importer/test/fixtures.test.ts checks on imported rows). The column is
--    rebuilt; the rollup recurring_daily_totals is unchanged (same keys).
alter table public.statement_transactions drop constraint statement_transactions_user_id_fkey;
alter table public.statement_transactions drop constraint statement_transactions_currency_iso4217;

alter table public.statement_transactions drop column recurring_key;
alter table public.statement_transactions
  add column recurring_key text not null generated always as (
    pg_catalog.btrim(
      pg_catalog.regexp_replace(
        pg_catalog.lower(
          normalize(case when counterparty <> '' then counterparty else coalesce(description, '') end, nfkc)
            collate "und-x-icu"),
        '[^[:alpha:]]+', ' ', 'g'),
      ' ')
  ) stored;
comment on column public.statement_transactions.recurring_key is
  'Recurring-stream key (API.md §9.1 rule 2) of the counterparty when non-empty, else of the description; empty '
  'when that text has no letters. The expression of private.recurring_key, written out (inlined) for write speed.';
create index statement_transactions_user_id_currency_recurring_key_idx
  on public.statement_transactions (user_id, currency, recurring_key, date);
