-- Balances and reconciliation (issue 14): the statement_daily_totals rollup, the read function
-- me_statement_balances and the views statement_reconciliation and account_balances, on statements worked out by
-- hand, read as two users, a stranger and anon.
begin;
select plan(15);

-- Fixture: gina (EUR checking with two statements and a gap, a credit card without a closing balance, a failed and
-- an excluded import) and hugo (one USD statement).
insert into auth.users (id, email) values
  ('91aa0000-0000-4000-8000-000000000007', 'gina@example.com'),
  ('40b00000-0000-4000-8000-000000000008', 'hugo@example.com');
insert into public.statement_imports (id, user_id, account_name, file_name, format, status, statement_start,
  statement_end, currency, opening_balance_minor, closing_balance_minor, imported_at)
values
  ('9a000000-0000-4000-8000-000000000001', '91aa0000-0000-4000-8000-000000000007', 'Checking', 'jan.csv', 'csv',
   'completed', '2026-01-01', '2026-01-31', 'EUR', 100000, 120990, '2026-02-01 06:00:00+00'),
  ('9a000000-0000-4000-8000-000000000002', '91aa0000-0000-4000-8000-000000000007', 'Checking', 'mar.csv', 'csv',
   'completed', '2026-03-01', '2026-03-31', 'EUR', 130000, 131000, '2026-04-01 06:00:00+00'),
  ('9a000000-0000-4000-8000-000000000003', '91aa0000-0000-4000-8000-000000000007', 'Visa', 'visa.csv', 'csv',
   'partial', null, null, 'EUR', -20000, null, '2026-03-01 06:00:00+00'),
  ('9a000000-0000-4000-8000-000000000004', '91aa0000-0000-4000-8000-000000000007', 'Checking', 'feb.csv', 'csv',
   'failed', '2026-02-01', '2026-02-28', 'EUR', 999999, 999999, '2026-03-01 07:00:00+00'),
  ('9a000000-0000-4000-8000-000000000005', '91aa0000-0000-4000-8000-000000000007', 'Cash', 'cash.csv', 'csv',
   'completed', null, null, 'EUR', 500, null, '2026-03-01 08:00:00+00'),
  ('4b000000-0000-4000-8000-000000000001', '40b00000-0000-4000-8000-000000000008', 'Main', 'main.ofx', 'ofx',
   'completed', '2026-01-01', '2026-01-31', 'USD', 5000, 5000, '2026-02-01 06:00:00+00');
insert into public.statement_transactions (user_id, statement_import_id, date, amount_minor, currency)
values
  -- January: +250.00 on the 5th, −40.10 on the 20th: 1,000.00 → 1,209.90, as reported.
  ('91aa0000-0000-4000-8000-000000000007', '9a000000-0000-4000-8000-000000000001', '2026-01-05', 25000, 'EUR'),
  ('91aa0000-0000-4000-8000-000000000007', '9a000000-0000-4000-8000-000000000001', '2026-01-20', -4010, 'EUR'),
  -- March: opens at 1,300.00 (90.10 above January's close: February is missing); +10.00 and +0.50 on the 10th:
  -- 1,310.50 computed, 1,310.00 reported (off by −0.50).
  ('91aa0000-0000-4000-8000-000000000007', '9a000000-0000-4000-8000-000000000002', '2026-03-10', 1000, 'EUR'),
  ('91aa0000-0000-4000-8000-000000000007', '9a000000-0000-4000-8000-000000000002', '2026-03-10', 50, 'EUR'),
  -- Visa, no bounds: its span is 02-03…02-12; −200.00 − 15.00 − 35.00 = −250.00.
  ('91aa0000-0000-4000-8000-000000000007', '9a000000-0000-4000-8000-000000000003', '2026-02-03', -1500, 'EUR'),
  ('91aa0000-0000-4000-8000-000000000007', '9a000000-0000-4000-8000-000000000003', '2026-02-12', -3500, 'EUR'),
  -- The failed import's line never counts.
  ('91aa0000-0000-4000-8000-000000000007', '9a000000-0000-4000-8000-000000000004', '2026-02-10', 77, 'EUR'),
  ('40b00000-0000-4000-8000-000000000008', '4b000000-0000-4000-8000-000000000001', '2026-01-15', -100, 'USD');

select results_eq(
  $$select statement_import_id, date, amount_minor::bigint, transaction_count from public.statement_daily_totals
    where statement_import_id = '9a000000-0000-4000-8000-000000000002'$$,
  $$values ('9a000000-0000-4000-8000-000000000002'::uuid, '2026-03-10'::date, 1050::bigint, 2::bigint)$$,
  'statement_daily_totals should sum one import''s transactions per day.');

select set_config('request.jwt.claims', '{"sub":"91aa0000-0000-4000-8000-000000000007","role":"authenticated"}', true);
set local role authenticated;

select results_eq(
  $$select account_name, transaction_count, first_date, last_date, through_end_minor, through_dates_minor
    from public.me_statement_balances('EUR', array['2026-01-04', '2026-01-05', '2026-02-10']::date[])$$,
  $$values ('Cash'::text, 0::bigint, null::date, null::date, 0::bigint, array[0, 0, 0]::bigint[]),
           ('Checking', 2, '2026-01-05', '2026-01-20', 20990, array[0, 25000, 20990]),
           ('Checking', 2, '2026-03-10', '2026-03-10', 1050, array[0, 0, 0]),
           ('Visa', 2, '2026-02-03', '2026-02-12', -5000, array[0, 0, -1500])$$,
  'me_statement_balances should aggregate each statement and sum it through each requested date, failed imports left out.');

select is_empty($$select * from public.me_statement_balances('USD', array[]::date[])$$,
  'me_statement_balances should return nothing in a currency the caller has no statement in.');

select results_eq(
  $$select account_name, position, statement_start, statement_end, computed_closing_balance_minor,
           reported_closing_balance_minor, difference_minor, continuity_difference_minor
    from public.statement_reconciliation as r order by r.account_name, r.position$$,
  $$values ('Checking'::text, 1::bigint, '2026-01-01'::date, '2026-01-31'::date, 120990::bigint, 120990::bigint,
            0::bigint, null::bigint),
           ('Checking', 2, '2026-03-01', '2026-03-31', 131050, 131000, -50, 9010),
           ('Visa', 1, '2026-02-03', '2026-02-12', -25000, null, null, null)$$,
  'statement_reconciliation should show spans, computed and reported closing balances and both differences; the failed and the undated import have no row.');

select results_eq(
  $$select account_name, currency, balance_minor, balance_date, statement_count, reconciled
    from public.account_balances order by account_name$$,
  $$values ('Checking'::text, 'EUR'::text, 131000::bigint, '2026-03-31'::date, 2::bigint, false),
           ('Visa', 'EUR', -25000, '2026-02-12', 1, null::boolean)$$,
  'account_balances should give each account''s latest closing balance, reported else computed.');
reset role;

select set_config('request.jwt.claims', '{"sub":"40b00000-0000-4000-8000-000000000008","role":"authenticated"}', true);
set local role authenticated;
select results_eq(
  $$select account_name, through_end_minor from public.me_statement_balances(null, array[]::date[])$$,
  $$values ('Main'::text, -100::bigint)$$,
  'hugo should get only his own statement.');
select results_eq(
  $$select account_name, balance_minor, reconciled from public.account_balances$$,
  $$values ('Main'::text, 5000::bigint, false)$$,
  'hugo should see only his own account balance (reported 50.00 against a computed 49.00).');
select is((select count(*) from public.statement_daily_totals), 1::bigint,
  'hugo should see only his own daily totals.');
reset role;

select set_config('request.jwt.claims', '{"sub":"5e1f0000-0000-4000-8000-0000000000ff","role":"authenticated"}', true);
set local role authenticated;
select is_empty($$select * from public.me_statement_balances(null, array['2026-01-31']::date[])$$,
  'A stranger should get no statement balances.');
select is_empty($$select * from public.statement_reconciliation$$,
  'A stranger should see no reconciliation rows.');
select is_empty($$select * from public.account_balances$$, 'A stranger should see no account balances.');
reset role;

select set_config('request.jwt.claims', '{"role":"anon"}', true);
set local role anon;
select throws_ok($$select * from public.statement_reconciliation$$, '42501', null,
  'anon should not be able to read statement_reconciliation.');
select throws_ok($$select * from public.account_balances$$, '42501', null,
  'anon should not be able to read account_balances.');
select throws_ok($$select * from public.statement_daily_totals$$, '42501', null,
  'anon should not be able to read statement_daily_totals.');
select throws_ok($$select * from public.me_statement_balances(null, array[]::date[])$$, '42501', null,
  'anon should not be able to call me_statement_balances.');
reset role;

select * from finish();
rollback;
