-- The dashboard views on a small statement whose numbers are worked out by hand: kinds resolved by sign,
-- transfers left out, refunds reduce spending, reversals reduce income, budget statuses, goal cut-off at today.
begin;
select plan(9);

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

-- income 300000 - 5000 + 700 = 295700; expenses -(-120000 - 4000 - 6000 + 1500 - 2000 + 0) = 130500;
-- net 165200; 9 transactions besides the one transfer.
select results_eq(
  $$select month, income_minor, expenses_minor, net_minor, transaction_count, transfer_count
    from public.monthly_cashflow$$,
  $$values ('2026-03-01'::date, 295700::bigint, 130500::bigint, 165200::bigint, 9::bigint, 1::bigint)$$,
  'monthly_cashflow should count reversals against income, refunds against expenses, and leave transfers out.');

select results_eq(
  $$select category, spent_minor, transaction_count from public.monthly_category_spending
    order by category nulls last$$,
  $$values ('Groceries'::text, 8500::bigint, 3::bigint), ('Misc', 0, 1), ('Rent', 120000, 1), (null, 2000, 1)$$,
  'monthly_category_spending should net refunds per category and keep uncategorized spending apart.');

select results_eq(
  $$select category, budgeted_minor, spent_minor, remaining_minor, percent_used, status
    from public.budget_vs_actual order by category nulls last$$,
  $$values ('Dining'::text, 5000::bigint, 0::bigint, 5000::bigint, 0.00::numeric, 'under'::text),
           ('Groceries', 9000, 8500, 500, 94.44, 'near'),
           ('Misc', 0, 0, 0, null, 'unbudgeted'),
           ('Rent', 100000, 120000, -20000, 120.00, 'over'),
           (null, 0, 2000, -2000, null, 'unbudgeted')$$,
  'budget_vs_actual should mark near, over, under and unbudgeted categories as the API does.');

-- saved 3000 + 4000 - 500 = 6500 (the 2099 contribution is after today); 65.00 % of 10000.
select results_eq(
  $$select saved_minor, remaining_minor, percent_complete, contribution_count, first_contribution_date,
           last_contribution_date
    from public.goal_progress$$,
  $$values (6500::bigint, 3500::bigint, 65.00::numeric, 3::bigint, '2026-01-10'::date, '2026-03-10'::date)$$,
  'goal_progress should sum the contributions dated up to today only.');
select is((select as_of from public.goal_progress), (now() at time zone 'America/Los_Angeles')::date,
  'goal_progress should use today in the owner''s time zone.');

reset role;

-- The percentage rule: half to even at 2 decimals, exactly.
select is(private.percent(1, 800), 0.12, 'A percentage of exactly 0.125 should round to the even 0.12.');
select is(private.percent(3, 800), 0.38, 'A percentage of exactly 0.375 should round to the even 0.38.');
select is(private.percent(-1, 800), -0.12, 'A negative tie should round to the even value too.');
select is(private.percent(2, 3), 66.67, 'Two thirds should be 66.67 percent.');

select * from finish();
rollback;
