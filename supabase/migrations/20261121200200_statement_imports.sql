-- Statement imports: one row per bank statement file a trusted pipeline imported for a user.
create table public.statement_imports (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  account_name text not null
    constraint statement_imports_account_name_length check (char_length(account_name) between 1 and 200),
  file_name text not null
    constraint statement_imports_file_name_length check (char_length(file_name) between 1 and 200),
  format text not null
    constraint statement_imports_format_known check (format in ('csv', 'ofx', 'qif', 'camt053', 'mt940')),
  status text not null
    constraint statement_imports_status_known check (status in ('processing', 'completed', 'partial', 'failed')),
  statement_start date,
  statement_end date,
  currency text not null
    constraint statement_imports_currency_format check (currency ~ '^[A-Z]{3}$'),
  opening_balance_minor bigint
    constraint statement_imports_opening_balance_magnitude
      check (opening_balance_minor between -999999999999999 and 999999999999999),
  closing_balance_minor bigint
    constraint statement_imports_closing_balance_magnitude
      check (closing_balance_minor between -999999999999999 and 999999999999999),
  transaction_count integer not null default 0
    constraint statement_imports_transaction_count_non_negative check (transaction_count >= 0),
  duplicate_count integer not null default 0
    constraint statement_imports_duplicate_count_non_negative check (duplicate_count >= 0),
  error_count integer not null default 0
    constraint statement_imports_error_count_non_negative check (error_count >= 0),
  imported_at timestamptz not null default now(),
  constraint statement_imports_period_order check (statement_start <= statement_end),
  -- Lets statement_transactions reference (user_id, id, currency), so a transaction can only belong to an import
  -- of the same user and currency.
  constraint statement_imports_user_id_id_currency_key unique (user_id, id, currency)
);

comment on table public.statement_imports is
  'Bank statement files imported for a user by a trusted pipeline. Read through me_statement_imports().';
comment on column public.statement_imports.format is 'File format: csv, ofx, qif, camt053 or mt940.';
comment on column public.statement_imports.status is
  'processing (import running), completed (every line imported), partial (some lines rejected: see error_count), '
  'failed (nothing imported).';
comment on column public.statement_imports.statement_start is 'First day the statement covers (inclusive); may be null.';
comment on column public.statement_imports.statement_end is 'Last day the statement covers (inclusive); may be null.';
comment on column public.statement_imports.opening_balance_minor is 'Opening balance in minor units of `currency`.';
comment on column public.statement_imports.closing_balance_minor is 'Closing balance in minor units of `currency`.';
comment on column public.statement_imports.transaction_count is 'Lines imported as transactions.';
comment on column public.statement_imports.duplicate_count is 'Lines skipped as duplicates of earlier imports.';
comment on column public.statement_imports.error_count is 'Lines rejected as unreadable or invalid.';
comment on column public.statement_imports.imported_at is 'When the import ran (UTC).';

-- Keyset pagination of GET /v1/me/statements/imports: newest imported_at first, then id descending.
create index statement_imports_user_id_imported_at_id_idx
  on public.statement_imports (user_id, imported_at desc, id desc);

alter table public.statement_imports enable row level security;

create policy "Users can read their own statement imports" on public.statement_imports
  for select to authenticated
  using ((select auth.uid()) = user_id);

revoke all on table public.statement_imports from public, anon, authenticated;
grant select on table public.statement_imports to authenticated;
grant select, insert, update, delete on table public.statement_imports to service_role;
