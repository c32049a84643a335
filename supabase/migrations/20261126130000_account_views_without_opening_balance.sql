-- Statements imported without an opening balance (API.md §9.3, §9.6; the import pipeline leaves it null when the file
-- gives none: OFX files usually report only a closing balance, QIF and CSV files neither). The views of
-- 20261125120200_account_views.sql left such statements out, so an account made only of them vanished from the
-- dashboard, as it did from GET /v1/me/accounts and net worth. API.md excludes only a statement with no start, no end
-- and no transactions. Now such a statement is listed like the others, with what it gives:
--   * opening_balance_minor, computed_closing_balance_minor and difference_minor are null, and so is its own
--     continuity_difference_minor (and the next statement's, unless this one reports a closing balance);
--   * in account_balances, an account whose latest statement has neither an opening nor a reported closing balance
--     has a null balance_minor, and then a null balance_date too; its `reconciled` is null.
-- The same rules as the TypeScript core (services/account-statement.ts, balance-on-date.ts, reconcile-statements.ts),
-- checked by supabase/tests/account-views-parity.test.ts. Columns, order, grants and security_invoker are unchanged.

create or replace view public.statement_reconciliation
with (security_invoker = true)
as
with aggregates as (
  select i.user_id, i.id as statement_import_id, i.account_name, i.currency, i.imported_at,
         i.opening_balance_minor, i.closing_balance_minor, i.statement_start as given_start,
         i.statement_end as given_end,
         min(d.date) as first_date,
         max(d.date) as last_date,
         coalesce(sum(d.transaction_count), 0)::bigint as transaction_count,
         coalesce(sum(d.amount_minor) filter (where i.statement_end is null or d.date <= i.statement_end), 0)
           as through_end_minor
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
              else a.last_date end as span_end,
         (a.opening_balance_minor + a.through_end_minor)::bigint as computed_closing_minor
  from aggregates as a
),
ordered as (
  select s.*,
         lag(coalesce(s.closing_balance_minor, s.computed_closing_minor)) over w as previous_closing_minor,
         row_number() over w as position
  from spans as s
  where s.span_start is not null
  window w as (partition by s.user_id, s.account_name, s.currency
               order by s.span_start, s.span_end, s.imported_at, s.statement_import_id)
)
select o.user_id, o.statement_import_id, o.account_name, o.currency, o.position,
       o.span_start as statement_start, o.span_end as statement_end, o.imported_at, o.transaction_count,
       o.opening_balance_minor,
       o.computed_closing_minor as computed_closing_balance_minor,
       o.closing_balance_minor as reported_closing_balance_minor,
       (o.closing_balance_minor - o.computed_closing_minor)::bigint as difference_minor,
       (o.opening_balance_minor - o.previous_closing_minor)::bigint as continuity_difference_minor
from ordered as o;

comment on view public.statement_reconciliation is
  'One row per statement import that is not processing or failed and has a span: its span (given or derived), '
  'computed and reported closing balance, and the differences (API.md §9.3). A statement imported without an opening '
  'balance has no computed closing balance and no differences.';
comment on column public.statement_reconciliation.computed_closing_balance_minor is
  'opening_balance_minor + the transactions dated on or before statement_end (all when the import has no end); null '
  'without an opening balance.';
comment on column public.statement_reconciliation.difference_minor is
  'reported − computed closing balance; null when none is reported or there is no opening balance.';
comment on column public.statement_reconciliation.continuity_difference_minor is
  'opening_balance_minor − the previous statement''s closing balance (reported, else computed); null for the first '
  'and when either balance is unknown.';

create or replace view public.account_balances
with (security_invoker = true)
as
select r.user_id, r.account_name, r.currency,
       coalesce(r.reported_closing_balance_minor, r.computed_closing_balance_minor) as balance_minor,
       case when coalesce(r.reported_closing_balance_minor, r.computed_closing_balance_minor) is not null
            then r.statement_end end as balance_date,
       r.statement_import_id as latest_statement_import_id,
       r.position as statement_count,
       r.difference_minor = 0 as reconciled
from public.statement_reconciliation as r
where not exists (
  select 1 from public.statement_reconciliation as later
  where later.user_id = r.user_id and later.account_name = r.account_name and later.currency = r.currency
    and later.position > r.position
);

comment on column public.account_balances.balance_minor is
  'Reported closing balance of the latest statement, else its computed one; null when it has neither (no opening '
  'balance and none reported). Minor units.';
comment on column public.account_balances.balance_date is
  'The date the balance refers to: the latest statement''s end; null with balance_minor.';
comment on column public.account_balances.reconciled is
  'Whether the latest statement''s difference is zero; null when it reports no closing balance or has no opening '
  'balance.';
