-- The SQL read functions of the account endpoints, on the hand-made fixture: grouping of me_ledger_totals
-- inside and outside the range, resolved kinds, keyset pagination, filters, clamps and time zones.
begin;
select plan(14);

-- Fixture: dave (EUR, America/Los_Angeles), one EUR statement for March 2026 whose numbers are worked out by hand below.
insert into auth.users (id, email) values ('da7e0000-0000-4000-8000-000000000004', 'dave@example.com');
insert into public.profiles (user_id, default_currency, timezone)
values ('da7e0000-0000-4000-8000-000000000004', 'EUR', 'America/Los_Angeles');
insert into public.statement_imports (id, user_id, account_name, file_name, format, status, statement_start,
  statement_end, currency, transaction_count, imported_at)
values
  ('dddd0000-0000-4000-8000-00000000000a', 'da7e0000-0000-4000-8000-000000000004', 'Main', 'main_2026-03.csv', 'csv',
   'completed', '2026-03-01', '2026-03-31', 'EUR', 10, '2026-04-01 06:00:00+00'),
  ('dddd0000-0000-4000-8000-000000000001', 'da7e0000-0000-4000-8000-000000000004', 'Main', 'main_2026-04.csv', 'csv',
   'processing', '2026-04-01', '2026-04-30', 'EUR', 0, '2026-05-01 06:00:00+00'),
  ('dddd0000-0000-4000-8000-000000000002', 'da7e0000-0000-4000-8000-000000000004', 'Card', 'card_2026-04.ofx', 'ofx',
   'failed', null, null, 'EUR', 0, '2026-05-01 06:00:00+00');
insert into public.statement_transactions (id, user_id, statement_import_id, date, amount_minor, currency, category, kind)
select ('eeee0000-0000-4000-8000-0000000000' || n)::uuid, 'da7e0000-0000-4000-8000-000000000004',
       'dddd0000-0000-4000-8000-00000000000a', d::date, a, 'EUR', c, k
from (values
  ('01', '2026-03-25', 300000, 'Salary', 'income'),      -- salary
  ('02', '2026-03-27', -5000, 'Salary', 'income'),       -- reversal: reduces income
  ('03', '2026-03-01', -120000, 'Rent', 'expense'),
  ('04', '2026-03-05', -4000, 'Groceries', null),        -- no kind: expense by sign
  ('05', '2026-03-12', -6000, 'Groceries', 'expense'),
  ('06', '2026-03-14', 1500, 'Groceries', 'expense'),    -- refund: reduces spending
  ('07', '2026-03-08', -2000, null, null),               -- uncategorized expense by sign
  ('08', '2026-03-20', 700, null, null),                 -- no kind, positive: income by sign
  ('09', '2026-03-15', 0, 'Misc', null),                 -- zero: expense by sign
  ('10', '2026-03-26', -50000, 'Savings', 'transfer')    -- transfer: left out
) as t (n, d, a, c, k);
insert into public.budgets (user_id, month, category, amount_minor, currency) values
  ('da7e0000-0000-4000-8000-000000000004', '2026-03-01', 'Groceries', 9000, 'EUR'),
  ('da7e0000-0000-4000-8000-000000000004', '2026-03-01', 'Rent', 100000, 'EUR'),
  ('da7e0000-0000-4000-8000-000000000004', '2026-03-01', 'Dining', 5000, 'EUR');
insert into public.goals (id, user_id, name, currency, target_minor, target_date) values
  ('9000a000-0000-4000-8000-000000000001', 'da7e0000-0000-4000-8000-000000000004', 'Bike', 'EUR', 10000, '2026-12-31');
insert into public.goal_contributions (user_id, goal_id, date, amount_minor) values
  ('da7e0000-0000-4000-8000-000000000004', '9000a000-0000-4000-8000-000000000001', '2026-01-10', 3000),
  ('da7e0000-0000-4000-8000-000000000004', '9000a000-0000-4000-8000-000000000001', '2026-02-10', 4000),
  ('da7e0000-0000-4000-8000-000000000004', '9000a000-0000-4000-8000-000000000001', '2026-03-10', -500),
  ('da7e0000-0000-4000-8000-000000000004', '9000a000-0000-4000-8000-000000000001', '2099-01-01', 9999);

-- Read as dave, the way the API does.
select set_config('request.jwt.claims', '{"sub":"da7e0000-0000-4000-8000-000000000004","role":"authenticated"}', true);
set local role authenticated;

select results_eq(
  $$select kind, category, amount_minor, transaction_count
    from public.me_ledger_totals('2026-03-01', '2026-03-31') order by kind, category nulls last$$,
  $$values ('expense'::text, 'Groceries'::text, -8500::bigint, 3::bigint), ('expense', 'Misc', 0, 1),
           ('expense', 'Rent', -120000, 1), ('expense', null, -2000, 1),
           ('income', 'Salary', 295000, 2), ('income', null, 700, 1), ('transfer', 'Savings', -50000, 1)$$,
  'me_ledger_totals should group by month, resolved kind and category inside the range.');
select results_eq(
  $$select currency, month, kind, category, amount_minor, transaction_count
    from public.me_ledger_totals('2026-03-10', '2026-03-31') where month is null$$,
  $$values ('EUR'::text, null::date, 'expense'::text, null::text, -126000::bigint, 3::bigint)$$,
  'me_ledger_totals should fold rows outside the range into one row per currency and kind.');
select is((select count(*) from public.me_ledger_totals('2026-03-10', '2026-03-31') where month = '2026-03-01'),
  5::bigint, 'me_ledger_totals should keep the in-range rows grouped by month.');

select results_eq(
  $$select date, kind from public.me_statement_transactions(3, null, null, null, null, null, null, null)$$,
  $$values ('2026-03-27'::date, 'income'::text), ('2026-03-26', 'transfer'), ('2026-03-25', 'income')$$,
  'me_statement_transactions should return the newest transactions first.');
select results_eq(
  $$select date from public.me_statement_transactions(2, '2026-03-25', 'eeee0000-0000-4000-8000-000000000001',
      null, null, null, null, null)$$,
  $$values ('2026-03-20'::date), ('2026-03-15')$$,
  'me_statement_transactions should continue strictly after the keyset position.');
select is(
  (select kind from public.me_statement_transactions(10, null, null, null, '2026-03-05', '2026-03-05', null, null)),
  'expense', 'me_statement_transactions should resolve a missing kind from the sign.');
select is((select count(*) from public.me_statement_transactions(50, null, null, null, null, null, 'Groceries', null)),
  3::bigint, 'me_statement_transactions should filter by category.');
select is((select count(*) from public.me_statement_transactions(50, null, null, null, null, null, null, 'income')),
  3::bigint, 'me_statement_transactions should filter by the resolved kind.');
select is((select count(*) from public.me_statement_transactions(50, null, null,
    'dddd0000-0000-4000-8000-000000000001', null, null, null, null)),
  0::bigint, 'me_statement_transactions should filter by statement import.');
select is((select count(*) from public.me_statement_transactions(0, null, null, null, null, null, null, null)),
  1::bigint, 'me_statement_transactions should return at least one row however small the limit.');

select results_eq(
  $$select file_name from public.me_statement_imports(10, '2026-05-01 06:00:00+00',
      'dddd0000-0000-4000-8000-000000000002')$$,
  $$values ('main_2026-04.csv'::text), ('main_2026-03.csv')$$,
  'me_statement_imports should break imported_at ties by id, descending, after the keyset position.');

select results_eq(
  $$select default_currency, timezone, today from public.me_profile()$$,
  $$select 'EUR'::text, 'America/Los_Angeles'::text, (now() at time zone 'America/Los_Angeles')::date$$,
  'me_profile should give today in the profile''s time zone.');
select results_eq(
  $$select category, amount_minor from public.me_budgets('2026-03-17') order by category$$,
  $$values ('Dining'::text, 5000::bigint), ('Groceries', 9000), ('Rent', 100000)$$,
  'me_budgets should return the budgets of the month containing the date.');
select results_eq(
  $$select saved_minor, first_contribution_date, contribution_count from public.me_goals('2026-02-28')$$,
  $$values (7000::bigint, '2026-01-10'::date, 2::bigint)$$,
  'me_goals should count contributions dated on or before the given day only.');

select * from finish();
rollback;
