-- How much is categorized, and by what (issue 25): a dashboard view per user, currency and calendar month, like the
-- views of 20261121200600_dashboard_views.sql (`security_invoker`, so the caller's row-level security applies
-- underneath). Every transaction of the month counts, whatever its kind, as POST /v1/analytics/categorize counts
-- them in its totals:
--   * categorized by a rule: category_source = 'rule';
--   * categorized from the file: any other non-null category (the statement gave it);
--   * uncategorized: category null.
-- Amounts are signed sums (positive = money in) in bigint minor units of the row's currency; months are the first
-- day of the calendar month. supabase/tests/categorization-coverage-parity.test.ts checks it against the API.
create view public.categorization_coverage
with (security_invoker = true)
as
select
  t.user_id,
  t.currency,
  date_trunc('month', t.date)::date as month,
  count(*) as transaction_count,
  count(*) filter (where t.category is not null and t.category_source is distinct from 'rule')
    as from_file_count,
  coalesce(sum(t.amount_minor) filter (where t.category is not null and t.category_source is distinct from 'rule'), 0)
    ::bigint as from_file_minor,
  count(*) filter (where t.category is not null and t.category_source = 'rule') as by_rule_count,
  coalesce(sum(t.amount_minor) filter (where t.category is not null and t.category_source = 'rule'), 0)::bigint
    as by_rule_minor,
  count(*) filter (where t.category is null) as uncategorized_count,
  coalesce(sum(t.amount_minor) filter (where t.category is null), 0)::bigint as uncategorized_minor
from public.statement_transactions as t
group by t.user_id, t.currency, date_trunc('month', t.date);

comment on view public.categorization_coverage is
  'Per user, currency and calendar month: the transactions categorized from the statement file, by a stored rule, '
  'and uncategorized, with their signed sums (every kind counts, transfers included).';
comment on column public.categorization_coverage.month is 'First day of the calendar month.';
comment on column public.categorization_coverage.transaction_count is
  'Every transaction of the month: from_file_count + by_rule_count + uncategorized_count.';
comment on column public.categorization_coverage.from_file_count is
  'Transactions whose category the statement file gave.';
comment on column public.categorization_coverage.from_file_minor is
  'Signed sum of those transactions'' amounts, minor units.';
comment on column public.categorization_coverage.by_rule_count is 'Transactions a stored rule categorized.';
comment on column public.categorization_coverage.by_rule_minor is
  'Signed sum of those transactions'' amounts, minor units.';
comment on column public.categorization_coverage.uncategorized_count is 'Transactions without a category.';
comment on column public.categorization_coverage.uncategorized_minor is
  'Signed sum of the uncategorized transactions'' amounts, minor units (negative: money out still to categorize).';

revoke all on table public.categorization_coverage from public, anon, authenticated;
grant select on table public.categorization_coverage to authenticated;
grant select on table public.categorization_coverage to service_role;
