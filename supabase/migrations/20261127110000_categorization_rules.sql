-- Categorization rules (API.md §10.3; issue 25): the stored, ordered rule list of each user, and where each
-- statement transaction's category and kind came from.
--
-- The trusted pipeline writes the rules (`npm run -s rules -- --user ... --set FILE`, scripts/rules.ts): the API
-- roles only read them, through row-level security, like every table. A rule's `id` is a UUID v5 of the rules
-- file's id in the namespace of the user's UUID, so re-setting a list keeps the ids of the rules whose id stays.
create table public.categorization_rules (
  user_id uuid not null references auth.users (id) on delete cascade,
  id uuid not null,
  position integer not null
    constraint categorization_rules_position_not_negative check (position >= 0),
  name text not null
    constraint categorization_rules_name_length check (char_length(name) between 1 and 200),
  enabled boolean not null default true,
  match text not null default 'all'
    constraint categorization_rules_match_known check (match in ('all', 'any')),
  conditions jsonb not null
    constraint categorization_rules_conditions_array
      check (jsonb_typeof(conditions) = 'array' and jsonb_array_length(conditions) between 1 and 10),
  "set" jsonb not null
    constraint categorization_rules_set_object check (jsonb_typeof("set") = 'object'),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (user_id, id),
  -- Deferred: re-setting a list moves rules between positions inside one transaction.
  constraint categorization_rules_user_id_position_key unique (user_id, position) deferrable initially deferred
);

comment on table public.categorization_rules is
  'Each user''s ordered categorization rules (API.md §10.1). Written only by the trusted pipeline (npm run rules); '
  'read through me_categorization_rules() and GET /v1/me/categorization/rules.';
comment on column public.categorization_rules.id is
  'UUID v5 of the rules file''s id in the namespace of the user''s UUID (stable across re-sets).';
comment on column public.categorization_rules.position is 'Evaluation order, 0-based: the first rule runs first.';
comment on column public.categorization_rules.name is 'The rule''s name; the rules file''s id when it gave none.';
comment on column public.categorization_rules.match is 'all: every condition must hold; any: at least one.';
comment on column public.categorization_rules.conditions is 'The conditions, as the rules file gives them (1..10).';
comment on column public.categorization_rules."set" is 'What the rule sets: {"category"?, "kind"?}.';

alter table public.categorization_rules enable row level security;

create policy "Users can read their own categorization rules" on public.categorization_rules
  for select to authenticated
  using ((select auth.uid()) = user_id);

revoke all on table public.categorization_rules from public, anon, authenticated;
grant select on table public.categorization_rules to authenticated;
grant select, insert, update, delete on table public.categorization_rules to service_role;

-- Where each transaction's category and kind came from (API.md §10.3). `kind` keeps what was given (the file or a
-- rule; null when neither said), and `effective_kind` stays the kind every rollup, view and read function uses.
-- The rule ids are stored rule UUIDs: no foreign key, because deleting or replacing a rule must not touch the
-- transactions it categorized until a re-apply (npm run categorize) recomputes them.
alter table public.statement_transactions
  add column category_source text
    constraint statement_transactions_category_source_known check (category_source in ('file', 'rule')),
  add column category_rule_id uuid,
  add column kind_source text
    constraint statement_transactions_kind_source_known check (kind_source in ('file', 'rule', 'default')),
  add column kind_rule_id uuid,
  add constraint statement_transactions_category_rule_id_with_source
    check ((category_rule_id is not null) = (category_source is not distinct from 'rule')),
  add constraint statement_transactions_kind_rule_id_with_source
    check ((kind_rule_id is not null) = (kind_source is not distinct from 'rule'));

comment on column public.statement_transactions.category_source is
  'file: the statement gave the category; rule: the rule category_rule_id set it; null: uncategorized.';
comment on column public.statement_transactions.category_rule_id is
  'The stored rule (categorization_rules.id) that set the category; null unless category_source = rule.';
comment on column public.statement_transactions.kind_source is
  'file: the statement gave the kind; rule: the rule kind_rule_id set it; default: neither (the sign rule).';
comment on column public.statement_transactions.kind_rule_id is
  'The stored rule (categorization_rules.id) that set the kind; null unless kind_source = rule.';

-- Existing rows: whatever is stored came from the file. Only the new columns change, which no rollup reads, so the
-- rollup triggers (statement-level, over every row) are skipped for this one statement.
alter table public.statement_transactions disable trigger user;
update public.statement_transactions
set category_source = case when category is not null then 'file' end,
    kind_source = case when kind is not null then 'file' else 'default' end;
alter table public.statement_transactions enable trigger user;

alter table public.statement_transactions alter column kind_source set not null;

-- Rows written without sources (the import pipeline always gives them; test fixtures and other loaders do not) get
-- them as the backfill above does. The trigger's WHEN is checked in C before any function call, so a writer that
-- gives kind_source (every import line) pays no call.
create function private.statement_transactions_default_sources() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.kind_source := case when new.kind is not null then 'file' else 'default' end;
  if new.category_source is null and new.category is not null then
    new.category_source := 'file';
  end if;
  return new;
end
$$;
revoke all on function private.statement_transactions_default_sources() from public;

create trigger statement_transactions_default_sources
  before insert on public.statement_transactions
  for each row when (new.kind_source is null)
  execute function private.statement_transactions_default_sources();
