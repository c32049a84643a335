-- Per-account daily rollup (API.md §9.3 as settled for issue 24): a statement's balance on a day is its opening
-- balance plus the ACCOUNT's transactions dated from its start through that day, whichever import stored them. A
-- line that a repeated or overlapping export brings again is stored once, under the import that first brought it
-- (20261125140000_statement_import_dedup.sql), and still moves the balance of every statement whose span holds its
-- date. The per-import rollup statement_daily_totals cannot answer "the account's sum from d1 through d2" with one
-- index range scan, so this table keeps the statement transactions summed per (user, account name, currency,
-- date), counting only imports that are neither `processing` nor `failed` (ignored imports count nowhere).
--
-- * Exact: kept in the same transaction as every write that changes it:
--   - every change of public.statement_daily_totals (itself kept exact by the writes to statement_transactions): its
--     INSERT, UPDATE, DELETE and TRUNCATE, by the transition tables, joined to the row's import for its account
--     (rows of an ignored import are skipped). Driving this rollup from the per-import daily one, not from the raw
--     rows, keeps a large import's cost to its days: a 1,000,000-line file adds one pass over ~1,000 daily rows,
--     not another pass over its lines;
--   - an import that starts or stops counting (its status moves between processing/failed and completed/partial),
--     or moves to another account name or currency: its per-import daily totals move with it. The importer inserts
--     an import as `processing`, its lines, then its final status, so the lines enter here at that last step;
--   - deleting an import: its daily totals leave here before the cascade deletes its lines (the triggers on its
--     per-import daily totals then find no import and do nothing).
-- * RLS-protected like every table: one `to authenticated` SELECT policy on `(select auth.uid()) = user_id`, no
--   write grants to anon or authenticated. The trigger functions are security definer in the `private` schema.

create table public.account_daily_totals (
  user_id uuid not null references auth.users (id) on delete cascade,
  account_name text not null,
  currency text not null,
  date date not null,
  -- numeric: a sum of many bigint amounts may exceed bigint; readers cast (and fail loudly).
  amount_minor numeric not null,
  transaction_count bigint not null
    constraint account_daily_totals_count_not_negative check (transaction_count >= 0),
  primary key (user_id, account_name, currency, date)
);

comment on table public.account_daily_totals is
  'Statement transactions summed per user, account (account_name, currency) and date, over the imports that are '
  'not processing or failed, each stored transaction once. Maintained by triggers on statement_daily_totals and '
  'statement_imports (never written directly); read by me_statement_balances() and the statement_reconciliation '
  'view (balances, net worth, reconciliation).';
comment on column public.account_daily_totals.amount_minor is
  'Signed sum of amount_minor of the account''s transactions on that date, minor units of the account''s currency.';
comment on column public.account_daily_totals.transaction_count is
  'Number of transactions summed (rows at 0 are deleted).';

alter table public.account_daily_totals enable row level security;

create policy "Users can read their own account daily totals" on public.account_daily_totals
  for select to authenticated
  using ((select auth.uid()) = user_id);

revoke all on table public.account_daily_totals from public, anon, authenticated;
grant select on table public.account_daily_totals to authenticated;
grant select, insert, update, delete on table public.account_daily_totals to service_role;

-- Per-import daily totals in: the rows of counted imports, under their import's account.
create function private.account_daily_totals_add() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.account_daily_totals as r (user_id, account_name, currency, date, amount_minor, transaction_count)
  select i.user_id, i.account_name, i.currency, n.date, sum(n.amount_minor), sum(n.transaction_count)
  from new_rows as n
  join public.statement_imports as i on i.id = n.statement_import_id
  where i.status not in ('processing', 'failed')
    -- Not for a user being deleted: the cascades from auth.users reach the rollups in no fixed order, and a total
    -- re-added under a deleted user would fail the foreign key (its rows are going anyway).
    and exists (select 1 from auth.users as u where u.id = i.user_id)
  group by 1, 2, 3, 4
  on conflict (user_id, account_name, currency, date) do update
    set amount_minor = r.amount_minor + excluded.amount_minor,
        transaction_count = r.transaction_count + excluded.transaction_count;
  return null;
end
$$;

-- Per-import daily totals out. A row whose import is gone (a cascade from deleting the import) was taken out by
-- account_daily_totals_import_delete already: the join finds no import and skips it.
create function private.account_daily_totals_subtract() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.account_daily_totals as r
  set amount_minor = r.amount_minor - o.amount_minor,
      transaction_count = r.transaction_count - o.transaction_count
  from (
    select i.user_id, i.account_name, i.currency, o.date, sum(o.amount_minor) as amount_minor,
           sum(o.transaction_count) as transaction_count
    from old_rows as o
    join public.statement_imports as i on i.id = o.statement_import_id
    where i.status not in ('processing', 'failed')
      and exists (select 1 from auth.users as u where u.id = i.user_id)
    group by 1, 2, 3, 4
  ) as o
  where r.user_id = o.user_id and r.account_name = o.account_name and r.currency = o.currency and r.date = o.date;
  delete from public.account_daily_totals as r
  where r.transaction_count = 0
    and (r.user_id, r.account_name, r.currency, r.date) in (
      select i.user_id, i.account_name, i.currency, o.date
      from old_rows as o
      join public.statement_imports as i on i.id = o.statement_import_id);
  return null;
end
$$;

create function private.account_daily_totals_truncate() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  truncate public.account_daily_totals;
  return null;
end
$$;

-- One import's daily totals in (p_sign 1) or out (p_sign -1) of the given account's. Out is an UPDATE, never an
-- upsert: a proposed row with a negative count would fail the check constraint before ON CONFLICT is considered.
create function private.account_daily_totals_move(p_import uuid, p_user uuid, p_account text, p_currency text,
  p_sign integer) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  -- Nothing to move for a user being deleted: the cascades from auth.users reach the rollups in no fixed order, and
  -- writing a total of a deleted user fails the foreign key (its rows are going anyway).
  if not exists (select 1 from auth.users as u where u.id = p_user) then
    return;
  end if;
  if p_sign > 0 then
    insert into public.account_daily_totals as r (user_id, account_name, currency, date, amount_minor,
      transaction_count)
    select p_user, p_account, p_currency, d.date, d.amount_minor, d.transaction_count
    from public.statement_daily_totals as d
    where d.user_id = p_user and d.statement_import_id = p_import
    on conflict (user_id, account_name, currency, date) do update
      set amount_minor = r.amount_minor + excluded.amount_minor,
          transaction_count = r.transaction_count + excluded.transaction_count;
  else
    update public.account_daily_totals as r
    set amount_minor = r.amount_minor - d.amount_minor,
        transaction_count = r.transaction_count - d.transaction_count
    from public.statement_daily_totals as d
    where d.user_id = p_user and d.statement_import_id = p_import
      and r.user_id = p_user and r.account_name = p_account and r.currency = p_currency and r.date = d.date;
    delete from public.account_daily_totals as r
    where r.user_id = p_user and r.account_name = p_account and r.currency = p_currency and r.transaction_count = 0
      and r.date in (select d.date from public.statement_daily_totals as d
                     where d.user_id = p_user and d.statement_import_id = p_import);
  end if;
end
$$;

-- An import that starts or stops counting, or changes account: out under the old account, in under the new one.
create function private.account_daily_totals_import_update() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if old.status not in ('processing', 'failed') then
    perform private.account_daily_totals_move(old.id, old.user_id, old.account_name, old.currency, -1);
  end if;
  if new.status not in ('processing', 'failed') then
    perform private.account_daily_totals_move(new.id, new.user_id, new.account_name, new.currency, 1);
  end if;
  return null;
end
$$;

-- An import about to be deleted: its lines leave the account's totals while they can still be found.
create function private.account_daily_totals_import_delete() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if old.status not in ('processing', 'failed') then
    perform private.account_daily_totals_move(old.id, old.user_id, old.account_name, old.currency, -1);
  end if;
  return old;
end
$$;

revoke all on function private.account_daily_totals_add() from public;
revoke all on function private.account_daily_totals_subtract() from public;
revoke all on function private.account_daily_totals_truncate() from public;
revoke all on function private.account_daily_totals_move(uuid, uuid, text, text, integer) from public;
revoke all on function private.account_daily_totals_import_update() from public;
revoke all on function private.account_daily_totals_import_delete() from public;

create trigger account_daily_totals_insert
  after insert on public.statement_daily_totals
  referencing new table as new_rows
  for each statement execute function private.account_daily_totals_add();
create trigger account_daily_totals_delete
  after delete on public.statement_daily_totals
  referencing old table as old_rows
  for each statement execute function private.account_daily_totals_subtract();
-- UPDATE (the rollup's own upserts and subtractions): the old side out (_1_subtract), then the new side in (_2_add);
-- triggers on one event fire in name order.
create trigger account_daily_totals_update_1_subtract
  after update on public.statement_daily_totals
  referencing old table as old_rows
  for each statement execute function private.account_daily_totals_subtract();
create trigger account_daily_totals_update_2_add
  after update on public.statement_daily_totals
  referencing new table as new_rows
  for each statement execute function private.account_daily_totals_add();
create trigger account_daily_totals_truncate
  after truncate on public.statement_daily_totals
  for each statement execute function private.account_daily_totals_truncate();

create trigger account_daily_totals_import_update
  after update of status, account_name, currency, user_id on public.statement_imports
  for each row
  when ((old.status in ('processing', 'failed')) is distinct from (new.status in ('processing', 'failed'))
        or old.account_name is distinct from new.account_name
        or old.currency is distinct from new.currency
        or old.user_id is distinct from new.user_id)
  execute function private.account_daily_totals_import_update();
create trigger account_daily_totals_import_delete
  before delete on public.statement_imports
  for each row execute function private.account_daily_totals_import_delete();

-- Existing rows.
insert into public.account_daily_totals (user_id, account_name, currency, date, amount_minor, transaction_count)
select i.user_id, i.account_name, i.currency, d.date, sum(d.amount_minor), sum(d.transaction_count)
from public.statement_daily_totals as d
join public.statement_imports as i on i.id = d.statement_import_id
where i.status not in ('processing', 'failed')
group by 1, 2, 3, 4;
