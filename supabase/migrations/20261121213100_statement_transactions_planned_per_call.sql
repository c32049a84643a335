-- me_statement_transactions, planned with its arguments (issue 6, bench/plans/me_statement_transactions.txt).
--
-- As a SQL function, its statement was planned without the argument values: every `(p_x is null or …)` filter
-- stayed in the plan, and with the caller's id an InitPlan, the planner expected about one row. For a user with
-- 100,000 transactions it read all of them through a bitmap scan and sorted them to return the first 51 (≈ 126 ms).
-- The same statement in PL/pgSQL with `plan_cache_mode = force_custom_plan` is planned on each call with the actual
-- arguments: the absent filters fold away and the first page is an ordered scan of (user_id, date desc, id desc)
-- that stops after the page. Same arguments, same rows, same order, same grants.
create or replace function public.me_statement_transactions(
  p_limit integer, p_after_date date, p_after_id uuid, p_statement_import_id uuid,
  p_from date, p_to date, p_category text, p_kind text
)
returns table (
  id uuid, statement_import_id uuid, date date, amount_minor bigint, currency text, description text,
  counterparty text, category text, kind text
)
language plpgsql stable security invoker
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
#variable_conflict use_column
begin
  return query
  select t.id, t.statement_import_id, t.date, t.amount_minor, t.currency, t.description, t.counterparty,
         t.category, t.effective_kind
  from public.statement_transactions as t
  where t.user_id = (select auth.uid())
    and (
      p_after_date is null
      or (p_after_id is null and t.date < p_after_date)
      or (t.date, t.id) < (p_after_date, p_after_id)
    )
    and (p_statement_import_id is null or t.statement_import_id = p_statement_import_id)
    and (p_from is null or t.date >= p_from)
    and (p_to is null or t.date <= p_to)
    and (p_category is null or t.category = p_category)
    and (p_kind is null or t.effective_kind = p_kind)
  order by t.date desc, t.id desc
  limit greatest(1, least(coalesce(p_limit, 50), 1000));
end
$$;
