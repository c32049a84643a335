-- me_statement_balances (20261125120100) under the balance rule settled for issue 24 (API.md §9.3, §9.6): a
-- statement's sums are the ACCOUNT's transactions (every import of the same account name and currency that is not
-- `processing` or `failed`, each stored row once) dated from the statement's span start, not its own transactions
-- dated on or before a day. So a repeated export (every line a duplicate, nothing stored under it) and an
-- overlapping one (its first lines stored under the previous import) reconcile, and an opening balance derived from
-- the closing balance (closing − through_end_minor, in the core) is right. Same signature, columns and order; two
-- columns change meaning:
--   * through_end_minor: the account's transactions dated in the span, start through end;
--   * through_dates_minor: for each of p_dates, the account's transactions dated from the span's start through
--     the earlier of that date and the span's end (0 before the start).
-- The span is derived exactly as in the core (services/account-statement.ts) and the views: a missing start is
-- the import's first stored transaction date, a missing end its last one; without transactions a missing bound
-- equals the other; a derived bound never crosses the given one; no start, no end and no transactions: no span,
-- sums 0 (the core excludes the statement).
-- Reads: per import, one index range of statement_daily_totals (its first and last date and count); per statement,
-- one index range of account_daily_totals over its span (the primary key (user_id, account_name, currency, date)),
-- plus one for each requested date strictly inside its span (a net-worth series asks for month ends, so about one
-- per statement). No raw statement transaction is read.
create or replace function public.me_statement_balances(p_currency text, p_dates date[])
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
  with statements as (
    select i.id, i.account_name, i.currency, i.statement_start, i.statement_end, i.opening_balance_minor,
           i.closing_balance_minor, i.imported_at,
           coalesce(a.transaction_count, 0)::bigint as transaction_count, a.first_date, a.last_date
    from public.statement_imports as i
    left join lateral (
      select sum(d.transaction_count) as transaction_count, min(d.date) as first_date, max(d.date) as last_date
      from public.statement_daily_totals as d
      where d.user_id = (select auth.uid()) and d.statement_import_id = i.id
    ) as a on true
    where i.user_id = (select auth.uid())
      and i.status not in ('processing', 'failed')
      and (p_currency is null or i.currency = p_currency)
  ),
  spans as (
    select s.*,
           case when s.statement_start is not null then s.statement_start
                when s.statement_end is not null then least(s.first_date, s.statement_end)
                else s.first_date end as span_start,
           case when s.statement_end is not null then s.statement_end
                when s.statement_start is not null then greatest(s.last_date, s.statement_start)
                else s.last_date end as span_end
    from statements as s
  )
  select s.id, s.account_name, s.currency, s.statement_start, s.statement_end,
         s.opening_balance_minor, s.closing_balance_minor, s.imported_at, s.transaction_count,
         s.first_date, s.last_date,
         coalesce(t.total, 0)::bigint,
         coalesce((
           select array_agg(
                    case when s.span_start is null or x.day < s.span_start then 0
                         when x.day >= s.span_end then coalesce(t.total, 0)
                         else coalesce((
                           select sum(e.amount_minor)
                           from public.account_daily_totals as e
                           where e.user_id = (select auth.uid()) and e.account_name = s.account_name
                             and e.currency = s.currency and e.date >= s.span_start and e.date <= x.day), 0)
                    end::bigint
                    order by x.ordinality)
           from unnest(p_dates) with ordinality as x (day, ordinality)
         ), '{}')::bigint[]
  from spans as s
  left join lateral (
    select sum(e.amount_minor) as total
    from public.account_daily_totals as e
    where s.span_start is not null
      and e.user_id = (select auth.uid()) and e.account_name = s.account_name and e.currency = s.currency
      and e.date >= s.span_start and e.date <= s.span_end
  ) as t on true
  order by s.account_name collate "C", s.currency, s.imported_at, s.id
$$;
comment on function public.me_statement_balances(text, date[]) is
  'The caller''s statement imports in p_currency (every currency when null), except processing and failed ones: '
  'transaction_count, first_date and last_date of the transactions stored under each import (null without any), '
  'through_end_minor (the sum of the ACCOUNT''s transactions, from every import of the same account_name and '
  'currency, dated in the statement''s span, its bounds derived from first_date and last_date when missing), and '
  'through_dates_minor (for each of p_dates, in order, the account''s transactions dated from the span''s start '
  'through the earlier of that date and the span''s end; 0 before the start). Read from statement_daily_totals and '
  'account_daily_totals. By account_name (code points), currency, imported_at, id. Read by '
  'GET /v1/me/analytics/net-worth, GET /v1/me/accounts and the forecast''s starting balance.';
