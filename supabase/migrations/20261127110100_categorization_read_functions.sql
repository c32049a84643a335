-- The read functions of categorization (API.md §10.3, §10.4; issue 25), called by both drivers like every other
-- me_* function: security invoker, stable, search_path pinned, executable by `authenticated` only. Row-level security
-- filters every row; no function takes a user id.

-- GET /v1/me/categorization/rules: the caller's stored rules in position order.
create function public.me_categorization_rules()
returns table (
  id uuid, "position" integer, name text, enabled boolean, match text, conditions jsonb, "set" jsonb,
  created_at timestamptz, updated_at timestamptz
)
language sql stable security invoker
set search_path = ''
as $$
  select r.id, r.position, r.name, r.enabled, r.match, r.conditions, r."set", r.created_at, r.updated_at
  from public.categorization_rules as r
  where r.user_id = (select auth.uid())
  order by r.position
$$;
comment on function public.me_categorization_rules() is
  'The caller''s categorization rules in position order (evaluation order).';

-- GET /v1/me/categorization/suggestions (API.md §10.4): what the suggestions are computed from, in two kinds of
-- rows. Both read only income and expense transactions (effective kind) with a non-zero amount and a non-empty
-- stored key (statement_transactions.recurring_key: the §9.1 key of the counterparty, else the description);
-- direction is inflow (amount > 0) or outflow (amount < 0).
--   * 'candidate': per (key, direction), the number of uncategorized transactions dated p_from..p_to
--     (txn_count; category, date, id and rn null). The category column's check makes '' impossible, so
--     uncategorized is null.
--   * 'history': for each (key, direction) that has candidates, its latest 5 categorized transactions (date
--     descending, then id descending) dated after p_to - 25 months and on or before p_to, numbered rn 1..5
--     (txn_count null).
-- PL/pgSQL with plan_cache_mode = force_custom_plan, like me_statement_transactions: planned with the actual dates.
-- The candidates read the (user_id, category, date desc, id desc) index at category null; each group's history is
-- one short scan of statement_transactions_user_id_recurring_key_date_id_idx (below) that stops after 5 rows.
create function public.me_categorization_suggestion_inputs(p_from date, p_to date)
returns table (
  kind text, key text, direction text, category text, date date, id uuid, txn_count bigint, rn integer
)
language plpgsql stable security invoker
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
#variable_conflict use_column
begin
  return query
  with candidates as materialized (
    select t.recurring_key as key, case when t.amount_minor > 0 then 'inflow' else 'outflow' end as direction,
           count(*) as txn_count
    from public.statement_transactions as t
    where t.user_id = (select auth.uid())
      and t.category is null
      and t.date >= p_from
      and t.date <= p_to
      and t.effective_kind in ('expense', 'income')
      and t.amount_minor <> 0
      and t.recurring_key <> ''
    group by 1, 2
  )
  select 'candidate'::text, c.key, c.direction, null::text, null::date, null::uuid, c.txn_count, null::integer
  from candidates as c
  union all
  select 'history'::text, c.key, c.direction, h.category, h.date, h.id, null::bigint,
         (row_number() over (partition by c.key, c.direction order by h.date desc, h.id desc))::integer
  from candidates as c
  cross join lateral (
    select t.category, t.date, t.id
    from public.statement_transactions as t
    where t.user_id = (select auth.uid())
      and t.recurring_key = c.key
      and t.category is not null
      and t.date > (p_to - interval '25 months')::date
      and t.date <= p_to
      and t.effective_kind in ('expense', 'income')
      and case when c.direction = 'inflow' then t.amount_minor > 0 else t.amount_minor < 0 end
    order by t.date desc, t.id desc
    limit 5
  ) as h;
end
$$;
comment on function public.me_categorization_suggestion_inputs(date, date) is
  'The inputs of the categorization suggestions: kind = candidate rows give, per (key, direction), the number of '
  'uncategorized income and expense transactions dated p_from..p_to (txn_count); kind = history rows give, for each '
  'such (key, direction), its latest 5 categorized income and expense transactions dated after p_to - 25 months and '
  'on or before p_to (date, then id, descending; rn 1..5). Non-zero amounts and non-empty keys only.';

-- Each key's categorized rows, latest first, across currencies (the suggestions' history).
create index statement_transactions_user_id_recurring_key_date_id_idx
  on public.statement_transactions (user_id, recurring_key, date desc, id desc)
  where category is not null;

-- me_statement_transactions returns where the category and kind came from (API.md §10.3). The return type changes,
-- so the function is dropped and created again: same arguments, rows, order, plan settings and grants.
drop function public.me_statement_transactions(integer, date, uuid, uuid, date, date, text, text);
create function public.me_statement_transactions(
  p_limit integer, p_after_date date, p_after_id uuid, p_statement_import_id uuid,
  p_from date, p_to date, p_category text, p_kind text
)
returns table (
  id uuid, statement_import_id uuid, date date, amount_minor bigint, currency text, description text,
  counterparty text, category text, kind text, category_source text, category_rule_id uuid, kind_source text,
  kind_rule_id uuid
)
language plpgsql stable security invoker
set search_path = ''
set plan_cache_mode = force_custom_plan
as $$
#variable_conflict use_column
begin
  return query
  select t.id, t.statement_import_id, t.date, t.amount_minor, t.currency, t.description, t.counterparty,
         t.category, t.effective_kind, t.category_source, t.category_rule_id, t.kind_source, t.kind_rule_id
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
comment on function public.me_statement_transactions(integer, date, uuid, uuid, date, date, text, text) is
  'The caller''s statement transactions, date descending then id descending, kind resolved (sign rule when the '
  'statement gave none), with where the category and kind came from (category_source file/rule/null, '
  'kind_source file/rule/default, and the stored rule ids). Keyset: rows strictly after (p_after_date, p_after_id). '
  'Each filter is ignored when null; p_kind matches the resolved kind. p_limit is clamped to 1..1000.';

revoke all on function public.me_categorization_rules() from public, anon, service_role;
revoke all on function public.me_categorization_suggestion_inputs(date, date) from public, anon, service_role;
revoke all on function public.me_statement_transactions(integer, date, uuid, uuid, date, date, text, text)
  from public, anon, service_role;
grant execute on function public.me_categorization_rules() to authenticated;
grant execute on function public.me_categorization_suggestion_inputs(date, date) to authenticated;
grant execute on function public.me_statement_transactions(integer, date, uuid, uuid, date, date, text, text)
  to authenticated;
