-- One read for a converted report (API.md §11.3; issue 28, me_cashflow_convert_vs_plain): the caller's day groups in
-- every currency other than the report's, and the stored rates any route between them can use, in one statement
-- that needs nothing read before it. GET cashflow with convert=true used to read me_ledger_totals, take the other
-- currencies from it, and only then read me_ledger_daily_totals and me_exchange_rates: three statements, two of them
-- waiting for the first. With this function the report's own read (me_ledger_totals) and the conversion's read go
-- out together, and the conversion's read costs well under half as much as the two it replaces:
--
-- * Day groups from the ledger_daily_totals rollup (never raw transactions) of the currencies of the caller's
--   accounts other than p_report (a transaction's currency is its import's: the foreign key), each read by index
--   range (user_id, currency, date). One row per (currency, kind, category) with its days as parallel lists in no
--   particular order: the API orders them by date (sorting each group's days in SQL cost more than the rest of the
--   statement).
-- * The lists are comma-separated text (dates YYYY-MM-DD, integers, decimal rates: none contains a comma), not
--   arrays: both drivers read every row as JSON, and to_jsonb turns each array element into a JSON number or string
--   one by one (numbers through numeric), which cost more than the rest of this read. One text per list is read
--   once; the API splits and checks every element (a date, a safe integer, a plain decimal) and refuses the row
--   otherwise.
-- * Rates quoted in p_report or one of those currencies (every direct, inverse and cross route of §11.2 uses only
--   such rates, so a rate quoted in a currency without day groups is never used), dated p_rates_from..p_to, one row
--   per (base, quote) with its dates and rates (as stored, exact) in date order. Each pair is read by index range
--   (quote, base, date): the bases of a quote are found by skipping through the (quote, base) prefixes of
--   exchange_rates_quote_base_date_key instead of reading every rate of the quote since 1999 (the ECB history). No
--   other currency: no rates.
-- * PL/pgSQL, so the statement is planned once per connection (as me_ledger_totals since 20261125110000). `jit` is
--   off: the planner cannot know how few (quote, base) pairs the skip finds, and a custom plan's estimate can cross
--   jit_above_cost, when compiling the plan takes ten times longer than running this small read.
-- * security invoker with an empty search_path, RLS on every table read; execute for authenticated only.

create function public.me_ledger_conversion(p_from date, p_to date, p_report text, p_rates_from date)
returns table (
  currency text,
  kind text,
  category text,
  dates text,
  amounts_minor text,
  transaction_counts text,
  base text,
  quote text,
  rates text
)
language plpgsql stable security invoker
set search_path = ''
set jit = off
as $$
#variable_conflict use_column
begin
  return query
  with recursive currencies as (
    select distinct i.currency
    from public.statement_imports as i
    where i.user_id = (select auth.uid()) and i.currency <> p_report
  ),
  -- Every (quote, base) with stored rates, quote in p_report or the currencies: a skip scan of the index.
  pairs (quote, base) as (
    select q.quote, (select e.base from public.exchange_rates as e where e.quote = q.quote order by e.base limit 1)
    from (
      select c.currency as quote from currencies as c
      union all
      select p_report where exists (select 1 from currencies)
    ) as q
    union all
    select p.quote,
           (select e.base from public.exchange_rates as e where e.quote = p.quote and e.base > p.base
            order by e.base limit 1)
    from pairs as p
    where p.base is not null
  )
  select x.currency, x.kind, x.category, x.dates, x.amounts_minor, x.transaction_counts, x.base, x.quote, x.rates
  from (
    select 0 as part, r.currency, r.kind, r.category,
           string_agg(r.date::text, ',') as dates,
           string_agg(r.amount_minor::bigint::text, ',') as amounts_minor,
           string_agg(r.transaction_count::text, ',') as transaction_counts,
           null::text as base, null::text as quote, null::text as rates
    from currencies as c
    join public.ledger_daily_totals as r
      on r.user_id = (select auth.uid()) and r.currency = c.currency and r.date between p_from and p_to
    group by r.currency, r.kind, r.category
    union all
    select 1, null, null, null, y.dates, null, null, p.base, p.quote, y.rates
    from pairs as p
    cross join lateral (
      select string_agg(e.date::text, ',' order by e.date) as dates,
             string_agg(e.rate::text, ',' order by e.date) as rates
      from public.exchange_rates as e
      where e.quote = p.quote and e.base = p.base and e.date between p_rates_from and p_to
    ) as y
    where p.base is not null and y.dates is not null
  ) as x
  order by x.part, x.currency, x.kind, x.category nulls last, x.base, x.quote;
end
$$;
comment on function public.me_ledger_conversion(date, date, text, date) is
  'What a report in p_report converts, in one read: first the caller''s day groups in every other currency of their '
  'accounts dated p_from..p_to (one row per currency, kind, category, rows by currency, kind, category, null last; '
  'dates, amounts_minor and transaction_counts as parallel comma-separated lists in no particular order; from the '
  'ledger_daily_totals rollup), then the stored rates quoted in p_report or one of those currencies dated '
  'p_rates_from..p_to (one row per base, quote; dates and rates, exact as stored, as comma-separated lists in date '
  'order; base and quote set only on these rows). No other currency: no rows.';
revoke all on function public.me_ledger_conversion(date, date, text, date) from public, anon, service_role;
grant execute on function public.me_ledger_conversion(date, date, text, date) to authenticated;
