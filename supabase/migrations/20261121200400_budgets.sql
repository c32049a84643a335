-- Budgets: a planned spending amount per user, month, currency and category.
create table public.budgets (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  month date not null
    constraint budgets_month_first_day check (extract(day from month) = 1),
  category text not null
    constraint budgets_category_format
      check (char_length(category) between 1 and 200 and category = btrim(category)),
  amount_minor bigint not null
    constraint budgets_amount_range check (amount_minor between 0 and 999999999999999),
  currency text not null
    constraint budgets_currency_format check (currency ~ '^[A-Z]{3}$'),
  constraint budgets_user_id_month_currency_category_key unique (user_id, month, currency, category)
);

comment on table public.budgets is 'Monthly spending budgets per category. Read through me_budgets().';
comment on column public.budgets.month is 'First day of the budgeted calendar month.';
comment on column public.budgets.category is 'The spending category the budget limits (matches transaction categories).';
comment on column public.budgets.amount_minor is 'Budgeted amount in minor units of `currency`; zero or more.';

alter table public.budgets enable row level security;

create policy "Users can read their own budgets" on public.budgets
  for select to authenticated
  using ((select auth.uid()) = user_id);

revoke all on table public.budgets from public, anon, authenticated;
grant select on table public.budgets to authenticated;
grant select, insert, update, delete on table public.budgets to service_role;
