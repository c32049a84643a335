-- Constraints reject impossible data: currency format, amount magnitude, period order, non-negative counts,
-- known kinds and statuses, first-of-month budgets, and rows that would belong to two users at once.
begin;
select plan(24);

insert into auth.users (id, email) values ('c0ffee00-0000-4000-8000-000000000003', 'carol@example.com');

select throws_ok(
  $$insert into public.profiles (user_id, default_currency) values ('c0ffee00-0000-4000-8000-000000000003', 'eur')$$,
  '23514', null, 'A lower-case currency code should be rejected.');
select throws_ok(
  $$insert into public.profiles (user_id, default_currency) values ('c0ffee00-0000-4000-8000-000000000003', 'XYZ')$$,
  '23514', null, 'A well-formed code that is not an ISO 4217 currency should be rejected.');
select throws_ok(
  $$insert into public.profiles (user_id, default_currency) values ('c0ffee00-0000-4000-8000-000000000003', 'XAU')$$,
  '23514', null, 'A currency without a defined minor unit should be rejected.');
select throws_ok(
  $$insert into public.statement_imports (user_id, account_name, file_name, format, status, currency)
    values ('c0ffee00-0000-4000-8000-000000000003', 'A', 'a.csv', 'csv', 'completed', 'XYZ')$$,
  '23514', null, 'A statement import in an unknown currency should be rejected.');
select throws_ok(
  $$insert into public.budgets (user_id, month, currency, category, amount_minor)
    values ('c0ffee00-0000-4000-8000-000000000003', '2026-01-01', 'XYZ', 'food', 100)$$,
  '23514', null, 'A budget in an unknown currency should be rejected.');
select throws_ok(
  $$insert into public.goals (user_id, name, currency, target_minor)
    values ('c0ffee00-0000-4000-8000-000000000003', 'Trip', 'XYZ', 100)$$,
  '23514', null, 'A goal in an unknown currency should be rejected.');
select throws_ok(
  $$insert into public.profiles (user_id, timezone) values ('c0ffee00-0000-4000-8000-000000000003', 'Mars/Olympus')$$,
  '23514', null, 'An unknown time zone should be rejected.');
select throws_ok(
  $$insert into public.profiles (user_id, timezone) values ('c0ffee00-0000-4000-8000-000000000003', 'UTC+3')$$,
  '23514', null, 'A POSIX time zone specification should be rejected.');
select lives_ok(
  $$insert into public.profiles (user_id, default_currency, timezone)
    values ('c0ffee00-0000-4000-8000-000000000003', 'GBP', 'Europe/London')$$,
  'A profile with an ISO currency and an IANA time zone should be accepted.');

select throws_ok(
  $$insert into public.statement_imports (user_id, account_name, file_name, format, status, currency,
      statement_start, statement_end)
    values ('c0ffee00-0000-4000-8000-000000000003', 'A', 'a.csv', 'csv', 'completed', 'GBP', '2026-02-01', '2026-01-31')$$,
  '23514', null, 'A statement that ends before it starts should be rejected.');
select throws_ok(
  $$insert into public.statement_imports (user_id, account_name, file_name, format, status, currency, error_count)
    values ('c0ffee00-0000-4000-8000-000000000003', 'A', 'a.csv', 'csv', 'partial', 'GBP', -1)$$,
  '23514', null, 'A negative error count should be rejected.');
select throws_ok(
  $$insert into public.statement_imports (user_id, account_name, file_name, format, status, currency)
    values ('c0ffee00-0000-4000-8000-000000000003', 'A', 'a.csv', 'csv', 'done', 'GBP')$$,
  '23514', null, 'An unknown import status should be rejected.');
select throws_ok(
  $$insert into public.statement_imports (user_id, account_name, file_name, format, status, currency,
      opening_balance_minor)
    values ('c0ffee00-0000-4000-8000-000000000003', 'A', 'a.csv', 'csv', 'completed', 'GBP', 1000000000000000)$$,
  '23514', null, 'A balance of 10^15 minor units should be rejected.');

select throws_ok(
  $$insert into public.statement_transactions (user_id, statement_import_id, date, amount_minor, currency)
    select user_id, id, '2026-01-01', -1000000000000000, currency from public.statement_imports
    where user_id = 'a11ce000-0000-4000-8000-000000000001' and currency = 'EUR' limit 1$$,
  '23514', null, 'An amount of -10^15 minor units should be rejected.');
select lives_ok(
  $$insert into public.statement_transactions (user_id, statement_import_id, date, amount_minor, currency)
    select user_id, id, '2026-01-01', -999999999999999, currency from public.statement_imports
    where user_id = 'a11ce000-0000-4000-8000-000000000001' and currency = 'EUR' limit 1$$,
  'An amount of 10^15 - 1 minor units should be accepted.');
select throws_ok(
  $$insert into public.statement_transactions (user_id, statement_import_id, date, amount_minor, currency)
    select 'c0ffee00-0000-4000-8000-000000000003', id, '2026-01-01', -100, currency from public.statement_imports
    where user_id = 'a11ce000-0000-4000-8000-000000000001' and currency = 'EUR' limit 1$$,
  '23503', null, 'A transaction should not attach to another user''s import.');
select throws_ok(
  $$insert into public.statement_transactions (user_id, statement_import_id, date, amount_minor, currency)
    select user_id, id, '2026-01-01', -100, 'USD' from public.statement_imports
    where user_id = 'a11ce000-0000-4000-8000-000000000001' and currency = 'EUR' limit 1$$,
  '23503', null, 'A transaction in another currency than its import should be rejected.');
select throws_ok(
  $$insert into public.statement_transactions (user_id, statement_import_id, date, amount_minor, currency, kind)
    select user_id, id, '2026-01-01', 100, currency, 'refund' from public.statement_imports
    where user_id = 'a11ce000-0000-4000-8000-000000000001' and currency = 'EUR' limit 1$$,
  '23514', null, 'An unknown kind should be rejected.');
select throws_ok(
  $$insert into public.statement_transactions (user_id, statement_import_id, date, amount_minor, currency, category)
    select user_id, id, '2026-01-01', -100, currency, ' Food' from public.statement_imports
    where user_id = 'a11ce000-0000-4000-8000-000000000001' and currency = 'EUR' limit 1$$,
  '23514', null, 'A category with surrounding spaces should be rejected.');

select throws_ok(
  $$insert into public.budgets (user_id, month, category, amount_minor, currency)
    values ('c0ffee00-0000-4000-8000-000000000003', '2026-11-15', 'Food', 100, 'GBP')$$,
  '23514', null, 'A budget month that is not the first day of a month should be rejected.');
select throws_ok(
  $$insert into public.budgets (user_id, month, category, amount_minor, currency)
    values ('c0ffee00-0000-4000-8000-000000000003', '2026-11-01', 'Food', -1, 'GBP')$$,
  '23514', null, 'A negative budget should be rejected.');
select throws_ok(
  $$insert into public.budgets (user_id, month, category, amount_minor, currency)
    select user_id, month, category, 1, currency from public.budgets limit 1$$,
  '23505', null, 'A second budget for the same user, month, currency and category should be rejected.');

select throws_ok(
  $$insert into public.goals (user_id, name, currency, target_minor)
    values ('c0ffee00-0000-4000-8000-000000000003', 'Nothing', 'GBP', 0)$$,
  '23514', null, 'A goal with a zero target should be rejected.');
select throws_ok(
  $$insert into public.goal_contributions (user_id, goal_id, date, amount_minor)
    select 'c0ffee00-0000-4000-8000-000000000003', id, '2026-01-01', 100 from public.goals
    where user_id = 'a11ce000-0000-4000-8000-000000000001' limit 1$$,
  '23503', null, 'A contribution should not attach to another user''s goal.');

select * from finish();
rollback;
