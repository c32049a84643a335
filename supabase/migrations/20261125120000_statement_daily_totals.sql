-- Daily statement rollup: the statement transactions summed per (user, statement import, date), kept exact by
-- statement-level triggers like ledger_monthly_totals, so balances and net worth (API.md §9.3; issue 14) read one
-- row per statement and day instead of every raw transaction.
--
-- * Exact: every INSERT, UPDATE, DELETE (cascades included) and TRUNCATE of public.statement_transactions changes
--   the rollup in the same transaction, by the aggregated transition tables; concurrent writers serialize on the
--   rollup rows (INSERT ... ON CONFLICT and UPDATE take row locks).
-- * RLS-protected like every table: one `to authenticated` SELECT policy on `(select auth.uid()) = user_id`, no
--   write grants to anon or authenticated. The trigger functions are security definer in the `private` schema.

create table public.statement_daily_totals (
  user_id uuid not null references auth.users (id) on delete cascade,
  statement_import_id uuid not null,
  date date not null,
  -- numeric: a sum of many bigint amounts may exceed bigint; readers cast (and fail loudly).
  amount_minor numeric not null,
  transaction_count bigint not null
    constraint statement_daily_totals_count_not_negative check (transaction_count >= 0),
  primary key (user_id, statement_import_id, date)
);

comment on table public.statement_daily_totals is
  'Statement transactions summed per user, statement import and date. Maintained by triggers on '
  'statement_transactions (never written directly); read by me_statement_balances() and the account_balances and '
  'statement_reconciliation views.';
comment on column public.statement_daily_totals.amount_minor is
  'Signed sum of amount_minor of the import''s transactions on that date, minor units of the import''s currency.';
comment on column public.statement_daily_totals.transaction_count is
  'Number of transactions summed (rows at 0 are deleted).';

alter table public.statement_daily_totals enable row level security;

create policy "Users can read their own statement daily totals" on public.statement_daily_totals
  for select to authenticated
  using ((select auth.uid()) = user_id);

revoke all on table public.statement_daily_totals from public, anon, authenticated;
grant select on table public.statement_daily_totals to authenticated;
grant select, insert, update, delete on table public.statement_daily_totals to service_role;

create function private.statement_daily_totals_add() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.statement_daily_totals as r (user_id, statement_import_id, date, amount_minor, transaction_count)
  select n.user_id, n.statement_import_id, n.date, sum(n.amount_minor), count(*)
  from new_rows as n
  group by 1, 2, 3
  on conflict (user_id, statement_import_id, date) do update
    set amount_minor = r.amount_minor + excluded.amount_minor,
        transaction_count = r.transaction_count + excluded.transaction_count;
  return null;
end
$$;

create function private.statement_daily_totals_subtract() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.statement_daily_totals as r
  set amount_minor = r.amount_minor - o.amount_minor,
      transaction_count = r.transaction_count - o.transaction_count
  from (
    select o.user_id, o.statement_import_id, o.date, sum(o.amount_minor) as amount_minor, count(*) as transaction_count
    from old_rows as o
    group by 1, 2, 3
  ) as o
  where r.user_id = o.user_id and r.statement_import_id = o.statement_import_id and r.date = o.date;
  delete from public.statement_daily_totals as r
  where r.transaction_count = 0
    and (r.user_id, r.statement_import_id, r.date) in (select o.user_id, o.statement_import_id, o.date from old_rows as o);
  return null;
end
$$;

create function private.statement_daily_totals_truncate() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  truncate public.statement_daily_totals;
  return null;
end
$$;

revoke all on function private.statement_daily_totals_add() from public;
revoke all on function private.statement_daily_totals_subtract() from public;
revoke all on function private.statement_daily_totals_truncate() from public;

create trigger statement_daily_totals_insert
  after insert on public.statement_transactions
  referencing new table as new_rows
  for each statement execute function private.statement_daily_totals_add();
create trigger statement_daily_totals_delete
  after delete on public.statement_transactions
  referencing old table as old_rows
  for each statement execute function private.statement_daily_totals_subtract();
-- UPDATE: the old side out (_1_subtract), then the new side in (_2_add); triggers on one event fire in name order.
create trigger statement_daily_totals_update_1_subtract
  after update on public.statement_transactions
  referencing old table as old_rows
  for each statement execute function private.statement_daily_totals_subtract();
create trigger statement_daily_totals_update_2_add
  after update on public.statement_transactions
  referencing new table as new_rows
  for each statement execute function private.statement_daily_totals_add();
create trigger statement_daily_totals_truncate
  after truncate on public.statement_transactions
  for each statement execute function private.statement_daily_totals_truncate();

-- Existing rows.
insert into public.statement_daily_totals (user_id, statement_import_id, date, amount_minor, transaction_count)
select t.user_id, t.statement_import_id, t.date, sum(t.amount_minor), count(*)
from public.statement_transactions as t
group by 1, 2, 3;
