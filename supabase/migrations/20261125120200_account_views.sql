-- Dashboard views of balances and reconciliation (API.md §9.3; issue 14), `security_invoker` like every view, so the
-- caller's row-level security applies underneath. They read statement_imports and the statement_daily_totals
-- rollup, never raw transactions, and apply the same rules as the TypeScript core (services/account-statement.ts,
-- balance-on-date.ts, reconcile-statements.ts), checked by supabase/tests/account-views-parity.test.ts:
--   * imports that are `processing` or `failed` are ignored;
--   * a statement's span is statement_start..statement_end; a missing start is its first transaction date, a
--     missing end its last one; without transactions a missing bound equals the other; a derived bound never
--     crosses the given one. A statement with no start, no end and no transactions, or without an opening balance,
--     is excluded (no row);
--   * computed closing balance = opening balance + the transactions dated on or before statement_end (all of them
--     when it is missing);
--   * statements of an account (user, account_name, currency) are ordered by start, end, imported_at, id.
-- Every amount is bigint minor units of the row's currency.

create view public.statement_reconciliation
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
  where i.status not in ('processing', 'failed') and i.opening_balance_minor is not null
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
  'One row per statement import that is not processing or failed and has a span and an opening balance: its span '
  '(given or derived), computed and reported closing balance, and the differences (API.md §9.3).';
comment on column public.statement_reconciliation.position is
  'Position of the statement in its account (user, account_name, currency), from 1: by start, end, imported_at, id.';
comment on column public.statement_reconciliation.statement_start is
  'First day of the span: statement_start, else the first transaction date (never after a given end).';
comment on column public.statement_reconciliation.statement_end is
  'Last day of the span: statement_end, else the last transaction date (never before the start).';
comment on column public.statement_reconciliation.transaction_count is 'Transactions of the statement (all dates).';
comment on column public.statement_reconciliation.computed_closing_balance_minor is
  'opening_balance_minor + the transactions dated on or before statement_end (all when the import has no end).';
comment on column public.statement_reconciliation.reported_closing_balance_minor is
  'The closing balance the statement reports; null when none.';
comment on column public.statement_reconciliation.difference_minor is
  'reported − computed closing balance; null when none is reported.';
comment on column public.statement_reconciliation.continuity_difference_minor is
  'opening_balance_minor − the previous statement''s closing balance (reported, else computed); null for the first.';

create view public.account_balances
with (security_invoker = true)
as
select r.user_id, r.account_name, r.currency,
       coalesce(r.reported_closing_balance_minor, r.computed_closing_balance_minor) as balance_minor,
       r.statement_end as balance_date,
       r.statement_import_id as latest_statement_import_id,
       r.position as statement_count,
       r.difference_minor = 0 as reconciled
from public.statement_reconciliation as r
where not exists (
  select 1 from public.statement_reconciliation as later
  where later.user_id = r.user_id and later.account_name = r.account_name and later.currency = r.currency
    and later.position > r.position
);

comment on view public.account_balances is
  'The latest balance of each account (user, account_name, currency): the closing balance (reported, else computed) '
  'of its last statement by start, end, imported_at, id, which is its balance on any date after that statement''s '
  'end (API.md §9.3).';
comment on column public.account_balances.balance_minor is
  'Reported closing balance of the latest statement, else its computed one. Minor units.';
comment on column public.account_balances.balance_date is 'The date the balance refers to: the latest statement''s end.';
comment on column public.account_balances.latest_statement_import_id is 'The statement the balance comes from.';
comment on column public.account_balances.statement_count is 'Statements of the account (excluded ones left out).';
comment on column public.account_balances.reconciled is
  'Whether the latest statement''s difference is zero; null when it reports no closing balance.';

revoke all on table public.statement_reconciliation from public, anon, authenticated;
revoke all on table public.account_balances from public, anon, authenticated;
grant select on table public.statement_reconciliation to authenticated, service_role;
grant select on table public.account_balances to authenticated, service_role;
