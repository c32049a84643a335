-- Recurring streams and the cash-flow forecast (API.md §9.1, §9.2; issue 16). The database computes each
-- transaction's grouping key once, when the row is written (a stored generated column), and keeps the candidates
-- summed per (key, direction, date) in a trigger-maintained rollup, so GET /v1/me/analytics/recurring and
-- /forecast read a few hundred occurrence rows instead of every transaction; raw rows are read only for the
-- streams found.

-- The key rule of §9.1 rule 2 and §9.6: Unicode NFKC, then lower case, then every run of characters that are not
-- letters (Unicode general category L) replaced by one space, then trimmed. Lower case and the letter class use the
-- ICU root collation ("und-x-icu"): u_strToLower is the full, locale-independent Unicode mapping that JavaScript's
-- toLowerCase applies (İ → i + U+0307, final sigma), and [[:alpha:]] under ICU is u_isalpha, which is exactly
-- general category L. The TypeScript twin is packages/core/src/services/recurring-key.ts; the parity test
-- supabase/tests/recurring-key-parity.test.ts proves they agree.
create function private.recurring_key(p_text text) returns text
language sql immutable strict parallel safe
set search_path = ''
as $$
  select pg_catalog.btrim(
    pg_catalog.regexp_replace(
      pg_catalog.lower(normalize(p_text, nfkc) collate "und-x-icu"),
      '[^[:alpha:]]+', ' ', 'g'),
    ' ')
$$;
comment on function private.recurring_key(text) is
  'The recurring-stream key of a text (API.md §9.1): NFKC, locale-independent lower case, runs of non-letters '
  '(general category L) to one space, trimmed. "NETFLIX.COM 4412" gives "netflix com".';

revoke all on function private.recurring_key(text) from public;
grant execute on function private.recurring_key(text) to service_role;

-- The key of each transaction: of its counterparty when that is non-empty, else of its description (no fallback
-- when a counterparty normalizes to nothing). Computed on write, so reads never normalize text. The column writes
-- private.recurring_key's expression out instead of calling it: the function pins its search_path (the linter's
-- rule), which keeps PostgreSQL from inlining it, so every written row would pay a full SQL-function call (issue 17:
-- import speed). packages/importer/test/fixtures.test.ts checks that the stored key equals the function's.
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

-- me_recurring_members: only the rows of the streams found.
create index statement_transactions_user_id_currency_recurring_key_idx
  on public.statement_transactions (user_id, currency, recurring_key, date);

-- The occurrences, kept by triggers: the candidates (income and expense transactions with a non-zero amount)
-- summed per (user, currency, key, direction, date), so a GET reads a few hundred rows per user instead of
-- aggregating every raw transaction on every request. Exact, RLS-protected and maintained like
-- ledger_monthly_totals (20261121213000_ledger_monthly_totals.sql): statement-level triggers with transition
-- tables in the same transaction, security definer functions in `private`, no write grants to the API roles.
create table public.recurring_daily_totals (
  user_id uuid not null references auth.users (id) on delete cascade,
  currency text not null,
  date date not null,
  recurring_key text not null,
  direction text not null constraint recurring_daily_totals_direction_known check (direction in ('inflow', 'outflow')),
  -- numeric: a sum of many bigint amounts may exceed bigint; the reader casts (and fails loudly).
  amount_minor numeric not null,
  transaction_count bigint not null constraint recurring_daily_totals_count_not_negative check (transaction_count >= 0),
  primary key (user_id, currency, date, recurring_key, direction)
);

comment on table public.recurring_daily_totals is
  'Recurring-stream candidates (income and expense statement transactions with a non-zero amount) summed per user, '
  'currency, date, key (statement_transactions.recurring_key) and direction. Maintained by triggers on '
  'statement_transactions (never written directly); read by me_recurring_occurrences().';
comment on column public.recurring_daily_totals.direction is 'inflow (amount > 0) or outflow (amount < 0).';
comment on column public.recurring_daily_totals.amount_minor is 'Signed sum of amount_minor, minor units of currency.';
comment on column public.recurring_daily_totals.transaction_count is
  'Number of transactions summed (rows at 0 are deleted).';

alter table public.recurring_daily_totals enable row level security;

create policy "Users can read their own recurring daily totals" on public.recurring_daily_totals
  for select to authenticated
  using ((select auth.uid()) = user_id);

revoke all on table public.recurring_daily_totals from public, anon, authenticated;
grant select on table public.recurring_daily_totals to authenticated;
grant select, insert, update, delete on table public.recurring_daily_totals to service_role;

-- Adds the candidates of `new_rows` (INSERT, and the new side of UPDATE).
create function private.recurring_daily_totals_add() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  insert into public.recurring_daily_totals as r
    (user_id, currency, date, recurring_key, direction, amount_minor, transaction_count)
  select n.user_id, n.currency, n.date, n.recurring_key,
         case when n.amount_minor > 0 then 'inflow' else 'outflow' end, sum(n.amount_minor), count(*)
  from new_rows as n
  where n.effective_kind <> 'transfer' and n.amount_minor <> 0
  group by 1, 2, 3, 4, 5
  on conflict (user_id, currency, date, recurring_key, direction) do update
    set amount_minor = r.amount_minor + excluded.amount_minor,
        transaction_count = r.transaction_count + excluded.transaction_count;
  return null;
end
$$;

-- Subtracts the candidates of `old_rows` (DELETE, and the old side of UPDATE); rows that reach 0 transactions go.
create function private.recurring_daily_totals_subtract() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  update public.recurring_daily_totals as r
  set amount_minor = r.amount_minor - o.amount_minor,
      transaction_count = r.transaction_count - o.transaction_count
  from (
    select o.user_id, o.currency, o.date, o.recurring_key,
           case when o.amount_minor > 0 then 'inflow' else 'outflow' end as direction,
           sum(o.amount_minor) as amount_minor, count(*) as transaction_count
    from old_rows as o
    where o.effective_kind <> 'transfer' and o.amount_minor <> 0
    group by 1, 2, 3, 4, 5
  ) as o
  where r.user_id = o.user_id and r.currency = o.currency and r.date = o.date
    and r.recurring_key = o.recurring_key and r.direction = o.direction;
  delete from public.recurring_daily_totals as r
  where r.transaction_count = 0
    and (r.user_id, r.currency, r.date) in (select o.user_id, o.currency, o.date from old_rows as o);
  return null;
end
$$;

create function private.recurring_daily_totals_truncate() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  truncate public.recurring_daily_totals;
  return null;
end
$$;

revoke all on function private.recurring_daily_totals_add() from public;
revoke all on function private.recurring_daily_totals_subtract() from public;
revoke all on function private.recurring_daily_totals_truncate() from public;

create trigger recurring_daily_totals_insert
  after insert on public.statement_transactions
  referencing new table as new_rows
  for each statement execute function private.recurring_daily_totals_add();
create trigger recurring_daily_totals_delete
  after delete on public.statement_transactions
  referencing old table as old_rows
  for each statement execute function private.recurring_daily_totals_subtract();
-- UPDATE: the old side out, then the new side in (triggers on one event fire in name order).
create trigger recurring_daily_totals_update_1_subtract
  after update on public.statement_transactions
  referencing old table as old_rows
  for each statement execute function private.recurring_daily_totals_subtract();
create trigger recurring_daily_totals_update_2_add
  after update on public.statement_transactions
  referencing new table as new_rows
  for each statement execute function private.recurring_daily_totals_add();
create trigger recurring_daily_totals_truncate
  after truncate on public.statement_transactions
  for each statement execute function private.recurring_daily_totals_truncate();

-- Existing rows.
insert into public.recurring_daily_totals
  (user_id, currency, date, recurring_key, direction, amount_minor, transaction_count)
select t.user_id, t.currency, t.date, t.recurring_key,
       case when t.amount_minor > 0 then 'inflow' else 'outflow' end, sum(t.amount_minor), count(*)
from public.statement_transactions as t
where t.effective_kind <> 'transfer' and t.amount_minor <> 0
group by 1, 2, 3, 4, 5;

-- The caller's occurrences in one currency between two dates (inclusive), from the rollup: income and expense
-- transactions with a non-zero amount, summed per (key, direction, date). Empty keys are included (they never form a stream, but the
-- forecast's trailing 90-day net counts every income and expense).
create function public.me_recurring_occurrences(p_currency text, p_from date, p_to date)
returns table (key text, direction text, date date, amount_minor bigint, transaction_count bigint)
language sql stable security invoker
set search_path = ''
as $$
  select r.recurring_key, r.direction, r.date, r.amount_minor::bigint, r.transaction_count
  from public.recurring_daily_totals as r
  where r.user_id = (select auth.uid())
    and r.currency = p_currency
    and r.date >= p_from
    and r.date <= p_to
  order by r.recurring_key collate "C", r.direction, r.date
$$;
comment on function public.me_recurring_occurrences(text, date, date) is
  'The caller''s recurring-stream occurrences in p_currency dated p_from..p_to: income and expense transactions '
  'with a non-zero amount summed per (key, direction inflow/outflow, date), with their count; by key (code points), '
  'direction, date. Rows with an empty key are included for the forecast''s trailing net. Read by GET '
  '/v1/me/analytics/recurring and /forecast.';

-- The member transactions of the given streams (p_groups: a JSON array of {"key", "direction"}), by key,
-- direction, date, id: what a stream's name, category and transaction_ids come from.
-- PL/pgSQL with `plan_cache_mode = force_custom_plan`, like me_statement_transactions: planned on each call with
-- the actual arguments, so the keys are an index condition on (user_id, currency, recurring_key, date) and only these
-- groups' rows are read. (As a SQL function it was planned without the values, and the generic plan filtered all of a
-- user's rows in the window: about 180 ms for 100,000 rows instead of 2 ms.)
create function public.me_recurring_members(p_currency text, p_from date, p_to date, p_groups jsonb)
returns table (key text, direction text, date date, id uuid, category text, name text)
language plpgsql stable security invoker
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
#variable_conflict use_column
begin
  return query
  with g as (select g.key, g.direction from pg_catalog.jsonb_to_recordset(p_groups) as g(key text, direction text))
  select t.recurring_key, case when t.amount_minor > 0 then 'inflow' else 'outflow' end, t.date, t.id, t.category,
         case when t.counterparty <> '' then t.counterparty else coalesce(t.description, '') end
  from public.statement_transactions as t
  where t.user_id = (select auth.uid())
    and t.currency = p_currency
    and t.recurring_key = any (array(select g.key from g))
    and t.date >= p_from
    and t.date <= p_to
    and t.effective_kind <> 'transfer'
    and t.amount_minor <> 0
    and (t.recurring_key, case when t.amount_minor > 0 then 'inflow' else 'outflow' end) in
      (select g.key, g.direction from g)
  order by t.recurring_key collate "C", 2, t.date, t.id;
end
$$;
comment on function public.me_recurring_members(text, date, date, jsonb) is
  'The caller''s transactions in p_currency dated p_from..p_to that belong to the given (key, direction) groups '
  '(p_groups: [{"key": ..., "direction": "inflow"|"outflow"}]), with category and name (counterparty when '
  'non-empty, else description); by key (code points), direction, date, id.';

revoke all on function public.me_recurring_occurrences(text, date, date) from public, anon, service_role;
revoke all on function public.me_recurring_members(text, date, date, jsonb) from public, anon, service_role;
grant execute on function public.me_recurring_occurrences(text, date, date) to authenticated;
grant execute on function public.me_recurring_members(text, date, date, jsonb) to authenticated;
