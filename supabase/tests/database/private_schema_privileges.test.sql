-- The `private` schema (20261121200000_private_helpers.sql) holds helpers for constraints, views and triggers; it is
-- not exposed through the Data API. Neither API role has usage on it, so neither can name anything in it; the
-- dashboard views `authenticated` reads reach private.percent by OID, so it executes that (and nothing else: the
-- check-constraint helpers run only on writes, which the API roles never make), and has no other privilege there (no create, no table, view or sequence privileges, none of the
-- rollup trigger functions). `anon` has no privilege in it at all.
-- A new private function is executable by PUBLIC unless its migration revokes that: the exact lists below catch it.
begin;
select plan(18);

select schema_privs_are('private', 'authenticated', array[]::text[],
  'authenticated should have no privilege on schema private (no usage, no create).');
select schema_privs_are('private', 'anon', array[]::text[],
  'anon should have no privilege on schema private.');

select set_eq(
  $$select p.oid::regprocedure::text
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'private' and has_function_privilege('authenticated', p.oid, 'EXECUTE')$$,
  array['private.percent(numeric,numeric)'],
  'authenticated should be able to execute private.percent alone: no constraint helper, no trigger function.');
select is_empty(
  $$select p.oid::regprocedure::text
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
    where n.nspname = 'private' and has_function_privilege('anon', p.oid, 'EXECUTE')$$,
  'anon should not be able to execute any private function.');
select ok(
  (select count(*) from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname = 'private' and not has_function_privilege('authenticated', p.oid, 'EXECUTE')) >= 9,
  'The check above should cover the rollup trigger functions, which authenticated cannot execute.');

select is_empty(
  $$select c.relname || ' (' || r.rolname || ')'
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    cross join (values ('anon'), ('authenticated')) as r(rolname)
    where n.nspname = 'private'
      and c.relkind in ('r', 'v', 'm', 'f', 'p', 'S')
      and (has_table_privilege(r.rolname, c.oid, 'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
        or (c.relkind = 'S' and has_sequence_privilege(r.rolname, c.oid, 'USAGE, SELECT, UPDATE')))$$,
  'anon and authenticated should have no privilege on any table, view or sequence in schema private.');

create table private.private_schema_privileges_probe (id int);
select ok(
  not has_table_privilege('authenticated', 'private.private_schema_privileges_probe',
        'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
    and not has_table_privilege('anon', 'private.private_schema_privileges_probe',
        'SELECT, INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER'),
  'A table created later in private should give anon and authenticated no privilege by default.');

select set_config('request.jwt.claims', '{"sub":"a11ce000-0000-4000-8000-000000000001","role":"authenticated"}', true);
set local role authenticated;
select lives_ok($$select percent_used from public.budget_vs_actual$$,
  'A signed-in user should read budget_vs_actual, whose percent_used calls private.percent.');
select throws_ok($$select private.percent(1, 3)$$, '42501', null,
  'A signed-in user should not be able to call private.percent by name (no usage on schema private).');
select throws_ok($$select private.recurring_key('NETFLIX.COM')$$, '42501', null,
  'A signed-in user should not be able to call private.recurring_key, which only the import path uses.');
select throws_ok($$select private.currency_minor_units('EUR')$$, '42501', null,
  'A signed-in user should not be able to call private.currency_minor_units, which only check constraints use.');
select throws_ok($$select private.statement_daily_totals_truncate()$$, '42501', null,
  'A signed-in user should not be able to call a rollup trigger function.');
select throws_ok($$create table private.signed_in_probe (id int)$$, '42501', null,
  'A signed-in user should not be able to create a table in schema private.');
select throws_ok($$select * from private.private_schema_privileges_probe$$, '42501', null,
  'A signed-in user should not be able to read a table in schema private.');
reset role;

select set_config('request.jwt.claims', '{"role":"anon"}', true);
set local role anon;
select throws_ok($$select private.percent(1, 3)$$, '42501', null,
  'anon should not be able to call private.percent.');
select throws_ok($$select private.is_iana_timezone('Europe/Berlin')$$, '42501', null,
  'anon should not be able to call private.is_iana_timezone.');
reset role;

insert into auth.users (id, email) values ('9e1e9e00-0000-4000-8000-000000000001', 'privileges-probe@example.com');
set local role service_role;
select lives_ok(
  $$insert into public.profiles (user_id, default_currency, timezone)
    values ('9e1e9e00-0000-4000-8000-000000000001', 'EUR', 'Europe/Berlin')$$,
  'The service role should still write a profile, whose checks call both constraint helpers.');
select throws_ok(
  $$update public.profiles set timezone = 'Mars/Olympus' where user_id = '9e1e9e00-0000-4000-8000-000000000001'$$,
  '23514', null,
  'The time zone check should still refuse a name that is not an IANA zone when the service role writes.');
reset role;

select * from finish();
rollback;
