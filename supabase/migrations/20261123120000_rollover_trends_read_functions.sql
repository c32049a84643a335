-- Read functions for budget rollover and spending trends (API.md §9.4, §9.5; issue 15). Both read whole months
-- only, so both read aggregates only: budget rows, and the trigger-maintained ledger_monthly_totals rollup. No raw
-- statement transaction is read. Same rules as every read function: security invoker, stable, empty search_path,
-- an explicit auth.uid() filter on top of row-level security, execute for authenticated only.

-- The caller's budget rows in one currency for the months p_from..p_to (each taken as its calendar month).
create function public.me_budget_months(p_currency text, p_from date, p_to date)
returns table (month date, category text, amount_minor bigint)
language sql stable security invoker
set search_path = ''
as $$
  select b.month, b.category, b.amount_minor
  from public.budgets as b
  where b.user_id = (select auth.uid())
    and b.currency = p_currency
    and b.month >= pg_catalog.date_trunc('month', p_from::timestamp)::date
    and b.month <= pg_catalog.date_trunc('month', p_to::timestamp)::date
  order by b.month, b.category collate "C"
$$;
comment on function public.me_budget_months(text, date, date) is
  'The caller''s budget rows in p_currency for the calendar months from the month of p_from to the month of p_to, '
  'by month, then category (code points). Rollover (GET /v1/me/budget/summary?rollover=...) reads the 24 months '
  'before the requested one.';

-- The caller's expense totals in one currency per month and category, from the monthly rollup.
create function public.me_monthly_spending(p_currency text, p_from date, p_to date)
returns table (month date, category text, amount_minor bigint, transaction_count bigint)
language sql stable security invoker
set search_path = ''
as $$
  select r.month, r.category, r.amount_minor::bigint, r.transaction_count
  from public.ledger_monthly_totals as r
  where r.user_id = (select auth.uid())
    and r.currency = p_currency
    and r.month >= pg_catalog.date_trunc('month', p_from::timestamp)::date
    and r.month <= pg_catalog.date_trunc('month', p_to::timestamp)::date
    and r.kind = 'expense'
  order by r.month, r.category collate "C" nulls last
$$;
comment on function public.me_monthly_spending(text, date, date) is
  'The caller''s expense transactions in p_currency summed per calendar month (from the month of p_from to the month '
  'of p_to) and category, from ledger_monthly_totals: amount_minor is the signed sum (spending negative, refunds '
  'positive), transaction_count the number of expense transactions (at least 1). By month, then category (code '
  'points), null last. Read by rollover and by GET /v1/me/analytics/trends.';

revoke all on function public.me_budget_months(text, date, date) from public, anon, service_role;
revoke all on function public.me_monthly_spending(text, date, date) from public, anon, service_role;
grant execute on function public.me_budget_months(text, date, date) to authenticated;
grant execute on function public.me_monthly_spending(text, date, date) to authenticated;
