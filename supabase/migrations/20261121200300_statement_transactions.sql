-- Statement transactions: the lines of an imported statement.
-- Sign: from the account holder's view (positive = money in, negative = money out).
-- Kind: stored as imported; null means "not given", and the effective kind follows the API's sign rule
-- (positive = income, zero or negative = expense). `effective_kind` stores the resolved value, so filters and
-- aggregates never re-derive it and an index can serve the `kind` filter.
create table public.statement_transactions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  statement_import_id uuid not null,
  date date not null,
  amount_minor bigint not null
    constraint statement_transactions_amount_magnitude
      check (amount_minor between -999999999999999 and 999999999999999),
  currency text not null
    constraint statement_transactions_currency_format check (currency ~ '^[A-Z]{3}$'),
  description text
    constraint statement_transactions_description_length check (char_length(description) <= 500),
  counterparty text
    constraint statement_transactions_counterparty_length check (char_length(counterparty) <= 200),
  category text
    constraint statement_transactions_category_format
      check (char_length(category) between 1 and 200 and category = btrim(category)),
  kind text
    constraint statement_transactions_kind_known check (kind in ('income', 'expense', 'transfer')),
  effective_kind text not null generated always as (
    coalesce(kind, case when amount_minor > 0 then 'income' else 'expense' end)
  ) stored,
  constraint statement_transactions_import_fkey foreign key (user_id, statement_import_id, currency)
    references public.statement_imports (user_id, id, currency) on delete cascade
);

comment on table public.statement_transactions is
  'Lines of imported statements. Read through me_statement_transactions() and me_ledger_totals().';
comment on column public.statement_transactions.date is 'Booking date (calendar date, no time zone).';
comment on column public.statement_transactions.amount_minor is
  'Signed amount in minor units of `currency`: positive = money in, negative = money out.';
comment on column public.statement_transactions.currency is 'Always the currency of the statement import.';
comment on column public.statement_transactions.category is 'Spending or income category; null = uncategorized.';
comment on column public.statement_transactions.kind is
  'income, expense or transfer as imported; null when the statement did not say.';
comment on column public.statement_transactions.effective_kind is
  'kind, or when null: income for a positive amount, expense for zero or negative. Transfers are left out of '
  'cashflow, spending and budgets; a positive expense is a refund; a negative income is a reversal.';

-- Keyset pagination of GET /v1/me/statements/transactions (date desc, id desc), and the date-range scans of
-- the aggregates.
create index statement_transactions_user_id_date_id_idx
  on public.statement_transactions (user_id, date desc, id desc);
-- The statement_import_id filter (also serves the foreign key to statement_imports).
create index statement_transactions_user_id_import_date_id_idx
  on public.statement_transactions (user_id, statement_import_id, currency, date desc, id desc);
-- The category filter.
create index statement_transactions_user_id_category_date_id_idx
  on public.statement_transactions (user_id, category, date desc, id desc);
-- The kind filter.
create index statement_transactions_user_id_kind_date_id_idx
  on public.statement_transactions (user_id, effective_kind, date desc, id desc);

alter table public.statement_transactions enable row level security;

create policy "Users can read their own statement transactions" on public.statement_transactions
  for select to authenticated
  using ((select auth.uid()) = user_id);

revoke all on table public.statement_transactions from public, anon, authenticated;
grant select on table public.statement_transactions to authenticated;
grant select, insert, update, delete on table public.statement_transactions to service_role;
