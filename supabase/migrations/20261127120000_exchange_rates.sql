-- Stored exchange rates (API.md §11.1, §11.4; issue 26): reference data, not per user. One row says that one unit
-- of `base` was `rate` units of `quote` on `date`, as published by `source` (`ecb` for the ECB's files, the
-- loader's `--source NAME` for the generic CSV, `demo` for the shipped demo sample). Loaded by
-- `npm run -s rates -- FILE...` through a trusted connection (the owner or service_role); the API only reads.
--
-- * Keys: the primary key is (source, base, quote, date) as the contract names it, and a unique index on
--   (quote, base, date) enforces "one rate per (base, quote, date)": a later load of the same pair and date from any
--   source replaces the rate (and its source) instead of adding a second, competing rate. Rate choice (§11.2) needs
--   exactly one rate per pair and date. The unique index leads with the quote because me_exchange_rates selects by
--   quote currency (every route's rates are quoted in C or R), so it is also the index the reads use: two indexes in
--   all, which keeps a full ECB history load fast (issue 26: rates_load_rows_per_s).
-- * Codes: three capital letters, compared byte-wise (collate "C"). Whether a code is a current ISO 4217 currency
--   is the loader's check (it skips and counts the others, API.md §11.4), against the same list the core and the
--   other tables' constraints use; a check constraint calling private.currency_minor_units per row would parse that
--   list twice per rate and halve the load speed.
-- * Exact: `rate` is numeric, written from the file's text (never a float) and read back as text.
-- * RLS on, one SELECT policy `to authenticated` over every row (reference data: every signed-in user reads the
--   same rates), SELECT the only grant to authenticated, nothing to anon; writes only for service_role (the loader).

create table public.exchange_rates (
  source text collate "C" not null
    constraint exchange_rates_source_format check (source ~ '^[a-z0-9][a-z0-9_.-]{0,31}$'),
  base text collate "C" not null
    constraint exchange_rates_base_format check (base ~ '^[A-Z]{3}$'),
  quote text collate "C" not null
    constraint exchange_rates_quote_format check (quote ~ '^[A-Z]{3}$'),
  date date not null,
  rate numeric not null
    constraint exchange_rates_rate_positive check (rate > 0),
  constraint exchange_rates_pkey primary key (source, base, quote, date),
  constraint exchange_rates_base_not_quote check (base <> quote)
);

-- One rate per (base, quote, date), whatever its source; me_exchange_rates reads it by quote, then base and date.
create unique index exchange_rates_quote_base_date_key on public.exchange_rates (quote, base, date);

comment on table public.exchange_rates is
  'Dated exchange rates (reference data, the same for every user): one unit of base is rate units of quote on date. '
  'One rate per (base, quote, date). Written only by the rates loader (npm run rates); read by me_exchange_rates().';
comment on column public.exchange_rates.source is
  'Where the rate came from: ecb (the ECB''s euro foreign exchange reference rates), demo, custom or a --source name.';
comment on column public.exchange_rates.rate is 'Units of quote per one unit of base; exact, positive, at most 18 significant digits.';

alter table public.exchange_rates enable row level security;

create policy "Signed-in users can read every exchange rate" on public.exchange_rates
  for select to authenticated
  using (true);

revoke all on table public.exchange_rates from public, anon, authenticated;
grant select on table public.exchange_rates to authenticated;
grant select, insert, update, delete on table public.exchange_rates to service_role;

-- The rates a report may use: every stored rate quoted in one of p_currencies dated p_from..p_to (inclusive). A
-- direct rate (C, R), an inverse rate (R, C) and both rates of a cross (B, C), (B, R) are all quoted in C or R, so
-- this is every rate any route of §11.2 can use; the caller passes p_from = the report's first date minus
-- max_rate_age_days. One row per pair, its dates and rates as parallel arrays in date order (a year of a pair is one
-- row, not 260: the API reads it per request). rates as text: exact, as stored.
create function public.me_exchange_rates(p_currencies text[], p_from date, p_to date)
returns table (base text, quote text, dates date[], rates text[])
language sql stable security invoker
set search_path = ''
as $$
  select r.base, r.quote, array_agg(r.date order by r.date), array_agg(r.rate::text order by r.date)
  from public.exchange_rates as r
  where r.quote = any (p_currencies) and r.date between p_from and p_to
  group by r.base, r.quote
  order by r.base, r.quote
$$;
comment on function public.me_exchange_rates(text[], date, date) is
  'Stored exchange rates quoted in one of p_currencies and dated p_from..p_to, one row per (base, quote): dates and '
  'rates (exact decimal text) as parallel arrays in date order; rows by base, quote. Reference data: the same rows '
  'for every signed-in user.';
revoke all on function public.me_exchange_rates(text[], date, date) from public, anon, service_role;
grant execute on function public.me_exchange_rates(text[], date, date) to authenticated;
