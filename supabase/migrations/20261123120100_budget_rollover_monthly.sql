-- Dashboard view budget_rollover_monthly (API.md §9.4, issue 15): per user, currency, month and category, the
-- month's budget and spending and what each rollover policy carries into the month. security_invoker: the caller's
-- row-level security applies to budgets and ledger_monthly_totals underneath, so a user sees only their own rows.
--
-- Same rules as the TypeScript core (packages/core/src/services/carryover-in.ts), read for each row's month M as
-- the requested month:
--   * a category's chain starts at its earliest budget month in the 24 months before M (zero carryover there);
--     a month without a budget row has budgeted 0 and keeps the chain going;
--   * full: carryover_in(M) = sum over the chain months m < M of (budgeted(m) - spent(m));
--   * positive: each month's carryover is the previous available floored at zero, which is (Lindley's recursion)
--     greatest(0, the largest suffix sum of budgeted(m) - spent(m) over the chain months before M);
--   * spent is -(sum of expense amounts), refunds reduce it (as in monthly_category_spending), from the rollup.
-- Rows: every (month, category) with a budget row or expense transactions, plus every month in which either policy
-- carries a non-zero amount (at most 24 months after a category's last budget row).

create view public.budget_rollover_monthly
with (security_invoker = true)
as
with budget_and_spending as (
  select coalesce(b.user_id, s.user_id) as user_id,
         coalesce(b.currency, s.currency) as currency,
         coalesce(b.month, s.month) as month,
         coalesce(b.category, s.category) as category,
         b.amount_minor as budget_minor,
         -s.amount_minor as spent_minor
  from public.budgets as b
  full join (
    select r.user_id, r.currency, r.month, r.category, r.amount_minor
    from public.ledger_monthly_totals as r
    where r.kind = 'expense'
  ) as s
    on s.user_id = b.user_id and s.currency = b.currency and s.month = b.month and s.category = b.category
),
chain_months as (
  -- Every month in which a budgeted category may carry something: from its first budget row to 24 months after
  -- its last one.
  select c.user_id, c.currency, c.category, g.month::date as month
  from (
    select b.user_id, b.currency, b.category, min(b.month) as first_month, max(b.month) as last_month
    from public.budgets as b
    group by b.user_id, b.currency, b.category
  ) as c
  cross join lateral pg_catalog.generate_series(
    c.first_month::timestamp, c.last_month + interval '24 months', interval '1 month'
  ) as g (month)
),
keys as (
  select k.user_id, k.currency, k.month, k.category from budget_and_spending as k
  union
  select k.user_id, k.currency, k.month, k.category from chain_months as k
),
carried as (
  select k.user_id, k.currency, k.month, k.category,
         coalesce(a.budget_minor, 0) as budgeted_minor,
         coalesce(a.spent_minor, 0) as spent_minor,
         a.user_id is not null as has_activity,
         coalesce(c.carry_positive, 0) as carry_positive,
         coalesce(c.carry_full, 0) as carry_full
  from keys as k
  left join budget_and_spending as a
    on a.user_id = k.user_id and a.currency = k.currency and a.month = k.month
    and a.category is not distinct from k.category
  left join lateral (
    select greatest(max(w.suffix), 0) as carry_positive, sum(w.x) as carry_full
    from (
      select m.x, sum(m.x) over (order by m.month desc) as suffix
      from (
        -- budgeted(m) - spent(m) of each chain month before k.month that has a budget row or spending.
        select x.month, sum(x.amount) as x
        from (
          select b.month, b.amount_minor::numeric as amount
          from public.budgets as b
          where b.user_id = k.user_id and b.currency = k.currency and b.category = k.category
          union all
          select r.month, r.amount_minor
          from public.ledger_monthly_totals as r
          where r.user_id = k.user_id and r.currency = k.currency and r.category = k.category
            and r.kind = 'expense'
        ) as x
        where x.month < k.month
          and x.month >= (
            select min(b.month)
            from public.budgets as b
            where b.user_id = k.user_id and b.currency = k.currency and b.category = k.category
              and b.month >= (k.month - interval '24 months')::date and b.month < k.month
          )
        group by x.month
      ) as m
    ) as w
  ) as c on k.category is not null
)
select c.user_id,
       c.currency,
       c.month,
       c.category,
       c.budgeted_minor::bigint as budgeted_minor,
       c.spent_minor::bigint as spent_minor,
       c.carry_positive::bigint as carryover_positive_minor,
       c.carry_full::bigint as carryover_full_minor,
       (c.budgeted_minor + c.carry_positive - c.spent_minor)::bigint as available_positive_minor,
       (c.budgeted_minor + c.carry_full - c.spent_minor)::bigint as available_full_minor
from carried as c
where c.has_activity or c.carry_positive <> 0 or c.carry_full <> 0;

comment on view public.budget_rollover_monthly is
  'Per user, currency, month and category: the budget, the spending, and the carryover_in and available of the '
  'positive and full rollover policies (API.md §9.4), with the month read as the requested month (chains start at '
  'most 24 months back). One row per month and category with a budget row or expense transactions, or with a '
  'non-zero carryover under either policy.';
comment on column public.budget_rollover_monthly.month is 'First day of the calendar month.';
comment on column public.budget_rollover_monthly.category is 'Category; null = uncategorized (never carries).';
comment on column public.budget_rollover_monthly.budgeted_minor is 'The month''s budget row; 0 without one.';
comment on column public.budget_rollover_monthly.spent_minor is
  '-(sum of expense amounts) in the month and category; refunds reduce it (may be negative); 0 without any.';
comment on column public.budget_rollover_monthly.carryover_positive_minor is
  'carryover_in under rollover=positive: the previous month''s available, floored at zero.';
comment on column public.budget_rollover_monthly.carryover_full_minor is
  'carryover_in under rollover=full: the previous month''s available, negative after overspending.';
comment on column public.budget_rollover_monthly.available_positive_minor is
  'budgeted + carryover_positive - spent.';
comment on column public.budget_rollover_monthly.available_full_minor is 'budgeted + carryover_full - spent.';

revoke all on table public.budget_rollover_monthly from public, anon, authenticated;
grant select on table public.budget_rollover_monthly to authenticated, service_role;
