-- Daily ledger rollup for currency conversion (API.md §11.3; issue 26). Conversion works on day groups: the
-- transactions of one currency on one date with the same effective kind and category, summed exactly and converted
-- at that date's rate. The monthly rollup (ledger_monthly_totals) cannot give dates, so the statement transactions
-- are also summed per (user, currency, date, effective kind, category) here, so a GET with convert=true reads day
-- groups instead of raw transactions.
--
-- Exact, RLS-protected and maintained like ledger_monthly_totals (20261121213000_ledger_monthly_totals.sql):
-- statement-level triggers with transition tables in the same transaction, security definer functions in
-- `private`, no write grants to the API roles.

create table public.ledger_daily_totals (
  -- A surrogate key: the natural key has a nullable column (category), which a primary key cannot hold.
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  currency text not null,
  date date not null,
  kind text not null
    constraint ledger_daily_totals_kind_known check (kind in ('income', 'expense', 'transfer')),
  category text,
  -- numeric: a sum of many bigint amounts may exceed bigint; readers cast (and fail loudly).
  amount_minor numeric not null,
  transaction_count bigint not null constraint ledger_daily_totals_count_not_negative check (transaction_count >= 0),
  -- Leads with user_id: the RLS filter and me_ledger_daily_totals' range read (user, currency, date).
  constraint ledger_daily_totals_key unique nulls not distinct (user_id, currency, date, kind, category)
);

comment on table public.ledger_daily_totals is
  'Statement transactions summed per user, currency, date, effective kind and category (the day groups of currency '
  'conversion). Maintained by triggers on statement_transactions (never written directly); read by '
  'me_ledger_daily_totals().';
comment on column public.ledger_daily_totals.kind is 'The effective kind (statement_transactions.effective_kind).';
comment on column public.ledger_daily_totals.category is 'Category; null = uncategorized.';
comment on column public.ledger_daily_totals.amount_minor is 'Signed sum of amount_minor, minor units of currency.';
comment on column public.ledger_daily_totals.transaction_count is 'Number of transactions summed (rows at 0 are deleted).';

alter table public.ledger_daily_totals enable row level security;

create policy "Users can read their own daily ledger totals" on public.ledger_daily_totals
  for select to authenticated
  using ((select auth.uid()) = user_id);

revoke all on table public.ledger_daily_totals from public, anon, authenticated;
grant select on table public.ledger_daily_totals to authenticated;
grant select, insert, update, delete on table public.ledger_daily_totals to service_role;

create function private.ledger_daily_totals_add() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.ledger_daily_totals as r (user_id, currency, date, kind, category, amount_minor, transaction_count)
  select n.user_id, n.currency, n.date, n.effective_kind, n.category, sum(n.amount_minor), count(*)
  from new_rows as n
  group by 1, 2, 3, 4, 5
  on conflict on constraint ledger_daily_totals_key do update
    set amount_minor = r.amount_minor + excluded.amount_minor,
        transaction_count = r.transaction_count + excluded.transaction_count;
  return null;
end
$$;

create function private.ledger_daily_totals_subtract() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.ledger_daily_totals as r
  set amount_minor = r.amount_minor - o.amount_minor,
      transaction_count = r.transaction_count - o.transaction_count
  from (
    select o.user_id, o.currency, o.date, o.effective_kind as kind, o.category,
           sum(o.amount_minor) as amount_minor, count(*) as transaction_count
    from old_rows as o
    group by 1, 2, 3, 4, 5
  ) as o
  where r.user_id = o.user_id and r.currency = o.currency and r.date = o.date and r.kind = o.kind
    and r.category is not distinct from o.category;
  delete from public.ledger_daily_totals as r
  where r.transaction_count = 0
    and (r.user_id, r.currency, r.date) in (select o.user_id, o.currency, o.date from old_rows as o);
  return null;
end
$$;

create function private.ledger_daily_totals_truncate() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  truncate public.ledger_daily_totals;
  return null;
end
$$;

revoke all on function private.ledger_daily_totals_add() from public;
revoke all on function private.ledger_daily_totals_subtract() from public;
revoke all on function private.ledger_daily_totals_truncate() from public;

create trigger ledger_daily_totals_insert
  after insert on public.statement_transactions
  referencing new table as new_rows
  for each statement execute function private.ledger_daily_totals_add();
create trigger ledger_daily_totals_delete
  after delete on public.statement_transactions
  referencing old table as old_rows
  for each statement execute function private.ledger_daily_totals_subtract();
-- UPDATE: the old side out (_1_subtract), then the new side in (_2_add); triggers on one event fire in name order.
create trigger ledger_daily_totals_update_1_subtract
  after update on public.statement_transactions
  referencing old table as old_rows
  for each statement execute function private.ledger_daily_totals_subtract();
create trigger ledger_daily_totals_update_2_add
  after update on public.statement_transactions
  referencing new table as new_rows
  for each statement execute function private.ledger_daily_totals_add();
create trigger ledger_daily_totals_truncate
  after truncate on public.statement_transactions
  for each statement execute function private.ledger_daily_totals_truncate();

-- Existing rows.
insert into public.ledger_daily_totals (user_id, currency, date, kind, category, amount_minor, transaction_count)
select t.user_id, t.currency, t.date, t.effective_kind, t.category, sum(t.amount_minor), count(*)
from public.statement_transactions as t
group by 1, 2, 3, 4, 5;

-- The caller's day groups in the currencies p_currencies dated p_from..p_to (inclusive): the units of conversion.
-- The report currency's own rows keep coming from me_ledger_totals (the monthly rollup), and the caller asks only for
-- the currencies that rollup shows in the period, so a converted report reads daily rows only for what it converts,
-- by index range (user, currency, date). One row per (currency, kind, category) with its days as parallel arrays in
-- date order (a year of day groups is a few dozen rows, not thousands: the API reads them per request).
create function public.me_ledger_daily_totals(p_from date, p_to date, p_currencies text[])
returns table (currency text, kind text, category text, dates date[], amounts_minor bigint[], transaction_counts bigint[])
language sql stable security invoker
set search_path = ''
as $$
  select r.currency, r.kind, r.category, array_agg(r.date order by r.date),
         array_agg(r.amount_minor::bigint order by r.date), array_agg(r.transaction_count order by r.date)
  from public.ledger_daily_totals as r
  where r.user_id = (select auth.uid())
    and r.currency = any (p_currencies)
    and r.date between p_from and p_to
  group by r.currency, r.kind, r.category
  order by r.currency, r.kind, r.category nulls last
$$;
comment on function public.me_ledger_daily_totals(date, date, text[]) is
  'The caller''s statement transactions in the currencies p_currencies summed per (currency, date, effective kind, '
  'category), dated p_from..p_to: one row per (currency, kind, category) with dates, signed amounts_minor and '
  'transaction_counts as parallel arrays in date order; rows by currency, kind, category (null last). Reads the '
  'ledger_daily_totals rollup, never raw transactions.';
revoke all on function public.me_ledger_daily_totals(date, date, text[]) from public, anon, service_role;
grant execute on function public.me_ledger_daily_totals(date, date, text[]) to authenticated;
