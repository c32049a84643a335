-- Deduplication of imported statement lines (issue 17). The import pipeline (packages/importer) gives every line
-- it writes a `dedup_key`: a uuid of 8 hex digits of the date (or `ffffffff`) and 24 of an md5 over the account
-- (name and currency) and either the bank's transaction id (FITID, AcctSvcrRef, MT940 bank reference, a CSV id
-- column) or, when the file has none, the date, amount, normalized description and counterparty, and the line's
-- occurrence index among identical lines of its file.
-- The unique index makes a line that an earlier import of the same user and account already holds a conflict,
-- which the pipeline skips (`on conflict do nothing`) and counts in `duplicate_count`. Rows written by other means
-- (scale data, seed.sql) have no key: NULLs never conflict.
alter table public.statement_transactions add column dedup_key uuid;

comment on column public.statement_transactions.dedup_key is
  'Deduplication key set by the import pipeline (date prefix + md5 of account + bank id, or of account + date + '
  'amount + normalized text + occurrence index); null for rows loaded by other means. Unique per user.';

create unique index statement_transactions_user_id_dedup_key_key
  on public.statement_transactions (user_id, dedup_key);
