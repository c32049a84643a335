-- Profiles: one row per user with the defaults the account endpoints use ("today" and the default currency).
-- Conventions for every table in this project:
--   * `user_id uuid not null references auth.users on delete cascade`: deleting a user deletes their data;
--   * row-level security on, one `to authenticated` SELECT policy on `(select auth.uid()) = user_id`
--     (the sub-select lets Postgres evaluate auth.uid() once per statement, not once per row);
--   * `authenticated` gets SELECT only, `anon` gets nothing, `service_role` (trusted pipelines) may write;
--   * money is `bigint` minor units with a `currency` column; |amount| <= 10^15 - 1 (the API's limit).
create table public.profiles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  default_currency text
    constraint profiles_default_currency_format check (default_currency ~ '^[A-Z]{3}$'),
  timezone text not null default 'UTC'
    constraint profiles_timezone_iana check (private.is_iana_timezone(timezone)),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.profiles is
  'One row per user: the defaults of the account endpoints. Written by trusted pipelines only.';
comment on column public.profiles.default_currency is
  'ISO 4217 code (upper case) used when a request names no currency; null when the user has not chosen one.';
comment on column public.profiles.timezone is
  'IANA time zone name; "today" for the account endpoints is the current date in this zone. Default UTC.';

alter table public.profiles enable row level security;

create policy "Users can read their own profile" on public.profiles
  for select to authenticated
  using ((select auth.uid()) = user_id);

revoke all on table public.profiles from public, anon, authenticated;
grant select on table public.profiles to authenticated;
grant select, insert, update, delete on table public.profiles to service_role;
