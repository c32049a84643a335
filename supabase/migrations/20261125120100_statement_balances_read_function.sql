-- The read function behind balances and net worth (API.md §9.3; issue 14): every statement import of the caller,
-- except `processing` and `failed` ones, with its transactions aggregated from the daily rollup, and the sums
-- through each requested date (the month ends of a net-worth series). No raw statement transaction is read, and
-- the client never downloads transactions to compute a balance. Same rules as every read function: security
-- invoker, stable, empty search_path, an explicit auth.uid() filter on top of row-level security, execute for
-- authenticated only.
-- The sums through a date are computed only when the date lies between the statement's first and last transaction
-- dates: before the first the sum is 0, from the last on it is the total, which the statement's one aggregate already
-- holds, so a 24-point net-worth series over two-month statements scans the rollup for about 2 dates per statement
-- instead of 24 (BENCHMARKS.md, me_net_worth_p50_ms).
create function public.me_statement_balances(p_currency text, p_dates date[])
returns table (
  id uuid,
  account_name text,
  currency text,
  statement_start date,
  statement_end date,
  opening_balance_minor bigint,
  closing_balance_minor bigint,
  imported_at timestamptz,
  transaction_count bigint,
  first_date date,
  last_date date,
  through_end_minor bigint,
  through_dates_minor bigint[]
)
language sql stable security invoker
set search_path = ''
as $$
  select i.id, i.account_name, i.currency, i.statement_start, i.statement_end,
         i.opening_balance_minor, i.closing_balance_minor, i.imported_at,
         coalesce(a.transaction_count, 0)::bigint,
         a.first_date, a.last_date,
         coalesce(a.through_end, 0)::bigint,
         coalesce((
           select array_agg(
                    case when a.first_date is null or x.day < a.first_date then 0
                         when x.day >= a.last_date then a.total
                         else (select sum(e.amount_minor)
                               from public.statement_daily_totals as e
                               where e.user_id = (select auth.uid()) and e.statement_import_id = i.id
                                 and e.date <= x.day)
                    end::bigint
                    order by x.ordinality)
           from unnest(p_dates) with ordinality as x (day, ordinality)
         ), '{}')::bigint[]
  from public.statement_imports as i
  left join lateral (
    select sum(d.transaction_count) as transaction_count,
           min(d.date) as first_date,
           max(d.date) as last_date,
           sum(d.amount_minor) as total,
           sum(d.amount_minor) filter (where i.statement_end is null or d.date <= i.statement_end) as through_end
    from public.statement_daily_totals as d
    where d.user_id = (select auth.uid()) and d.statement_import_id = i.id
  ) as a on true
  where i.user_id = (select auth.uid())
    and i.status not in ('processing', 'failed')
    and (p_currency is null or i.currency = p_currency)
  order by i.account_name collate "C", i.currency, i.imported_at, i.id
$$;
comment on function public.me_statement_balances(text, date[]) is
  'The caller''s statement imports in p_currency (every currency when null), except processing and failed ones, '
  'with their transactions aggregated from statement_daily_totals: transaction_count, first_date and last_date '
  '(null without transactions), through_end_minor (the sum of the transactions dated on or before statement_end, '
  'of all of them when statement_end is null), and through_dates_minor (for each of p_dates, in order, the sum of '
  'the transactions dated on or before it). By account_name (code points), currency, imported_at, id. Read by '
  'GET /v1/me/analytics/net-worth, GET /v1/me/accounts and the forecast''s starting balance.';

revoke all on function public.me_statement_balances(text, date[]) from public, anon, service_role;
grant execute on function public.me_statement_balances(text, date[]) to authenticated;
