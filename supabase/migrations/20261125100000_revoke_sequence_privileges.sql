-- No sequence is usable by the API roles (issue 12, finding 7). Supabase's default privileges give `anon` and
-- `authenticated` USAGE, SELECT and UPDATE on every new sequence in `public`, so
-- `public.ledger_monthly_totals_id_seq` (an identity column's sequence) could be read with `currval`/`last_value` and
-- moved with `setval` by any signed-in user, which broke every later import. The API never writes, so the API roles
-- need no sequence at all: revoke every sequence privilege in the API schemas, and stop new sequences from getting
-- them by default. `service_role` and the trusted pipelines keep theirs.
do $$
declare
  seq record;
begin
  for seq in
    select n.nspname as schema_name, c.relname as sequence_name
    from pg_class c
    join pg_namespace n on n.oid = c.relnamespace
    where c.relkind = 'S' and n.nspname in ('public', 'graphql_public', 'private')
  loop
    execute format('revoke all on sequence %I.%I from public, anon, authenticated', seq.schema_name, seq.sequence_name);
  end loop;
end;
$$;

alter default privileges in schema public revoke all on sequences from anon, authenticated;
