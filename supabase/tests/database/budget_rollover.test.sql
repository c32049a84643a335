-- Budget rollover and trends data (issue 15): the view budget_rollover_monthly and the read functions
-- me_budget_months and me_monthly_spending on chains worked out by hand, read as two users, a stranger and anon.
begin;
select plan(13);

-- Fixture: erin (EUR) and frank (USD).
insert into auth.users (id, email) values
  ('e1e00000-0000-4000-8000-000000000005', 'erin@example.com'),
  ('f4a00000-0000-4000-8000-000000000006', 'frank@example.com');
insert into public.statement_imports (id, user_id, account_name, file_name, format, status, currency,
  transaction_count, imported_at)
values
  ('eeee1000-0000-4000-8000-000000000001', 'e1e00000-0000-4000-8000-000000000005', 'Main', 'main.csv', 'csv',
   'completed', 'EUR', 6, '2026-05-01 06:00:00+00'),
  ('ffff1000-0000-4000-8000-000000000001', 'f4a00000-0000-4000-8000-000000000006', 'Main', 'main.csv', 'csv',
   'completed', 'USD', 1, '2026-05-01 06:00:00+00');
insert into public.statement_transactions (user_id, statement_import_id, date, amount_minor, currency, category, kind)
values
  -- erin: Groceries 150.00 over a 100.00 budget in January, 20.00 in February, 10.00 in March (no budget row).
  ('e1e00000-0000-4000-8000-000000000005', 'eeee1000-0000-4000-8000-000000000001', '2026-01-10', -15000, 'EUR',
   'Groceries', 'expense'),
  ('e1e00000-0000-4000-8000-000000000005', 'eeee1000-0000-4000-8000-000000000001', '2026-02-10', -2000, 'EUR',
   'Groceries', null),
  ('e1e00000-0000-4000-8000-000000000005', 'eeee1000-0000-4000-8000-000000000001', '2026-03-10', -1000, 'EUR',
   'Groceries', 'expense'),
  ('e1e00000-0000-4000-8000-000000000005', 'eeee1000-0000-4000-8000-000000000001', '2026-03-11', -500, 'EUR',
   null, null),
  ('e1e00000-0000-4000-8000-000000000005', 'eeee1000-0000-4000-8000-000000000001', '2026-03-12', -9900, 'EUR',
   'Groceries', 'transfer'),                                                   -- a transfer: never spending
  ('e1e00000-0000-4000-8000-000000000005', 'eeee1000-0000-4000-8000-000000000001', '2026-03-25', 250000, 'EUR',
   'Salary', null),                                                            -- income: never spending
  ('f4a00000-0000-4000-8000-000000000006', 'ffff1000-0000-4000-8000-000000000001', '2026-02-02', -300, 'USD',
   'Food', 'expense');
insert into public.budgets (user_id, month, category, amount_minor, currency) values
  ('e1e00000-0000-4000-8000-000000000005', '2026-01-01', 'Groceries', 10000, 'EUR'),
  ('e1e00000-0000-4000-8000-000000000005', '2026-02-01', 'Groceries', 10000, 'EUR'),
  ('e1e00000-0000-4000-8000-000000000005', '2023-01-01', 'Old', 100, 'EUR'),
  ('f4a00000-0000-4000-8000-000000000006', '2026-01-01', 'Food', 999, 'USD');

select set_config('request.jwt.claims', '{"sub":"e1e00000-0000-4000-8000-000000000005","role":"authenticated"}', true);
set local role authenticated;

-- January: 100.00 − 150.00 = −50.00 (positive floors it at 0). February: positive 0 + 100.00 − 20.00 = 80.00,
-- full −50.00 + 100.00 − 20.00 = 30.00. March (no row, 10.00 spent): 70.00 and 20.00. April: nothing, the chain
-- carries 70.00 and 20.00.
select results_eq(
  $$select month, budgeted_minor, spent_minor, carryover_positive_minor, carryover_full_minor,
           available_positive_minor, available_full_minor
    from public.budget_rollover_monthly where category = 'Groceries' and month <= '2026-04-01' order by month$$,
  $$values ('2026-01-01'::date, 10000::bigint, 15000::bigint, 0::bigint, 0::bigint, -5000::bigint, -5000::bigint),
           ('2026-02-01', 10000, 2000, 0, -5000, 8000, 3000),
           ('2026-03-01', 0, 1000, 8000, 3000, 7000, 2000),
           ('2026-04-01', 0, 0, 7000, 2000, 7000, 2000)$$,
  'budget_rollover_monthly should carry leftovers under positive and overspending under full, through a month without a budget row.');

-- January 2028 still reaches January 2026 (24 months back); February 2028 starts the chain in February 2026
-- (100.00 − 20.00 − 10.00 = 70.00 under both policies); March 2028 has no budget row within reach.
select results_eq(
  $$select month, carryover_positive_minor, carryover_full_minor
    from public.budget_rollover_monthly where category = 'Groceries' and month >= '2027-12-01' order by month$$,
  $$values ('2027-12-01'::date, 7000::bigint, 2000::bigint), ('2028-01-01', 7000, 2000), ('2028-02-01', 7000, 7000)$$,
  'budget_rollover_monthly should start each chain at most 24 months before the month.');

select is(
  (select count(*) from public.budget_rollover_monthly where category = 'Old'),
  25::bigint,
  'A budget row should carry for the 24 months after it and no longer.');

select results_eq(
  $$select budgeted_minor, spent_minor, carryover_positive_minor, carryover_full_minor, available_full_minor
    from public.budget_rollover_monthly where category is null$$,
  $$values (0::bigint, 500::bigint, 0::bigint, 0::bigint, -500::bigint)$$,
  'Uncategorized spending should appear with no carryover.');

select is_empty(
  $$select 1 from public.budget_rollover_monthly where category in ('Salary', 'Food') or spent_minor = 9900$$,
  'Income, transfers and other users'' rows should not appear in erin''s rollover view.');

select results_eq(
  $$select month, category, amount_minor from public.me_budget_months('EUR', '2026-01-15', '2026-03-01')$$,
  $$values ('2026-01-01'::date, 'Groceries'::text, 10000::bigint), ('2026-02-01', 'Groceries', 10000)$$,
  'me_budget_months should return the caller''s budget rows of the months the dates fall in.');

select results_eq(
  $$select month, category, amount_minor, transaction_count
    from public.me_monthly_spending('EUR', '2026-01-01', '2026-03-31')$$,
  $$values ('2026-01-01'::date, 'Groceries'::text, -15000::bigint, 1::bigint),
           ('2026-02-01', 'Groceries', -2000, 1),
           ('2026-03-01', 'Groceries', -1000, 1),
           ('2026-03-01', null, -500, 1)$$,
  'me_monthly_spending should return the caller''s expense totals per month and category, uncategorized last.');

select is_empty($$select * from public.me_monthly_spending('USD', '2000-01-01', '2100-01-01')$$,
  'me_monthly_spending should return nothing in a currency the caller has no spending in.');
reset role;

select set_config('request.jwt.claims', '{"sub":"f4a00000-0000-4000-8000-000000000006","role":"authenticated"}', true);
set local role authenticated;
select results_eq(
  $$select month, category, carryover_full_minor from public.budget_rollover_monthly
    where month <= '2026-02-01' order by month$$,
  $$values ('2026-01-01'::date, 'Food'::text, 0::bigint), ('2026-02-01', 'Food', 999)$$,
  'frank should see only his own rollover rows.');
select is_empty($$select * from public.me_budget_months('EUR', '2000-01-01', '2100-01-01')$$,
  'frank should not get erin''s budget rows.');
reset role;

select set_config('request.jwt.claims', '{"sub":"5e1f0000-0000-4000-8000-0000000000ff","role":"authenticated"}', true);
set local role authenticated;
select is_empty($$select * from public.budget_rollover_monthly where user_id in
  ('e1e00000-0000-4000-8000-000000000005', 'f4a00000-0000-4000-8000-000000000006')$$,
  'A stranger should see no one''s rollover rows.');
reset role;

select set_config('request.jwt.claims', '{"role":"anon"}', true);
set local role anon;
select throws_ok($$select * from public.budget_rollover_monthly$$, '42501', null,
  'anon should not be able to read budget_rollover_monthly.');
select throws_ok($$select * from public.me_monthly_spending('EUR', '2026-01-01', '2026-12-31')$$, '42501', null,
  'anon should not be able to call me_monthly_spending.');
reset role;

select * from finish();
rollback;
