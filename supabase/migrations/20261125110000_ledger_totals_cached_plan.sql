-- me_ledger_totals in PL/pgSQL, so its statement is parsed and planned once per connection and then reused
-- (issue 13, bench/plans/me_ledger_totals.txt). As a SQL function with `set search_path` it cannot be inlined,
-- and its statement was parsed, analysed and planned again on every call: about a third of the call's time for a
-- statement that reads about 330 rollup rows. PL/pgSQL keeps the prepared statement for the session (the pool's
-- connections live long) and, after five calls, a generic plan when it costs no more than the custom ones. The
-- plan does not depend on the dates: the rollup is read through (user_id, ...) whatever the range, and the cut
-- months through (user_id, date). Same statement, arguments, rows, order and grants as 20261122000000.
create or replace function public.me_ledger_totals(p_from date, p_to date)
returns table (currency text, month date, kind text, category text, amount_minor bigint, transaction_count bigint)
language plpgsql stable security invoker
set search_path = ''
as $$
#variable_conflict use_column
begin
  return query
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
    -- The months the range cuts (the month of p_from, the month of p_to, or that one month), from the raw rows.
    select t.currency,
           case when t.date between p_from and p_to then pg_catalog.date_trunc('month', t.date::timestamp)::date end,
           t.effective_kind,
           case when t.date between p_from and p_to then t.category end,
           t.amount_minor,
           1::bigint
    from (
      select distinct pg_catalog.date_trunc('month', ends.d::timestamp)::date as month
      from (values (p_from), (p_to)) as ends (d)
    ) as cut
    join public.statement_transactions as t
      on t.user_id = (select auth.uid())
      and t.date >= cut.month
      and t.date < (cut.month + interval '1 month')::date
    where cut.month <= p_to
      and (cut.month + interval '1 month' - interval '1 day')::date >= p_from
      and (cut.month < p_from or (cut.month + interval '1 month' - interval '1 day')::date > p_to)
  ) as x
  group by 1, 2, 3, 4
  order by 1, 2 nulls last, 3, 4 nulls last;
end
$$;
comment on function public.me_ledger_totals(date, date) is
  'The caller''s statement transactions aggregated, all currencies. Dated within [p_from, p_to]: one row per '
  '(currency, month start, effective kind, category). Outside the range: one row per (currency, kind) with month '
  'and category null. amount_minor is the signed sum; transaction_count the number of transactions. Reads the '
  'ledger_monthly_totals rollup for whole months and raw rows only for the months the range cuts. PL/pgSQL: its '
  'statement is planned once per connection.';
