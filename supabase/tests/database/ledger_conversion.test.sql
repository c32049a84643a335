-- me_ledger_conversion (issue 28): a converted report's day groups and rates in one read, on rows worked out by hand,
-- read as two users and anon. Its lists are comma-separated text in no particular order for day groups (compared
-- here sorted by date) and in date order for rates.
begin;
select plan(11);

insert into auth.users (id, email) values
  ('7b700000-0000-4000-8000-000000000001', 'ines@example.com'),
  ('7b700000-0000-4000-8000-000000000002', 'jon@example.com');
-- Only the fixture's rates (a seeded database holds the demo sample; all of this is rolled back).
delete from public.exchange_rates;
insert into public.exchange_rates (source, base, quote, date, rate) values
  ('ecb', 'EUR', 'USD', '2026-02-02', 1.0700),               -- before the rates' first date
  ('ecb', 'EUR', 'USD', '2026-03-06', 1.0850),
  ('ecb', 'EUR', 'USD', '2026-03-09', 1.0900),
  ('custom', 'GBP', 'USD', '2026-03-05', 1.27),              -- a second base quoted in USD
  ('custom', 'USD', 'EUR', '2026-03-06', 0.92),              -- quoted in the report currency
  ('ecb', 'EUR', 'CHF', '2026-03-06', 0.95),                 -- CHF: an account without day groups this month
  ('custom', 'USD', 'CHF', '2026-02-20', 0.8765432109876543210),
  ('ecb', 'EUR', 'JPY', '2026-03-06', 161.23),               -- no account in JPY
  ('ecb', 'EUR', 'USD', '2026-04-01', 1.1000);               -- after the last date
insert into public.statement_imports (id, user_id, account_name, file_name, format, status, currency,
  transaction_count, imported_at)
values
  ('7b711000-0000-4000-8000-000000000001', '7b700000-0000-4000-8000-000000000001', 'Card', 'usd.csv', 'csv',
   'completed', 'USD', 5, '2026-04-01 06:00:00+00'),
  ('7b712000-0000-4000-8000-000000000001', '7b700000-0000-4000-8000-000000000001', 'Main', 'eur.csv', 'csv',
   'completed', 'EUR', 1, '2026-04-01 06:00:00+00'),
  ('7b713000-0000-4000-8000-000000000001', '7b700000-0000-4000-8000-000000000001', 'Savings', 'chf.csv', 'csv',
   'completed', 'CHF', 1, '2026-04-01 06:00:00+00'),
  ('7b721000-0000-4000-8000-000000000001', '7b700000-0000-4000-8000-000000000002', 'Card', 'usd.csv', 'csv',
   'completed', 'USD', 1, '2026-04-01 06:00:00+00');
insert into public.statement_transactions (id, user_id, statement_import_id, date, amount_minor, currency,
  description, category, kind)
values
  -- Saturday 7 March: −12.50 − 7.25 + a 3.00 refund = −16.75 USD of groceries, one day group of three.
  ('7b7a0000-0000-4000-8000-000000000001', '7b700000-0000-4000-8000-000000000001',
   '7b711000-0000-4000-8000-000000000001', '2026-03-07', -1250, 'USD', 'Shop', 'Groceries', null),
  ('7b7a0000-0000-4000-8000-000000000002', '7b700000-0000-4000-8000-000000000001',
   '7b711000-0000-4000-8000-000000000001', '2026-03-07', -725, 'USD', 'Shop', 'Groceries', null),
  ('7b7a0000-0000-4000-8000-000000000003', '7b700000-0000-4000-8000-000000000001',
   '7b711000-0000-4000-8000-000000000001', '2026-03-07', 300, 'USD', 'Refund', 'Groceries', 'expense'),
  ('7b7a0000-0000-4000-8000-000000000004', '7b700000-0000-4000-8000-000000000001',
   '7b711000-0000-4000-8000-000000000001', '2026-03-09', -400, 'USD', 'Shop', 'Groceries', null),
  -- Uncategorized income: its own group.
  ('7b7a0000-0000-4000-8000-000000000005', '7b700000-0000-4000-8000-000000000001',
   '7b711000-0000-4000-8000-000000000001', '2026-03-07', 5000, 'USD', 'Pay', null, null),
  ('7b7a0000-0000-4000-8000-000000000006', '7b700000-0000-4000-8000-000000000001',
   '7b712000-0000-4000-8000-000000000001', '2026-03-07', -999, 'EUR', 'Lunch', 'Food', null),
  -- April: outside the month.
  ('7b7a0000-0000-4000-8000-000000000007', '7b700000-0000-4000-8000-000000000001',
   '7b713000-0000-4000-8000-000000000001', '2026-04-02', -100, 'CHF', 'Fee', null, null),
  ('7b7a0000-0000-4000-8000-000000000008', '7b700000-0000-4000-8000-000000000002',
   '7b721000-0000-4000-8000-000000000001', '2026-03-07', -100, 'USD', 'Other', 'Groceries', null);

-- A day-group row's days as date:amount:count, sorted by date.
create function pg_temp.days(dates text, amounts text, counts text) returns text[]
language sql immutable as $$
  select array_agg(u.d || ':' || u.a || ':' || u.c order by u.d)
  from unnest(string_to_array(dates, ','), string_to_array(amounts, ','), string_to_array(counts, ',')) as u(d, a, c)
$$;

select set_config('request.jwt.claims', '{"sub":"7b700000-0000-4000-8000-000000000001","role":"authenticated"}', true);
set local role authenticated;

select results_eq(
  $$select currency, kind, category, pg_temp.days(dates, amounts_minor, transaction_counts)
    from public.me_ledger_conversion('2026-03-01', '2026-03-31', 'EUR', '2026-03-04') where base is null$$,
  $$values ('USD'::text, 'expense'::text, 'Groceries'::text, '{2026-03-07:-1675:3,2026-03-09:-400:1}'::text[]),
           ('USD', 'income', null, '{2026-03-07:5000:1}')$$,
  'me_ledger_conversion should return the caller''s day groups of every currency but the report''s, in the dates.');
select ok(
  (select bool_and(amounts_minor is not null and rates is null)
   from public.me_ledger_conversion('2026-03-01', '2026-03-31', 'EUR', '2026-03-04') where base is null),
  'Day-group rows should carry day lists and no rates.');
select results_eq(
  $$select base, quote, dates, rates
    from public.me_ledger_conversion('2026-03-01', '2026-03-31', 'EUR', '2026-03-04') where base is not null$$,
  $$values ('EUR'::text, 'CHF'::text, '2026-03-06'::text, '0.95'::text),
           ('EUR', 'USD', '2026-03-06,2026-03-09', '1.0850,1.0900'),
           ('GBP', 'USD', '2026-03-05', '1.27'),
           ('USD', 'EUR', '2026-03-06', '0.92')$$,
  'Then the rates quoted in the report currency or another currency of the caller''s accounts, every base, within '
  'the rates'' dates, exact, in date order, by base and quote.');
select results_eq(
  $$select currency, kind, category, pg_temp.days(dates, amounts_minor, transaction_counts)
    from public.me_ledger_conversion('2026-03-01', '2026-03-31', 'USD', '2026-03-04') where base is null$$,
  $$values ('EUR'::text, 'expense'::text, 'Food'::text, '{2026-03-07:-999:1}'::text[])$$,
  'With USD as the report currency, the EUR day groups come instead.');
select results_eq(
  $$select count(*)::int from public.me_ledger_conversion('2026-03-01', '2026-03-31', 'USD', '2026-03-04')
    where base is not null and quote = 'USD'$$,
  $$values (2)$$,
  'Rates quoted in the report currency should be read whatever it is.');
select is_empty(
  $$select * from public.me_ledger_conversion('2026-03-01', '2026-03-31', 'EUR', '2026-03-04')
    where base is null and currency = 'CHF'$$,
  'An account without day groups in the dates should have no day-group row (its rates may still come).');
select results_eq(
  $$select array_agg(u.d order by u.n)
    from public.me_ledger_conversion('2026-03-01', '2026-03-31', 'EUR', '2026-03-04') as t,
         unnest(string_to_array(t.dates, ',')) with ordinality as u(d, n)
    where t.base = 'EUR' and t.quote = 'USD'$$,
  $$values ('{2026-03-06,2026-03-09}'::text[])$$,
  'A pair''s rates should come in date order.');

reset role;
select set_config('request.jwt.claims', '{"sub":"7b700000-0000-4000-8000-000000000002","role":"authenticated"}', true);
set local role authenticated;
select results_eq(
  $$select currency, pg_temp.days(dates, amounts_minor, transaction_counts)
    from public.me_ledger_conversion('2026-03-01', '2026-03-31', 'EUR', '2026-03-04') where base is null$$,
  $$values ('USD'::text, '{2026-03-07:-100:1}'::text[])$$,
  'Another user should see only their own day groups.');
select results_eq(
  $$select base, quote from public.me_ledger_conversion('2026-03-01', '2026-03-31', 'EUR', '2026-03-04')
    where base is not null$$,
  $$values ('EUR'::text, 'USD'::text), ('GBP', 'USD'), ('USD', 'EUR')$$,
  'and only the rates their own currencies can use.');
select is_empty(
  $$select * from public.me_ledger_conversion('2026-03-01', '2026-03-31', 'USD', '2026-03-04')$$,
  'No currency but the report''s: nothing at all, not even rates.');

reset role;
set local role anon;
select throws_ok(
  $$select * from public.me_ledger_conversion('2026-03-01', '2026-03-31', 'EUR', '2026-03-04')$$,
  '42501', null, 'anon should not be able to call me_ledger_conversion.');

select * from finish();
rollback;
