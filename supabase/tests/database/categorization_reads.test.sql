-- Categorization reads (issue 25): me_categorization_suggestion_inputs and the categorization_coverage view on rows
-- worked out by hand, read as the owner, another user and anon.
begin;
select plan(7);

insert into auth.users (id, email) values
  ('c3a00000-0000-4000-8000-000000000003', 'ines.reads@example.com'),
  ('c4b00000-0000-4000-8000-000000000004', 'jon.reads@example.com');
insert into public.statement_imports (id, user_id, account_name, file_name, format, status, currency,
  transaction_count, imported_at)
values ('e3000000-0000-4000-8000-000000000001', 'c3a00000-0000-4000-8000-000000000003', 'Main', 'main.csv', 'csv',
        'completed', 'EUR', 15, '2026-04-01 06:00:00+00'),
       ('e4000000-0000-4000-8000-000000000001', 'c4b00000-0000-4000-8000-000000000004', 'Main', 'main.csv', 'csv',
        'completed', 'EUR', 1, '2026-04-01 06:00:00+00');
insert into public.statement_transactions (id, user_id, statement_import_id, date, amount_minor, currency,
  description, counterparty, category, kind, category_source, category_rule_id, kind_source, kind_rule_id)
values
  -- Uncategorized in March 2026: two outflow candidates of "rewe sagt danke", one inflow candidate of "acme gmbh".
  ('f3000000-0000-4000-8000-000000000001', 'c3a00000-0000-4000-8000-000000000003',
   'e3000000-0000-4000-8000-000000000001', '2026-03-02', -4599, 'EUR', 'REWE SAGT DANKE 123', null, null, null,
   null, null, 'default', null),
  ('f3000000-0000-4000-8000-000000000002', 'c3a00000-0000-4000-8000-000000000003',
   'e3000000-0000-4000-8000-000000000001', '2026-03-09', -2199, 'EUR', 'REWE SAGT DANKE 456', null, null, null,
   null, null, 'default', null),
  ('f3000000-0000-4000-8000-000000000006', 'c3a00000-0000-4000-8000-000000000003',
   'e3000000-0000-4000-8000-000000000001', '2026-03-05', 250000, 'EUR', 'SALARY', 'ACME GmbH', null, null,
   null, null, 'default', null),
  -- Not candidates: a transfer, a zero amount, an empty key, a date after p_to.
  ('f3000000-0000-4000-8000-000000000008', 'c3a00000-0000-4000-8000-000000000003',
   'e3000000-0000-4000-8000-000000000001', '2026-03-10', -9000, 'EUR', 'REWE SAGT DANKE', null, null, 'transfer',
   null, null, 'file', null),
  ('f3000000-0000-4000-8000-000000000009', 'c3a00000-0000-4000-8000-000000000003',
   'e3000000-0000-4000-8000-000000000001', '2026-03-11', 0, 'EUR', 'REWE SAGT DANKE', null, null, null,
   null, null, 'default', null),
  ('f3000000-0000-4000-8000-000000000010', 'c3a00000-0000-4000-8000-000000000003',
   'e3000000-0000-4000-8000-000000000001', '2026-03-12', -100, 'EUR', '1234', null, null, null,
   null, null, 'default', null),
  ('f3000000-0000-4000-8000-000000000011', 'c3a00000-0000-4000-8000-000000000003',
   'e3000000-0000-4000-8000-000000000001', '2026-04-01', -100, 'EUR', 'REWE SAGT DANKE', null, null, null,
   null, null, 'default', null),
  -- History of "rewe sagt danke" outflows, latest first: f3..03 (rule), f3..04 (key from the counterparty), f3..05,
  -- then f3..14 and f3..13 (same date: id descending); f3..15 is the sixth; f3..07 is before p_to - 25 months.
  ('f3000000-0000-4000-8000-000000000003', 'c3a00000-0000-4000-8000-000000000003',
   'e3000000-0000-4000-8000-000000000001', '2026-02-02', -3000, 'EUR', 'REWE SAGT DANKE', null, 'Groceries', null,
   'rule', 'd3000000-0000-5000-8000-000000000001', 'default', null),
  ('f3000000-0000-4000-8000-000000000004', 'c3a00000-0000-4000-8000-000000000003',
   'e3000000-0000-4000-8000-000000000001', '2026-01-05', -1000, 'EUR', 'REWE', 'Rewe Sagt Danke', 'Groceries', null,
   'file', null, 'default', null),
  ('f3000000-0000-4000-8000-000000000005', 'c3a00000-0000-4000-8000-000000000003',
   'e3000000-0000-4000-8000-000000000001', '2025-12-01', -500, 'EUR', 'REWE SAGT DANKE', null, 'Food', null,
   'file', null, 'default', null),
  ('f3000000-0000-4000-8000-000000000013', 'c3a00000-0000-4000-8000-000000000003',
   'e3000000-0000-4000-8000-000000000001', '2025-11-01', -700, 'EUR', 'REWE SAGT DANKE', null, 'Groceries', null,
   'file', null, 'default', null),
  ('f3000000-0000-4000-8000-000000000014', 'c3a00000-0000-4000-8000-000000000003',
   'e3000000-0000-4000-8000-000000000001', '2025-11-01', -800, 'EUR', 'REWE SAGT DANKE', null, 'Groceries', null,
   'file', null, 'default', null),
  ('f3000000-0000-4000-8000-000000000015', 'c3a00000-0000-4000-8000-000000000003',
   'e3000000-0000-4000-8000-000000000001', '2025-10-01', -900, 'EUR', 'REWE SAGT DANKE', null, 'Groceries', null,
   'file', null, 'default', null),
  ('f3000000-0000-4000-8000-000000000007', 'c3a00000-0000-4000-8000-000000000003',
   'e3000000-0000-4000-8000-000000000001', '2024-01-10', -800, 'EUR', 'REWE SAGT DANKE', null, 'Old', null,
   'file', null, 'default', null),
  -- A categorized inflow under the same key: the other direction, not history of the outflows.
  ('f3000000-0000-4000-8000-000000000012', 'c3a00000-0000-4000-8000-000000000003',
   'e3000000-0000-4000-8000-000000000001', '2026-03-15', 1500, 'EUR', 'REWE SAGT DANKE', null, 'Refunds', 'expense',
   'file', null, 'file', null),
  ('f4000000-0000-4000-8000-000000000001', 'c4b00000-0000-4000-8000-000000000004',
   'e4000000-0000-4000-8000-000000000001', '2026-03-03', -100, 'EUR', 'REWE SAGT DANKE', null, null, null,
   null, null, 'default', null);

select set_config('request.jwt.claims', '{"sub":"c3a00000-0000-4000-8000-000000000003","role":"authenticated"}', true);
set local role authenticated;
select results_eq(
  $$select key, direction, txn_count from public.me_categorization_suggestion_inputs('2026-03-01', '2026-03-31')
    where kind = 'candidate' order by key, direction$$,
  $$values ('acme gmbh'::text, 'inflow'::text, 1::bigint), ('rewe sagt danke', 'outflow', 2)$$,
  'The candidates should count the uncategorized income and expense rows with a key and an amount, per key and direction.');
select is_empty(
  $$select 1 from public.me_categorization_suggestion_inputs('2026-03-01', '2026-03-31')
    where kind = 'candidate' and (category is not null or date is not null or id is not null or rn is not null)$$,
  'Candidate rows should carry no category, date, id or rank.');
select results_eq(
  $$select key, direction, category, date, id::text, rn from public.me_categorization_suggestion_inputs('2026-03-01', '2026-03-31')
    where kind = 'history' order by key, direction, rn$$,
  $$values ('rewe sagt danke'::text, 'outflow'::text, 'Groceries'::text, '2026-02-02'::date,
            'f3000000-0000-4000-8000-000000000003'::text, 1),
           ('rewe sagt danke', 'outflow', 'Groceries', '2026-01-05', 'f3000000-0000-4000-8000-000000000004', 2),
           ('rewe sagt danke', 'outflow', 'Food', '2025-12-01', 'f3000000-0000-4000-8000-000000000005', 3),
           ('rewe sagt danke', 'outflow', 'Groceries', '2025-11-01', 'f3000000-0000-4000-8000-000000000014', 4),
           ('rewe sagt danke', 'outflow', 'Groceries', '2025-11-01', 'f3000000-0000-4000-8000-000000000013', 5)$$,
  'The history should be the latest 5 categorized rows of each candidate key and direction, date then id descending.');
select results_eq(
  $$select count(*) from public.me_categorization_suggestion_inputs('2026-03-01', '2026-03-01') where kind = 'history'$$,
  $$values (0::bigint)$$,
  'Without candidates in the range there should be no history.');
reset role;

-- Coverage: March 2026 holds 7 rows of Ines (6 uncategorized, one from the file), February one categorized by a rule.
select set_config('request.jwt.claims', '{"sub":"c3a00000-0000-4000-8000-000000000003","role":"authenticated"}', true);
set local role authenticated;
select results_eq(
  $$select month, transaction_count, from_file_count, from_file_minor, by_rule_count, by_rule_minor,
           uncategorized_count, uncategorized_minor
    from public.categorization_coverage where month in ('2026-02-01', '2026-03-01') order by month$$,
  $$values ('2026-02-01'::date, 1::bigint, 0::bigint, 0::bigint, 1::bigint, -3000::bigint, 0::bigint, 0::bigint),
           ('2026-03-01', 7, 1, 1500, 0, 0, 6, 234102)$$,
  'categorization_coverage should count and sum the rows categorized from the file, by a rule, and uncategorized.');
reset role;

select set_config('request.jwt.claims', '{"sub":"c4b00000-0000-4000-8000-000000000004","role":"authenticated"}', true);
set local role authenticated;
select results_eq(
  $$select user_id::text, uncategorized_count from public.categorization_coverage$$,
  $$values ('c4b00000-0000-4000-8000-000000000004'::text, 1::bigint)$$,
  'Another user should see only their own coverage.');
reset role;

select set_config('request.jwt.claims', '{"role":"anon"}', true);
set local role anon;
select throws_ok($$select * from public.me_categorization_suggestion_inputs('2026-03-01', '2026-03-31')$$, '42501',
  null, 'anon should not be able to call me_categorization_suggestion_inputs.');
reset role;

select * from finish();
rollback;
