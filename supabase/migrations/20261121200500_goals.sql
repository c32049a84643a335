-- Savings goals and the contributions made towards them.
create table public.goals (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  name text not null
    constraint goals_name_length check (char_length(name) between 1 and 200),
  currency text not null
    constraint goals_currency_format check (currency ~ '^[A-Z]{3}$'),
  target_minor bigint not null
    constraint goals_target_range check (target_minor between 1 and 999999999999999),
  target_date date,
  created_at timestamptz not null default now(),
  -- Lets goal_contributions reference (user_id, id): a contribution belongs to a goal of the same user.
  constraint goals_user_id_id_key unique (user_id, id)
);

comment on table public.goals is 'Savings goals. Read through me_goals() and the goal_progress view.';
comment on column public.goals.target_minor is 'Amount to save, in minor units of `currency`; more than zero.';
comment on column public.goals.target_date is 'Date by which the target should be reached; null = no deadline.';

alter table public.goals enable row level security;

create policy "Users can read their own goals" on public.goals
  for select to authenticated
  using ((select auth.uid()) = user_id);

revoke all on table public.goals from public, anon, authenticated;
grant select on table public.goals to authenticated;
grant select, insert, update, delete on table public.goals to service_role;

create table public.goal_contributions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  goal_id uuid not null,
  date date not null,
  amount_minor bigint not null
    constraint goal_contributions_amount_magnitude
      check (amount_minor between -999999999999999 and 999999999999999 and amount_minor <> 0),
  constraint goal_contributions_goal_fkey foreign key (user_id, goal_id)
    references public.goals (user_id, id) on delete cascade
);

comment on table public.goal_contributions is
  'Money put towards a goal (negative = withdrawn), in the goal''s currency.';
comment on column public.goal_contributions.amount_minor is
  'Minor units of the goal''s currency; positive = saved, negative = withdrawn; never zero.';

-- Serves the foreign key and the per-goal sums up to a date.
create index goal_contributions_user_id_goal_id_date_idx
  on public.goal_contributions (user_id, goal_id, date);

alter table public.goal_contributions enable row level security;

create policy "Users can read their own goal contributions" on public.goal_contributions
  for select to authenticated
  using ((select auth.uid()) = user_id);

revoke all on table public.goal_contributions from public, anon, authenticated;
grant select on table public.goal_contributions to authenticated;
grant select, insert, update, delete on table public.goal_contributions to service_role;
