-- Compatibility bootstrap for a plain PostgreSQL (15+) or PGlite: the parts of a Supabase database that the
-- migrations rely on. Kept outside supabase/migrations because a real Supabase project already has all of it.
-- Idempotent: every object is created only where it is absent, and nothing that exists is replaced, so it is safe
-- to run against a Supabase database too (it then changes nothing).

-- Roles, as Supabase creates them: API roles cannot log in; service_role bypasses row-level security.
do $bootstrap$
begin
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'anon') then
    create role anon nologin noinherit;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'authenticated') then
    create role authenticated nologin noinherit;
  end if;
  if not exists (select 1 from pg_catalog.pg_roles where rolname = 'service_role') then
    create role service_role nologin noinherit bypassrls;
  end if;
end
$bootstrap$;

-- The session user (postgres) must be able to `set role` to each API role, as PostgREST's authenticator does.
do $bootstrap$
begin
  if not pg_catalog.pg_has_role(current_user, 'anon', 'member') then
    execute pg_catalog.format('grant anon to %I', current_user);
  end if;
  if not pg_catalog.pg_has_role(current_user, 'authenticated', 'member') then
    execute pg_catalog.format('grant authenticated to %I', current_user);
  end if;
  if not pg_catalog.pg_has_role(current_user, 'service_role', 'member') then
    execute pg_catalog.format('grant service_role to %I', current_user);
  end if;
end
$bootstrap$;

create schema if not exists extensions;
create schema if not exists auth;

-- The subset of Supabase Auth's users table that this project reads or writes (seed data).
create table if not exists auth.users (
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  created_at timestamptz,
  updated_at timestamptz,
  is_anonymous boolean not null default false
);

-- auth.uid(), auth.role() and auth.jwt() exactly as Supabase defines them: they read the claims PostgREST puts in
-- `request.jwt.claims` (and the legacy per-claim settings `request.jwt.claim.*`). Created only when absent.
do $bootstrap$
begin
  if pg_catalog.to_regprocedure('auth.uid()') is null then
    create function auth.uid() returns uuid
    language sql stable
    as $fn$
      select coalesce(
        nullif(current_setting('request.jwt.claim.sub', true), ''),
        (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
      )::uuid
    $fn$;
    comment on function auth.uid() is 'Deprecated. Use auth.jwt() -> ''sub'' instead.';
  end if;
  if pg_catalog.to_regprocedure('auth.role()') is null then
    create function auth.role() returns text
    language sql stable
    as $fn$
      select coalesce(
        nullif(current_setting('request.jwt.claim.role', true), ''),
        (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
      )::text
    $fn$;
    comment on function auth.role() is 'Deprecated. Use auth.jwt() -> ''role'' instead.';
  end if;
  if pg_catalog.to_regprocedure('auth.jwt()') is null then
    create function auth.jwt() returns jsonb
    language sql stable
    as $fn$
      select coalesce(
        nullif(current_setting('request.jwt.claim', true), ''),
        nullif(current_setting('request.jwt.claims', true), '')
      )::jsonb
    $fn$;
  end if;
end
$bootstrap$;

-- Supabase's grants: the API roles may use the auth and extensions schemas and call the auth helpers, but may not
-- read auth.users.
grant usage on schema auth to anon, authenticated, service_role;
grant usage on schema extensions to anon, authenticated, service_role;
grant usage on schema public to anon, authenticated, service_role;
grant execute on function auth.uid(), auth.role(), auth.jwt() to anon, authenticated, service_role;
revoke all on table auth.users from anon, authenticated;

-- Supabase's default privileges on the public schema give the API roles everything on new tables, functions and
-- sequences. Reproduced here so that the migrations are proven to revoke what they must not grant.
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
