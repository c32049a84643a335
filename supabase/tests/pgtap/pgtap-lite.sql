-- A minimal pgTAP-compatible subset, for engines without the pgtap extension (PGlite 0.5 does not ship it, and
-- the CI PostgreSQL has none installed). The runner installs it inside each test's transaction, which is rolled
-- back, so nothing stays behind. Same names, arguments and TAP output as pgTAP for what it covers:
-- plan, ok, is, isnt, throws_ok, lives_ok, results_eq, is_empty, finish.
create schema tap;
grant usage on schema tap to public;

create table tap.state (id integer primary key default 1, planned integer, run integer not null default 0,
                        failed integer not null default 0);
grant select, insert, update, delete on tap.state to public;

create function tap.plan(n integer) returns text language plpgsql as $$
begin
  delete from tap.state;
  insert into tap.state (planned) values (n);
  return '1..' || n;
end $$;

create function tap._record(passed boolean, description text, diagnostic text default null)
returns text language plpgsql as $$
declare
  number integer;
begin
  update tap.state set run = run + 1, failed = failed + case when passed then 0 else 1 end
  returning run into number;
  return case when passed then 'ok ' else 'not ok ' end || number || ' - ' || coalesce(description, '')
    || case when not passed and diagnostic is not null
            then E'\n# ' || replace(diagnostic, E'\n', E'\n# ') else '' end;
end $$;

create function tap.ok(passed boolean, description text) returns text language sql as $$
  select tap._record(coalesce(passed, false), description, 'got ' || coalesce(passed::text, 'NULL'))
$$;

create function tap.is(have anyelement, want anyelement, description text) returns text language sql as $$
  select tap._record(have is not distinct from want, description,
    'have: ' || coalesce(have::text, 'NULL') || E'\nwant: ' || coalesce(want::text, 'NULL'))
$$;

create function tap.isnt(have anyelement, want anyelement, description text) returns text language sql as $$
  select tap._record(have is distinct from want, description, 'both: ' || coalesce(have::text, 'NULL'))
$$;

create function tap.throws_ok(query text, errcode text, errmsg text, description text)
returns text language plpgsql as $$
begin
  execute query;
  return tap._record(false, description, 'no exception raised');
exception when others then
  return tap._record(sqlstate = errcode and (errmsg is null or sqlerrm = errmsg), description,
    'caught: ' || sqlstate || ' ' || sqlerrm || E'\nwanted: ' || errcode || coalesce(' ' || errmsg, ''));
end $$;

create function tap.throws_ok(query text, errcode text, description text) returns text language sql as $$
  select tap.throws_ok(query, errcode, null, description)
$$;

create function tap.lives_ok(query text, description text) returns text language plpgsql as $$
begin
  execute query;
  return tap._record(true, description);
exception when others then
  return tap._record(false, description, 'died: ' || sqlstate || ' ' || sqlerrm);
end $$;

create function tap.results_eq(have_query text, want_query text, description text)
returns text language plpgsql as $$
declare
  have text[];
  want text[];
begin
  execute format('select coalesce(array_agg(r::text), ''{}'') from (%s) r', have_query) into have;
  execute format('select coalesce(array_agg(r::text), ''{}'') from (%s) r', want_query) into want;
  return tap._record(have = want, description, 'have: ' || have::text || E'\nwant: ' || want::text);
end $$;

create function tap.is_empty(query text, description text) returns text language plpgsql as $$
declare
  rows text[];
begin
  execute format('select coalesce(array_agg(r::text), ''{}'') from (%s) r', query) into rows;
  return tap._record(cardinality(rows) = 0, description, 'unexpected rows: ' || rows::text);
end $$;

create function tap.finish() returns setof text language plpgsql as $$
declare
  s tap.state;
begin
  select * into s from tap.state;
  if s.planned is distinct from s.run then
    return next '# Looks like you planned ' || coalesce(s.planned::text, 'no') || ' tests but ran ' || s.run;
  end if;
  if s.failed > 0 then
    return next '# Looks like you failed ' || s.failed || ' test' || case when s.failed > 1 then 's' else '' end
      || ' of ' || s.run;
  end if;
end $$;

grant execute on all functions in schema tap to public;
