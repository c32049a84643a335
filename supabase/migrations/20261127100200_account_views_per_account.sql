-- The dashboard views statement_reconciliation and account_balances (20261125120200, 20261126130000) under the
-- balance rule settled for issue 24 (API.md §9.3, §9.6), the same as me_statement_balances and the core
-- (services/account-statement.ts, balance-on-date.ts, reconcile-statements.ts; checked by
-- supabase/tests/account-views-parity.test.ts):
--   * a statement's computed closing balance is its opening balance plus the ACCOUNT's transactions dated in its
--     span (every import of the same account name and currency that is not processing or failed, each stored row
--     once, from the account_daily_totals rollup), so repeated and overlapping exports reconcile;
--   * a statement without an opening balance that reports a closing balance gets a derived opening balance:
--     closing − the account's transactions in its span. Its computed closing balance equals the reported one and
--     its difference_minor is null (nothing independent to compare); its continuity with the previous statement is
--     computed from the derived opening balance;
--   * with neither balance, opening, computed closing, difference and continuity stay null, as before;
--   * statement_reconciliation gains a last column, opening_balance_source: 'reported', 'derived' or null.
-- account_balances reads statement_reconciliation and keeps its definition: its reconciled is null for a derived
-- statement (a null difference). Columns, order, grants and security_invoker are otherwise unchanged.

create or replace view public.statement_reconciliation
with (security_invoker = true)
as
with aggregates as (
  select i.user_id, i.id as statement_import_id, i.account_name, i.currency, i.imported_at,
         i.opening_balance_minor, i.closing_balance_minor, i.statement_start as given_start,
         i.statement_end as given_end,
         min(d.date) as first_date,
         max(d.date) as last_date,
         coalesce(sum(d.transaction_count), 0)::bigint as transaction_count
  from public.statement_imports as i
  left join public.statement_daily_totals as d
    on d.user_id = i.user_id and d.statement_import_id = i.id
  where i.status not in ('processing', 'failed')
  group by i.id
),
spans as (
  select a.*,
         case when a.given_start is not null then a.given_start
              when a.given_end is not null then least(a.first_date, a.given_end)
              else a.first_date end as span_start,
         case when a.given_end is not null then a.given_end
              when a.given_start is not null then greatest(a.last_date, a.given_start)
              else a.last_date end as span_end
  from aggregates as a
),
balanced as (
  select s.*,
         coalesce(s.opening_balance_minor, (s.closing_balance_minor - t.total)::bigint) as opening_minor,
         case when s.opening_balance_minor is not null then 'reported'
              when s.closing_balance_minor is not null then 'derived' end as opening_source,
         t.total
  from spans as s
  cross join lateral (
    select coalesce(sum(e.amount_minor), 0) as total
    from public.account_daily_totals as e
    where e.user_id = s.user_id and e.account_name = s.account_name and e.currency = s.currency
      and e.date >= s.span_start and e.date <= s.span_end
  ) as t
  where s.span_start is not null
),
ordered as (
  select b.*,
         (b.opening_minor + b.total)::bigint as computed_closing_minor,
         lag(coalesce(b.closing_balance_minor, (b.opening_minor + b.total)::bigint)) over w as previous_closing_minor,
         row_number() over w as position
  from balanced as b
  window w as (partition by b.user_id, b.account_name, b.currency
               order by b.span_start, b.span_end, b.imported_at, b.statement_import_id)
)
select o.user_id, o.statement_import_id, o.account_name, o.currency, o.position,
       o.span_start as statement_start, o.span_end as statement_end, o.imported_at, o.transaction_count,
       o.opening_minor as opening_balance_minor,
       o.computed_closing_minor as computed_closing_balance_minor,
       o.closing_balance_minor as reported_closing_balance_minor,
       case when o.opening_source = 'reported'
            then (o.closing_balance_minor - o.computed_closing_minor)::bigint end as difference_minor,
       (o.opening_minor - o.previous_closing_minor)::bigint as continuity_difference_minor,
       o.opening_source as opening_balance_source
from ordered as o;

comment on view public.statement_reconciliation is
  'One row per statement import that is not processing or failed and has a span: its span (given or derived), '
  'opening balance (reported, else derived from the reported closing balance), computed and reported closing '
  'balance, and the differences (API.md §9.3). Sums are the account''s transactions in the span, whichever import '
  'stored them. A statement with neither an opening nor a closing balance has no computed balance and no '
  'differences.';
comment on column public.statement_reconciliation.opening_balance_minor is
  'The reported opening balance, else the reported closing balance − the account''s transactions dated in the span '
  '(derived); null when the import gives neither.';
comment on column public.statement_reconciliation.computed_closing_balance_minor is
  'opening_balance_minor + the account''s transactions (every import of the same account_name and currency, each '
  'stored row once) dated from statement_start through statement_end; null without an opening balance.';
comment on column public.statement_reconciliation.difference_minor is
  'reported − computed closing balance; null when none is reported, or the opening balance is derived or unknown.';
comment on column public.statement_reconciliation.continuity_difference_minor is
  'opening_balance_minor − the previous statement''s closing balance (reported, else computed); null for the first '
  'and when either balance is unknown.';
comment on column public.statement_reconciliation.opening_balance_source is
  '''reported'' when the import gives its opening balance, ''derived'' when it is computed from the reported closing '
  'balance, null when neither is given.';

comment on column public.account_balances.balance_minor is
  'Reported closing balance of the latest statement, else its computed one; null when it gives neither an opening '
  'nor a closing balance. Minor units.';
comment on column public.account_balances.reconciled is
  'Whether the latest statement''s difference is zero; null when it reports no closing balance, or its opening '
  'balance is derived from that closing balance or unknown.';
