-- Aggregate views for dashboards. All are `security_invoker`, so the caller's row-level security applies to the
-- tables underneath: a user sees only aggregates of their own rows. They apply the same rules as the TypeScript
-- core services:
--   * the kind is the effective kind (sign rule when the statement gave none);
--   * transfers are left out of income, expenses and spending (they are only counted in transfer_count);
--   * an expense with a positive amount (a refund) reduces expenses and spending;
--   * an income with a negative amount (a reversal) reduces income;
--   * expenses and spending are positive magnitudes: -(sum of expense amounts);
--   * one row per currency: amounts in different currencies are never added together.
-- Every amount is bigint minor units of the row's currency. Months are the first day of the calendar month.

create view public.monthly_cashflow
with (security_invoker = true)
as
select
  t.user_id,
  t.currency,
  date_trunc('month', t.date)::date as month,
  coalesce(sum(t.amount_minor) filter (where t.effective_kind = 'income'), 0)::bigint as income_minor,
  coalesce(-sum(t.amount_minor) filter (where t.effective_kind = 'expense'), 0)::bigint as expenses_minor,
  coalesce(sum(t.amount_minor) filter (where t.effective_kind <> 'transfer'), 0)::bigint as net_minor,
  count(*) filter (where t.effective_kind <> 'transfer') as transaction_count,
  count(*) filter (where t.effective_kind = 'transfer') as transfer_count
from public.statement_transactions as t
group by t.user_id, t.currency, date_trunc('month', t.date);

comment on view public.monthly_cashflow is
  'Income, expenses and net per user, currency and calendar month. Transfers excluded (counted in transfer_count); '
  'refunds reduce expenses; reversals reduce income.';
comment on column public.monthly_cashflow.month is 'First day of the calendar month.';
comment on column public.monthly_cashflow.income_minor is 'Sum of income amounts (reversals reduce it), minor units.';
comment on column public.monthly_cashflow.expenses_minor is
  'Spending as a positive magnitude: -(sum of expense amounts), so refunds reduce it. Minor units.';
comment on column public.monthly_cashflow.net_minor is 'income_minor - expenses_minor.';
comment on column public.monthly_cashflow.transaction_count is 'Income and expense transactions (transfers excluded).';
comment on column public.monthly_cashflow.transfer_count is 'Transfers, which are left out of every amount.';

create view public.monthly_category_spending
with (security_invoker = true)
as
select
  t.user_id,
  t.currency,
  date_trunc('month', t.date)::date as month,
  t.category,
  (-sum(t.amount_minor))::bigint as spent_minor,
  count(*) as transaction_count
from public.statement_transactions as t
where t.effective_kind = 'expense'
group by t.user_id, t.currency, date_trunc('month', t.date), t.category;

comment on view public.monthly_category_spending is
  'Spending per user, currency, calendar month and category: expense transactions only; refunds reduce it.';
comment on column public.monthly_category_spending.category is 'Category; null = uncategorized.';
comment on column public.monthly_category_spending.spent_minor is
  '-(sum of expense amounts) in minor units: positive when money went out; refunds reduce it.';
comment on column public.monthly_category_spending.transaction_count is 'Expense transactions counted.';

create view public.budget_vs_actual
with (security_invoker = true)
as
select
  coalesce(b.user_id, s.user_id) as user_id,
  coalesce(b.currency, s.currency) as currency,
  coalesce(b.month, s.month) as month,
  coalesce(b.category, s.category) as category,
  coalesce(b.amount_minor, 0)::bigint as budgeted_minor,
  coalesce(s.spent_minor, 0)::bigint as spent_minor,
  (coalesce(b.amount_minor, 0) - coalesce(s.spent_minor, 0))::bigint as remaining_minor,
  private.percent(coalesce(s.spent_minor, 0), b.amount_minor) as percent_used,
  case
    when b.user_id is null then 'unbudgeted'
    when coalesce(s.spent_minor, 0) > b.amount_minor then 'over'
    when private.percent(coalesce(s.spent_minor, 0), b.amount_minor) >= 90 then 'near'
    else 'under'
  end as status
from public.budgets as b
full join public.monthly_category_spending as s
  on s.user_id = b.user_id and s.currency = b.currency and s.month = b.month and s.category = b.category;

comment on view public.budget_vs_actual is
  'Budgeted against actual spending per user, currency, month and category. Categories with spending but no '
  'budget (and uncategorized spending) appear with budgeted_minor 0 and status unbudgeted.';
comment on column public.budget_vs_actual.budgeted_minor is 'Budget amount in minor units; 0 when there is no budget.';
comment on column public.budget_vs_actual.spent_minor is 'Spending in the category and month (refunds reduce it).';
comment on column public.budget_vs_actual.remaining_minor is 'budgeted_minor - spent_minor (negative when over).';
comment on column public.budget_vs_actual.percent_used is
  'spent / budgeted × 100, rounded half to even to 2 decimals; null when there is no budget or it is zero.';
comment on column public.budget_vs_actual.status is
  'unbudgeted (no budget), over (spent > budgeted), near (percent_used >= 90 and spent <= budgeted), else under.';

create view public.goal_progress
with (security_invoker = true)
as
select
  g.user_id,
  g.id as goal_id,
  g.name,
  g.currency,
  g.target_minor,
  g.target_date,
  a.as_of,
  coalesce(c.saved_minor, 0)::bigint as saved_minor,
  greatest(g.target_minor - coalesce(c.saved_minor, 0), 0)::bigint as remaining_minor,
  private.percent(coalesce(c.saved_minor, 0), g.target_minor) as percent_complete,
  coalesce(c.contribution_count, 0) as contribution_count,
  c.first_contribution_date,
  c.last_contribution_date
from public.goals as g
left join public.profiles as p on p.user_id = g.user_id
cross join lateral (select (now() at time zone coalesce(p.timezone, 'UTC'))::date as as_of) as a
left join lateral (
  select
    sum(gc.amount_minor) as saved_minor,
    count(*) as contribution_count,
    min(gc.date) as first_contribution_date,
    max(gc.date) as last_contribution_date
  from public.goal_contributions as gc
  where gc.user_id = g.user_id and gc.goal_id = g.id and gc.date <= a.as_of
) as c on true;

comment on view public.goal_progress is
  'Progress of each goal as of today in the owner''s time zone (profile timezone, default UTC). Contributions '
  'dated after today are not counted. Schedule figures (required monthly contribution, projection, status) '
  'come from GET /v1/me/goals/progress.';
comment on column public.goal_progress.as_of is 'Today in the owner''s time zone: the cut-off date for contributions.';
comment on column public.goal_progress.saved_minor is 'Sum of contributions dated on or before as_of, minor units.';
comment on column public.goal_progress.remaining_minor is 'max(0, target_minor - saved_minor).';
comment on column public.goal_progress.percent_complete is
  'saved / target × 100, rounded half to even to 2 decimals; not capped at 100.';
comment on column public.goal_progress.contribution_count is 'Contributions dated on or before as_of.';

revoke all on table public.monthly_cashflow, public.monthly_category_spending, public.budget_vs_actual,
  public.goal_progress from public, anon, authenticated;
grant select on table public.monthly_cashflow, public.monthly_category_spending, public.budget_vs_actual,
  public.goal_progress to authenticated, service_role;
