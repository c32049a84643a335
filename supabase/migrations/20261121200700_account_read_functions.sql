-- SQL read functions of the account endpoints (GET /v1/me/*): the contract with the data drivers, listed in
-- docs/ARCHITECTURE.md. Both drivers (supabase-js `.rpc()` and direct SQL after `set local role authenticated`)
-- call these. Every function is `security invoker` (row-level security of the caller applies), `stable`, has an
-- empty search_path (every name is schema-qualified) and is executable by `authenticated` only. None takes a
-- user id: each also filters on `(select auth.uid())`, so a caller without a user (service_role, postgres)
-- gets no rows rather than everyone's.

create function public.me_profile()
returns table (default_currency text, timezone text, today date)
language sql stable security invoker
set search_path = ''
as $$
  select p.default_currency, p.timezone, (pg_catalog.now() at time zone p.timezone)::date
  from public.profiles as p
  where p.user_id = (select auth.uid())
$$;
comment on function public.me_profile() is
  'The caller''s profile: default_currency, timezone, and today''s date in that time zone. 0 rows without a profile.';

create function public.me_ledger_totals(p_from date, p_to date)
returns table (currency text, month date, kind text, category text, amount_minor bigint, transaction_count bigint)
language sql stable security invoker
set search_path = ''
as $$
  select
    t.currency,
    case when t.date between p_from and p_to then pg_catalog.date_trunc('month', t.date)::date end as month,
    t.effective_kind as kind,
    case when t.date between p_from and p_to then t.category end as category,
    sum(t.amount_minor)::bigint as amount_minor,
    count(*) as transaction_count
  from public.statement_transactions as t
  where t.user_id = (select auth.uid())
  group by 1, 2, 3, 4
  order by 1, 2 nulls last, 3, 4 nulls last
$$;
comment on function public.me_ledger_totals(date, date) is
  'The caller''s statement transactions aggregated, all currencies. Dated within [p_from, p_to]: one row per '
  '(currency, month start, effective kind, category). Outside the range: one row per (currency, kind) with month '
  'and category null. amount_minor is the signed sum; transaction_count the number of transactions.';

create function public.me_budgets(p_month date)
returns table (currency text, category text, amount_minor bigint)
language sql stable security invoker
set search_path = ''
as $$
  select b.currency, b.category, b.amount_minor
  from public.budgets as b
  where b.user_id = (select auth.uid())
    and b.month = pg_catalog.date_trunc('month', p_month)::date
  order by b.currency, b.category
$$;
comment on function public.me_budgets(date) is
  'The caller''s budgets for the calendar month containing p_month (normally its first day), all currencies.';

create function public.me_goals(p_as_of date)
returns table (
  id uuid, name text, currency text, target_minor bigint, target_date date,
  saved_minor bigint, first_contribution_date date, contribution_count bigint
)
language sql stable security invoker
set search_path = ''
as $$
  select
    g.id, g.name, g.currency, g.target_minor, g.target_date,
    coalesce(c.saved_minor, 0)::bigint,
    c.first_contribution_date,
    coalesce(c.contribution_count, 0)
  from public.goals as g
  left join lateral (
    select sum(gc.amount_minor) as saved_minor, min(gc.date) as first_contribution_date,
           count(*) as contribution_count
    from public.goal_contributions as gc
    where gc.user_id = g.user_id and gc.goal_id = g.id and gc.date <= p_as_of
  ) as c on true
  where g.user_id = (select auth.uid())
  order by g.created_at, g.id
$$;
comment on function public.me_goals(date) is
  'The caller''s goals with the sum, count and earliest date of contributions dated on or before p_as_of.';

-- Page sizes are clamped to 1..1000 (the API asks for at most 201: a page of 200 plus one to detect a next page).
create function public.me_statement_imports(p_limit integer, p_after_imported_at timestamptz, p_after_id uuid)
returns table (
  id uuid, account_name text, file_name text, format text, status text, statement_start date,
  statement_end date, currency text, opening_balance_minor bigint, closing_balance_minor bigint,
  transaction_count integer, duplicate_count integer, error_count integer, imported_at timestamptz
)
language sql stable security invoker
set search_path = ''
as $$
  select
    i.id, i.account_name, i.file_name, i.format, i.status, i.statement_start, i.statement_end, i.currency,
    i.opening_balance_minor, i.closing_balance_minor, i.transaction_count, i.duplicate_count, i.error_count,
    i.imported_at
  from public.statement_imports as i
  where i.user_id = (select auth.uid())
    and (
      p_after_imported_at is null
      or (p_after_id is null and i.imported_at < p_after_imported_at)
      or (i.imported_at, i.id) < (p_after_imported_at, p_after_id)
    )
  order by i.imported_at desc, i.id desc
  limit greatest(1, least(coalesce(p_limit, 50), 1000))
$$;
comment on function public.me_statement_imports(integer, timestamptz, uuid) is
  'The caller''s statement imports, newest imported_at first, then id descending. Keyset: rows strictly after '
  '(p_after_imported_at, p_after_id) in that order when p_after_imported_at is not null. p_limit is clamped to 1..1000.';

create function public.me_statement_transactions(
  p_limit integer, p_after_date date, p_after_id uuid, p_statement_import_id uuid,
  p_from date, p_to date, p_category text, p_kind text
)
returns table (
  id uuid, statement_import_id uuid, date date, amount_minor bigint, currency text, description text,
  counterparty text, category text, kind text
)
language sql stable security invoker
set search_path = ''
as $$
  select t.id, t.statement_import_id, t.date, t.amount_minor, t.currency, t.description, t.counterparty,
         t.category, t.effective_kind
  from public.statement_transactions as t
  where t.user_id = (select auth.uid())
    and (
      p_after_date is null
      or (p_after_id is null and t.date < p_after_date)
      or (t.date, t.id) < (p_after_date, p_after_id)
    )
    and (p_statement_import_id is null or t.statement_import_id = p_statement_import_id)
    and (p_from is null or t.date >= p_from)
    and (p_to is null or t.date <= p_to)
    and (p_category is null or t.category = p_category)
    and (p_kind is null or t.effective_kind = p_kind)
  order by t.date desc, t.id desc
  limit greatest(1, least(coalesce(p_limit, 50), 1000))
$$;
comment on function public.me_statement_transactions(integer, date, uuid, uuid, date, date, text, text) is
  'The caller''s statement transactions, date descending then id descending, kind resolved (sign rule when the '
  'statement gave none). Keyset: rows strictly after (p_after_date, p_after_id). Each filter is ignored when null; '
  'p_kind matches the resolved kind. p_limit is clamped to 1..1000.';

revoke all on function public.me_profile() from public, anon, service_role;
revoke all on function public.me_ledger_totals(date, date) from public, anon, service_role;
revoke all on function public.me_budgets(date) from public, anon, service_role;
revoke all on function public.me_goals(date) from public, anon, service_role;
revoke all on function public.me_statement_imports(integer, timestamptz, uuid) from public, anon, service_role;
revoke all on function public.me_statement_transactions(integer, date, uuid, uuid, date, date, text, text)
  from public, anon, service_role;
grant execute on function public.me_profile() to authenticated;
grant execute on function public.me_ledger_totals(date, date) to authenticated;
grant execute on function public.me_budgets(date) to authenticated;
grant execute on function public.me_goals(date) to authenticated;
grant execute on function public.me_statement_imports(integer, timestamptz, uuid) to authenticated;
grant execute on function public.me_statement_transactions(integer, date, uuid, uuid, date, date, text, text)
  to authenticated;
