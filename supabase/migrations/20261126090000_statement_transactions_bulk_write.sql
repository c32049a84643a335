-- The per-row work of writing statement transactions, cut for large imports (issue 17: import_rows_per_s). Every
-- line an import writes ran two foreign-key checks, a currency check through a SQL function and seven index inserts;
-- the two constraints below guarded nothing the remaining ones do not already guard. (The third item of that work,
-- recurring_key's per-row function call, is written out in its column by 20261125130000_recurring_streams.sql.)
--
-- 1. statement_transactions.user_id -> auth.users: implied by the composite key to statement_imports
--    (user_id, statement_import_id, currency), whose user_id references auth.users (on delete cascade). Deleting a
--    user still deletes their transactions, through their statement imports. One referential check per row less.
-- 2. statement_transactions_currency_iso4217: the same composite key makes the currency that of the import, which
--    statement_imports_currency_iso4217 checks. The check called private.currency_minor_units, a SQL function with
--    a pinned search_path (so never inlined): a function call per row.
alter table public.statement_transactions drop constraint statement_transactions_user_id_fkey;
alter table public.statement_transactions drop constraint statement_transactions_currency_iso4217;
