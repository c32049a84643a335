-- No sequence in the API schemas is usable by the API roles: an identity sequence that `authenticated` could
-- `setval` would break every later import (issue 12, finding 7). New sequences must not get privileges by default.
begin;
select plan(5);

select is_empty(
  $$select n.nspname || '.' || c.relname || ' (' || r.rolname || ')'
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    cross join (values ('anon'), ('authenticated')) as r(rolname)
    where c.relkind = 'S'
      and n.nspname in ('public', 'graphql_public', 'private')
      and (has_sequence_privilege(r.rolname, c.oid, 'USAGE')
        or has_sequence_privilege(r.rolname, c.oid, 'SELECT')
        or has_sequence_privilege(r.rolname, c.oid, 'UPDATE'))$$,
  'No sequence in the API schemas should be usable, readable or settable by anon or authenticated.');

select ok(
  (select count(*) from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where c.relkind = 'S' and n.nspname = 'public') > 0,
  'The check above should cover at least one sequence (the ledger rollup''s identity sequence).');

create sequence public.sequence_privileges_probe_seq;
select ok(
  not has_sequence_privilege('authenticated', 'public.sequence_privileges_probe_seq', 'USAGE')
    and not has_sequence_privilege('anon', 'public.sequence_privileges_probe_seq', 'USAGE'),
  'A sequence created later in public should not be usable by anon or authenticated by default.');

select set_config('request.jwt.claims', '{"sub":"b0b00000-0000-4000-8000-000000000002","role":"authenticated"}', true);
set local role authenticated;
select throws_ok($$select setval('public.ledger_monthly_totals_id_seq', 1)$$, '42501', null,
  'A signed-in user should not be able to move the ledger rollup''s sequence with setval.');
select throws_ok($$select nextval('public.ledger_monthly_totals_id_seq')$$, '42501', null,
  'A signed-in user should not be able to draw from the ledger rollup''s sequence.');
reset role;

select * from finish();
rollback;
