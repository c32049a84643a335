-- Private helpers used by constraints and views. The `private` schema is not exposed through the API (PostgREST
-- serves `public` only); the API roles may only call what is granted below.
create schema if not exists private;
comment on schema private is 'Internal helpers for constraints and views; never exposed through the Data API.';

revoke all on schema private from public;
-- Only the trusted role looks names up in here. The views that `authenticated` reads call private.percent through
-- the function's OID, fixed when the view was created, so they need EXECUTE on it (granted below) but no usage on
-- the schema; an API role cannot name anything in `private` itself.
grant usage on schema private to service_role;

-- True when `tz` is an IANA time zone name PostgreSQL knows (e.g. Europe/Berlin, UTC, Etc/GMT+3). Used by a
-- check constraint, so it is declared immutable: the time zone database only changes with a server upgrade.
-- The name must look like an IANA name (letters, digits, `_`, `+`, `-`, `/`-separated, starting with a letter),
-- which rules out POSIX specifications such as `UTC+3` or `<+03>-3`, and Postgres must accept it as a zone.
-- (Looking the name up in pg_timezone_names would be exact too, but reads the whole zone database per call.)
create function private.is_iana_timezone(tz text) returns boolean
language plpgsql immutable strict parallel safe
set search_path = ''
as $$
begin
  if tz !~ '^[A-Za-z][A-Za-z0-9_]*(/[A-Za-z0-9_+-]+)*$' or pg_catalog.char_length(tz) > 64 then
    return false;
  end if;
  perform pg_catalog.timezone(tz, pg_catalog.now());
  return true;
exception
  when invalid_parameter_value then
    return false;
end
$$;
comment on function private.is_iana_timezone(text) is
  'True when the argument is an IANA time zone name that PostgreSQL accepts (e.g. Europe/Berlin, UTC).';

-- Percentage `part / whole × 100`, rounded half to even to 2 decimals (the API's rule for percentages), computed
-- exactly with integer division and remainder, so no binary or truncated decimal fraction decides a tie.
-- Null when `whole` is zero. `part` and `whole` are integers (minor units).
create function private.percent(part numeric, whole numeric) returns numeric
language sql immutable parallel safe
set search_path = ''
as $$
  select pg_catalog.round((q + case when 2 * pg_catalog.abs(r) > d then pg_catalog.sign(n)
                  when 2 * pg_catalog.abs(r) = d and pg_catalog.mod(q, 2) <> 0 then pg_catalog.sign(n)
                  else 0 end) / 100::numeric, 2)
  from (
    select n, d, pg_catalog.div(n, d) as q, n - pg_catalog.div(n, d) * d as r
    from (select part * 10000 * pg_catalog.sign(whole) as n, nullif(pg_catalog.abs(whole), 0) as d) as nd
  ) as qr
$$;
comment on function private.percent(numeric, numeric) is
  'part / whole × 100 rounded half to even to 2 decimals, computed exactly; null when whole is zero.';

revoke all on function private.is_iana_timezone(text) from public;
revoke all on function private.percent(numeric, numeric) from public;
grant execute on function private.is_iana_timezone(text) to authenticated, service_role;
grant execute on function private.percent(numeric, numeric) to authenticated, service_role;
