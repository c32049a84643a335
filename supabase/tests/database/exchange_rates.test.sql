-- Currency conversion data (issue 26): the exchange_rates reference table (read by every signed-in user, written by
-- no API role, one rate per pair and date) and the read functions me_exchange_rates and me_ledger_daily_totals on
-- rows worked out by hand, read as two users and anon.
begin;
select plan(17);

insert into auth.users (id, email) values
  ('7a700000-0000-4000-8000-000000000001', 'ines@example.com'),
  ('7a700000-0000-4000-8000-000000000002', 'jon@example.com');
-- Only the fixture's rates (a seeded database holds the demo sample; all of this is rolled back).
delete from public.exchange_rates;
insert into public.exchange_rates (source, base, quote, date, rate) values
  ('ecb', 'EUR', 'USD', '2026-03-06', 1.0850),
  ('ecb', 'EUR', 'USD', '2026-03-09', 1.0900),
  ('ecb', 'EUR', 'CHF', '2026-03-06', 0.95),
  ('ecb', 'EUR', 'JPY', '2026-03-06', 161.23),
  ('custom', 'USD', 'CHF', '2026-02-20', 0.8765432109876543210);
insert into public.statement_imports (id, user_id, account_name, file_name, format, status, currency,
  transaction_count, imported_at)
values
  ('7a711000-0000-4000-8000-000000000001', '7a700000-0000-4000-8000-000000000001', 'Card', 'usd.csv', 'csv',
   'completed', 'USD', 4, '2026-04-01 06:00:00+00'),
  ('7a712000-0000-4000-8000-000000000001', '7a700000-0000-4000-8000-000000000001', 'Main', 'eur.csv', 'csv',
   'completed', 'EUR', 1, '2026-04-01 06:00:00+00'),
  ('7a721000-0000-4000-8000-000000000001', '7a700000-0000-4000-8000-000000000002', 'Card', 'usd.csv', 'csv',
   'completed', 'USD', 1, '2026-04-01 06:00:00+00');
insert into public.statement_transactions (id, user_id, statement_import_id, date, amount_minor, currency,
  description, category, kind)
values
  -- Saturday 7 March: two groceries expenses form one day group (−12.50 + −7.25 = −19.75), the refund joins it.
  ('7a7a0000-0000-4000-8000-000000000001', '7a700000-0000-4000-8000-000000000001',
   '7a711000-0000-4000-8000-000000000001', '2026-03-07', -1250, 'USD', 'Shop', 'Groceries', null),
  ('7a7a0000-0000-4000-8000-000000000002', '7a700000-0000-4000-8000-000000000001',
   '7a711000-0000-4000-8000-000000000001', '2026-03-07', -725, 'USD', 'Shop', 'Groceries', null),
  ('7a7a0000-0000-4000-8000-000000000003', '7a700000-0000-4000-8000-000000000001',
   '7a711000-0000-4000-8000-000000000001', '2026-03-07', 300, 'USD', 'Refund', 'Groceries', 'expense'),
  -- Uncategorized income on the same day: its own group (sign rule: positive = income).
  ('7a7a0000-0000-4000-8000-000000000004', '7a700000-0000-4000-8000-000000000001',
   '7a711000-0000-4000-8000-000000000001', '2026-03-07', 5000, 'USD', 'Pay', null, null),
  ('7a7a0000-0000-4000-8000-000000000005', '7a700000-0000-4000-8000-000000000001',
   '7a712000-0000-4000-8000-000000000001', '2026-03-07', -999, 'EUR', 'Lunch', 'Food', null),
  ('7a7a0000-0000-4000-8000-000000000006', '7a700000-0000-4000-8000-000000000002',
   '7a721000-0000-4000-8000-000000000001', '2026-03-07', -100, 'USD', 'Other', 'Groceries', null);

select is(
  (select count(*)::int from public.ledger_daily_totals where user_id = '7a700000-0000-4000-8000-000000000001'),
  3, 'The daily rollup should hold one row per (currency, date, kind, category) of the user.');

select throws_ok(
  $$insert into public.exchange_rates (source, base, quote, date, rate) values ('custom', 'EUR', 'USD', '2026-03-06', 1.2)$$,
  '23505', null, 'A second rate for the same base, quote and date should be refused, whatever its source.');
select throws_ok(
  $$insert into public.exchange_rates (source, base, quote, date, rate) values ('ecb', 'EUR', 'GBP', '2026-03-06', 0)$$,
  '23514', null, 'A zero rate should be refused.');
select throws_ok(
  $$insert into public.exchange_rates (source, base, quote, date, rate) values ('ecb', 'EUR', 'usd', '2026-03-06', 0.5)$$,
  '23514', null, 'A code that is not three capital letters should be refused.');
select throws_ok(
  $$insert into public.exchange_rates (source, base, quote, date, rate) values ('ecb', 'EUR', 'EUR', '2026-03-06', 1)$$,
  '23514', null, 'A rate whose base equals its quote should be refused.');

select set_config('request.jwt.claims', '{"sub":"7a700000-0000-4000-8000-000000000001","role":"authenticated"}', true);
set local role authenticated;

select results_eq(
  $$select base, quote, dates, rates from public.me_exchange_rates(array['USD', 'CHF'], '2026-02-01', '2026-03-08')$$,
  $$values ('EUR'::text, 'CHF'::text, '{2026-03-06}'::date[], '{0.95}'::text[]),
           ('EUR', 'USD', '{2026-03-06}', '{1.0850}'),
           ('USD', 'CHF', '{2026-02-20}', '{0.8765432109876543210}')$$,
  'me_exchange_rates should return the rates quoted in the given currencies within the dates, exact, per pair.');
select results_eq(
  $$select dates, rates from public.me_exchange_rates(array['USD'], '2026-01-01', '2026-12-31')$$,
  $$values ('{2026-03-06,2026-03-09}'::date[], '{1.0850,1.0900}'::text[])$$,
  'me_exchange_rates should list a pair''s dates and rates in date order.');
select is(
  (select count(*)::int from public.exchange_rates), 5,
  'Every signed-in user should read every stored rate (reference data).');
select throws_ok(
  $$insert into public.exchange_rates (source, base, quote, date, rate) values ('x', 'EUR', 'GBP', '2026-03-06', 1)$$,
  '42501', null, 'authenticated should not be able to write exchange rates.');
select throws_ok(
  $$update public.exchange_rates set rate = 2$$,
  '42501', null, 'authenticated should not be able to change exchange rates.');
select throws_ok(
  $$delete from public.exchange_rates$$,
  '42501', null, 'authenticated should not be able to delete exchange rates.');

select results_eq(
  $$select currency, kind, category, dates, amounts_minor, transaction_counts
    from public.me_ledger_daily_totals('2026-03-01', '2026-03-31', array['EUR', 'USD'])$$,
  $$values ('EUR'::text, 'expense'::text, 'Food'::text, '{2026-03-07}'::date[], '{-999}'::bigint[], '{1}'::bigint[]),
           ('USD', 'expense', 'Groceries', '{2026-03-07}', '{-1675}', '{3}'),
           ('USD', 'income', null, '{2026-03-07}', '{5000}', '{1}')$$,
  'me_ledger_daily_totals should sum the caller''s transactions per currency, date, effective kind and category.');
select results_eq(
  $$select currency, amounts_minor from public.me_ledger_daily_totals('2026-03-01', '2026-03-31', array['EUR'])$$,
  $$values ('EUR'::text, '{-999}'::bigint[])$$,
  'me_ledger_daily_totals should return only the currencies asked for.');
select is_empty(
  $$select * from public.me_ledger_daily_totals('2026-03-08', '2026-03-31', array['EUR', 'USD'])$$,
  'me_ledger_daily_totals should return nothing outside the dates.');
select throws_ok(
  $$insert into public.ledger_daily_totals (user_id, currency, date, kind, amount_minor, transaction_count)
    values ('7a700000-0000-4000-8000-000000000001', 'USD', '2026-03-01', 'expense', 1, 1)$$,
  '42501', null, 'authenticated should not be able to write the daily rollup.');

reset role;
select set_config('request.jwt.claims', '{"sub":"7a700000-0000-4000-8000-000000000002","role":"authenticated"}', true);
set local role authenticated;
select results_eq(
  $$select currency, amounts_minor, transaction_counts
    from public.me_ledger_daily_totals('2026-03-01', '2026-03-31', array['EUR', 'USD'])$$,
  $$values ('USD'::text, '{-100}'::bigint[], '{1}'::bigint[])$$,
  'Another user should see only their own day groups.');

reset role;
set local role anon;
select throws_ok(
  $$select * from public.me_exchange_rates(array['USD'], '2026-01-01', '2026-12-31')$$,
  '42501', null, 'anon should not be able to read exchange rates.');

select * from finish();
rollback;
