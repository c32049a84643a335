-- Monthly ledger rollup: the statement transactions summed per (user, currency, month, effective kind, category),
-- kept exact by statement-level triggers, so the account analytics read a few hundred rollup rows per user instead
-- of aggregating every raw transaction on every request (issue 6: summary_vs_raw_speedup).
--
-- * Exact: every INSERT, UPDATE, DELETE (cascades included) and TRUNCATE of public.statement_transactions changes
--   the rollup in the same transaction, by the aggregated transition tables; concurrent writers serialize on the
--   rollup rows (INSERT ... ON CONFLICT and UPDATE take row locks), so no increment is lost.
-- * RLS-protected like every table: `to authenticated` SELECT policy on `(select auth.uid()) = user_id`, no write
--   grants to anon or authenticated. The trigger functions are security definer in the `private` schema (not
--   exposed), so whoever may write statement_transactions keeps the rollup right without a grant on it.
-- * public.me_ledger_totals keeps its contract (same columns, same rows, same order) and reads the rollup for every
--   month wholly inside or wholly outside [p_from, p_to]; only the (at most two) months cut by the range are
--   aggregated from the raw rows, through the (user_id, date) index.

create table public.ledger_monthly_totals (
  -- A surrogate key: the natural key has a nullable column (category), which a primary key cannot hold.
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  currency text not null,
  month date not null
    constraint ledger_monthly_totals_month_start check (month = pg_catalog.date_trunc('month', month::timestamp)::date),
  kind text not null
    constraint ledger_monthly_totals_kind_known check (kind in ('income', 'expense', 'transfer')),
  category text,
  -- numeric: a sum of many bigint amounts may exceed bigint; readers cast (and fail loudly) as before.
  amount_minor numeric not null,
  transaction_count bigint not null constraint ledger_monthly_totals_count_not_negative check (transaction_count >= 0),
  constraint ledger_monthly_totals_key unique nulls not distinct (user_id, currency, month, kind, category)
);

comment on table public.ledger_monthly_totals is
  'Statement transactions summed per user, currency, calendar month, effective kind and category. Maintained by '
  'triggers on statement_transactions (never written directly); read by me_ledger_totals().';
comment on column public.ledger_monthly_totals.month is 'First day of the calendar month.';
comment on column public.ledger_monthly_totals.kind is 'The effective kind (statement_transactions.effective_kind).';
comment on column public.ledger_monthly_totals.category is 'Category; null = uncategorized.';
comment on column public.ledger_monthly_totals.amount_minor is 'Signed sum of amount_minor, minor units of currency.';
comment on column public.ledger_monthly_totals.transaction_count is 'Number of transactions summed (rows at 0 are deleted).';

alter table public.ledger_monthly_totals enable row level security;

create policy "Users can read their own ledger totals" on public.ledger_monthly_totals
  for select to authenticated
  using ((select auth.uid()) = user_id);

-- Like every table: authenticated reads, service_role (trusted pipelines) may write. Pipelines write
-- statement_transactions, never this table; the triggers keep it exact. service_role can rebuild it with the
-- backfill query at the end of this file.
revoke all on table public.ledger_monthly_totals from public, anon, authenticated;
grant select on table public.ledger_monthly_totals to authenticated;
grant select, insert, update, delete on table public.ledger_monthly_totals to service_role;

-- Adds the aggregated rows of `new_rows` (INSERT, and the new side of UPDATE).
create function private.ledger_monthly_totals_add() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.ledger_monthly_totals as r
    (user_id, currency, month, kind, category, amount_minor, transaction_count)
  select n.user_id, n.currency, pg_catalog.date_trunc('month', n.date::timestamp)::date, n.effective_kind, n.category,
         sum(n.amount_minor), count(*)
  from new_rows as n
  group by 1, 2, 3, 4, 5
  on conflict on constraint ledger_monthly_totals_key do update
    set amount_minor = r.amount_minor + excluded.amount_minor,
        transaction_count = r.transaction_count + excluded.transaction_count;
  return null;
end
$$;

-- Subtracts the aggregated rows of `old_rows` (DELETE); rows that reach 0 transactions go.
create function private.ledger_monthly_totals_subtract() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.ledger_monthly_totals as r
  set amount_minor = r.amount_minor - o.amount_minor,
      transaction_count = r.transaction_count - o.transaction_count
  from (
    select o.user_id, o.currency, pg_catalog.date_trunc('month', o.date::timestamp)::date as month,
           o.effective_kind as kind, o.category, sum(o.amount_minor) as amount_minor, count(*) as transaction_count
    from old_rows as o
    group by 1, 2, 3, 4, 5
  ) as o
  where r.user_id = o.user_id and r.currency = o.currency and r.month = o.month and r.kind = o.kind
    and r.category is not distinct from o.category;
  delete from public.ledger_monthly_totals as r
  where r.transaction_count = 0
    and (r.user_id, r.currency, r.month) in (
      select o.user_id, o.currency, pg_catalog.date_trunc('month', o.date::timestamp)::date from old_rows as o
    );
  return null;
end
$$;

create function private.ledger_monthly_totals_truncate() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  truncate public.ledger_monthly_totals;
  return null;
end
$$;

revoke all on function private.ledger_monthly_totals_add() from public;
revoke all on function private.ledger_monthly_totals_subtract() from public;
revoke all on function private.ledger_monthly_totals_truncate() from public;

create trigger ledger_monthly_totals_insert
  after insert on public.statement_transactions
  referencing new table as new_rows
  for each statement execute function private.ledger_monthly_totals_add();
create trigger ledger_monthly_totals_delete
  after delete on public.statement_transactions
  referencing old table as old_rows
  for each statement execute function private.ledger_monthly_totals_subtract();
-- UPDATE: the old side out, then the new side in. Triggers on one event fire in name order, so _1_subtract runs
-- before _2_add; a rollup row the subtraction empties is deleted and, when the new side has the same key, inserted
-- again with the new totals.
create trigger ledger_monthly_totals_update_1_subtract
  after update on public.statement_transactions
  referencing old table as old_rows
  for each statement execute function private.ledger_monthly_totals_subtract();
create trigger ledger_monthly_totals_update_2_add
  after update on public.statement_transactions
  referencing new table as new_rows
  for each statement execute function private.ledger_monthly_totals_add();
create trigger ledger_monthly_totals_truncate
  after truncate on public.statement_transactions
  for each statement execute function private.ledger_monthly_totals_truncate();

-- Existing rows.
insert into public.ledger_monthly_totals (user_id, currency, month, kind, category, amount_minor, transaction_count)
select t.user_id, t.currency, pg_catalog.date_trunc('month', t.date::timestamp)::date, t.effective_kind, t.category,
       sum(t.amount_minor), count(*)
from public.statement_transactions as t
group by 1, 2, 3, 4, 5;

-- Same contract as before (20261121200700_account_read_functions.sql); now rollup rows for whole months and raw
-- rows only for the months the range cuts. A month is "cut" when it overlaps [p_from, p_to] without lying inside
-- it; only the months of p_from and of p_to can be cut.
create or replace function public.me_ledger_totals(p_from date, p_to date)
returns table (currency text, month date, kind text, category text, amount_minor bigint, transaction_count bigint)
language sql stable security invoker
set search_path = ''
as $$
  select x.currency, x.month, x.kind, x.category, sum(x.amount_minor)::bigint, sum(x.transaction_count)::bigint
  from (
    -- Whole months, from the rollup: inside the range when the month starts inside it (a month that is not cut
    -- and starts inside lies inside).
    select r.currency,
           case when r.month between p_from and p_to then r.month end as month,
           r.kind,
           case when r.month between p_from and p_to then r.category end as category,
           r.amount_minor,
           r.transaction_count
    from public.ledger_monthly_totals as r
    where r.user_id = (select auth.uid())
      and not (
        r.month <= p_to and (r.month + interval '1 month' - interval '1 day')::date >= p_from
        and (r.month < p_from or (r.month + interval '1 month' - interval '1 day')::date > p_to)
      )
    union all
    -- The month of p_from, when the range cuts it.
    select t.currency,
           case when t.date between p_from and p_to then pg_catalog.date_trunc('month', t.date::timestamp)::date end,
           t.effective_kind,
           case when t.date between p_from and p_to then t.category end,
           t.amount_minor,
           1
    from public.statement_transactions as t
    where t.user_id = (select auth.uid())
      and t.date >= pg_catalog.date_trunc('month', p_from::timestamp)::date
      and t.date < (pg_catalog.date_trunc('month', p_from::timestamp) + interval '1 month')::date
      and pg_catalog.date_trunc('month', p_from::timestamp)::date <= p_to
      and (pg_catalog.date_trunc('month', p_from::timestamp)::date < p_from
           or (pg_catalog.date_trunc('month', p_from::timestamp) + interval '1 month' - interval '1 day')::date > p_to)
    union all
    -- The month of p_to, when the range cuts it and it is not the month of p_from.
    select t.currency,
           case when t.date between p_from and p_to then pg_catalog.date_trunc('month', t.date::timestamp)::date end,
           t.effective_kind,
           case when t.date between p_from and p_to then t.category end,
           t.amount_minor,
           1
    from public.statement_transactions as t
    where t.user_id = (select auth.uid())
      and t.date >= pg_catalog.date_trunc('month', p_to::timestamp)::date
      and t.date < (pg_catalog.date_trunc('month', p_to::timestamp) + interval '1 month')::date
      and pg_catalog.date_trunc('month', p_to::timestamp) <> pg_catalog.date_trunc('month', p_from::timestamp)
      and (pg_catalog.date_trunc('month', p_to::timestamp) + interval '1 month' - interval '1 day')::date >= p_from
      and (pg_catalog.date_trunc('month', p_to::timestamp)::date < p_from
           or (pg_catalog.date_trunc('month', p_to::timestamp) + interval '1 month' - interval '1 day')::date > p_to)
  ) as x
  group by 1, 2, 3, 4
  order by 1, 2 nulls last, 3, 4 nulls last
$$;
comment on function public.me_ledger_totals(date, date) is
  'The caller''s statement transactions aggregated, all currencies. Dated within [p_from, p_to]: one row per '
  '(currency, month start, effective kind, category). Outside the range: one row per (currency, kind) with month '
  'and category null. amount_minor is the signed sum; transaction_count the number of transactions. Reads the '
  'ledger_monthly_totals rollup for whole months and raw rows only for the months the range cuts.';
