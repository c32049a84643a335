-- Account balances over repeated and overlapping exports (issue 24): the account_daily_totals rollup through an
-- import's life (processing, completed, failed, deleted), me_statement_balances summing the account's transactions
-- over each statement's span, and statement_reconciliation with derived and unknown opening balances; worked out
-- by hand, read as the owner, another user and anon.
begin;
select plan(14);

insert into auth.users (id, email) values
  ('a2a00000-0000-4000-8000-000000000021', 'ida@example.com'),
  ('a2b00000-0000-4000-8000-000000000022', 'jon@example.com');

-- ida's Giro, as the importer writes it: each import inserted as processing, its new lines, then its status.
-- Week 1 (03-02…03-05): opens 1,000.00; −12.50 on the 2nd, +2,000.00 on the 3rd, −20.00 on the 5th; closes 2,967.50.
insert into public.statement_imports (id, user_id, account_name, file_name, format, status, statement_start,
  statement_end, currency, opening_balance_minor, closing_balance_minor, imported_at)
values ('a2000000-0000-4000-8000-000000000001', 'a2a00000-0000-4000-8000-000000000021', 'Giro', 'w1.csv', 'csv',
        'processing', '2026-03-02', '2026-03-05', 'EUR', 100000, 296750, '2026-03-06 06:00:00+00');
insert into public.statement_transactions (user_id, statement_import_id, date, amount_minor, currency) values
  ('a2a00000-0000-4000-8000-000000000021', 'a2000000-0000-4000-8000-000000000001', '2026-03-02', -1250, 'EUR'),
  ('a2a00000-0000-4000-8000-000000000021', 'a2000000-0000-4000-8000-000000000001', '2026-03-03', 200000, 'EUR'),
  ('a2a00000-0000-4000-8000-000000000021', 'a2000000-0000-4000-8000-000000000001', '2026-03-05', -2000, 'EUR');

select is((select count(*) from public.account_daily_totals where user_id = 'a2a00000-0000-4000-8000-000000000021'), 0::bigint,
  'A processing import''s lines should not be in account_daily_totals yet.');

update public.statement_imports set status = 'completed' where id = 'a2000000-0000-4000-8000-000000000001';

select results_eq(
  $$select account_name, date, amount_minor::bigint, transaction_count from public.account_daily_totals
    where user_id = 'a2a00000-0000-4000-8000-000000000021' order by date$$,
  $$values ('Giro'::text, '2026-03-02'::date, -1250::bigint, 1::bigint), ('Giro', '2026-03-03', 200000, 1),
           ('Giro', '2026-03-05', -2000, 1)$$,
  'Completing the import should bring its lines into account_daily_totals, per account and day.');

-- Week 1 again (every line a duplicate: nothing stored), and week 2 (03-03…03-12, opens 987.50, the balance at the
-- start of the 3rd): the 3rd and 5th are duplicates; −30.00 on the 9th and +5.00 on the 12th are new; closes
-- 2,942.50. An OFX card download (03-01…03-31, closing −450.00 only) and a QIF wallet (no balance at all).
insert into public.statement_imports (id, user_id, account_name, file_name, format, status, statement_start,
  statement_end, currency, opening_balance_minor, closing_balance_minor, imported_at)
values
  ('a2000000-0000-4000-8000-000000000002', 'a2a00000-0000-4000-8000-000000000021', 'Giro', 'w1.csv', 'csv',
   'completed', '2026-03-02', '2026-03-05', 'EUR', 100000, 296750, '2026-03-06 07:00:00+00'),
  ('a2000000-0000-4000-8000-000000000003', 'a2a00000-0000-4000-8000-000000000021', 'Giro', 'w2.csv', 'csv',
   'processing', '2026-03-03', '2026-03-12', 'EUR', 98750, 294250, '2026-03-13 06:00:00+00'),
  ('a2000000-0000-4000-8000-000000000004', 'a2a00000-0000-4000-8000-000000000021', 'Card', 'm.ofx', 'ofx',
   'completed', '2026-03-01', '2026-03-31', 'EUR', null, -45000, '2026-04-01 06:00:00+00'),
  ('a2000000-0000-4000-8000-000000000005', 'a2a00000-0000-4000-8000-000000000021', 'Wallet', 'w.qif', 'qif',
   'completed', null, null, 'EUR', null, null, '2026-04-01 06:00:00+00'),
  ('a2000000-0000-4000-8000-000000000006', 'a2a00000-0000-4000-8000-000000000021', 'Giro', 'x.csv', 'csv',
   'processing', '2026-03-01', '2026-03-31', 'EUR', 0, 0, '2026-04-01 07:00:00+00');
insert into public.statement_transactions (user_id, statement_import_id, date, amount_minor, currency) values
  ('a2a00000-0000-4000-8000-000000000021', 'a2000000-0000-4000-8000-000000000003', '2026-03-09', -3000, 'EUR'),
  ('a2a00000-0000-4000-8000-000000000021', 'a2000000-0000-4000-8000-000000000003', '2026-03-12', 500, 'EUR'),
  ('a2a00000-0000-4000-8000-000000000021', 'a2000000-0000-4000-8000-000000000004', '2026-03-04', -12000, 'EUR'),
  ('a2a00000-0000-4000-8000-000000000021', 'a2000000-0000-4000-8000-000000000004', '2026-03-18', -3000, 'EUR'),
  ('a2a00000-0000-4000-8000-000000000021', 'a2000000-0000-4000-8000-000000000005', '2026-03-02', -500, 'EUR'),
  ('a2a00000-0000-4000-8000-000000000021', 'a2000000-0000-4000-8000-000000000005', '2026-03-10', -700, 'EUR'),
  ('a2a00000-0000-4000-8000-000000000021', 'a2000000-0000-4000-8000-000000000006', '2026-03-09', 77777, 'EUR');
update public.statement_imports set status = 'completed' where id = 'a2000000-0000-4000-8000-000000000003';
-- The sixth import fails: its line never counts.
update public.statement_imports set status = 'failed' where id = 'a2000000-0000-4000-8000-000000000006';

select results_eq(
  $$select date, amount_minor::bigint from public.account_daily_totals where user_id = 'a2a00000-0000-4000-8000-000000000021' and account_name = 'Giro'
    order by date$$,
  $$values ('2026-03-02'::date, -1250::bigint), ('2026-03-03', 200000), ('2026-03-05', -2000), ('2026-03-09', -3000),
           ('2026-03-12', 500)$$,
  'account_daily_totals should hold each stored line of the account once, and none of a failed import.');

-- Jon has an account of the same name: it stays his.
insert into public.statement_imports (id, user_id, account_name, file_name, format, status, statement_start,
  statement_end, currency, opening_balance_minor, closing_balance_minor, imported_at)
values ('a2000000-0000-4000-8000-000000000007', 'a2b00000-0000-4000-8000-000000000022', 'Giro', 'j.csv', 'csv',
        'completed', '2026-03-01', '2026-03-31', 'EUR', 0, 900, '2026-04-01 06:00:00+00');
insert into public.statement_transactions (user_id, statement_import_id, date, amount_minor, currency) values
  ('a2b00000-0000-4000-8000-000000000022', 'a2000000-0000-4000-8000-000000000007', '2026-03-04', 900, 'EUR');

select set_config('request.jwt.claims', '{"sub":"a2a00000-0000-4000-8000-000000000021","role":"authenticated"}', true);
set local role authenticated;

-- Sums from each span's start: week 1 and its repeat, −12.50 + 2,000.00 − 20.00 = 1,967.50;
-- week 2 from the 3rd: 2,000.00 − 20.00 − 30.00 + 5.00 = 1,955.00, and through the 10th 1,950.00; the card's span
-- −150.00 (−120.00 through the 10th); the wallet's derived span 03-02…03-10: −12.00 (the 10th is its end).
select results_eq(
  $$select account_name, statement_start, transaction_count, through_end_minor, through_dates_minor
    from public.me_statement_balances('EUR', array['2026-03-01', '2026-03-10']::date[])$$,
  $$values ('Card'::text, '2026-03-01'::date, 2::bigint, -15000::bigint, array[0, -12000]::bigint[]),
           ('Giro', '2026-03-02', 3, 196750, array[0, 196750]),
           ('Giro', '2026-03-02', 0, 196750, array[0, 196750]),
           ('Giro', '2026-03-03', 2, 195500, array[0, 195000]),
           ('Wallet', null, 2, -1200, array[0, -1200])$$,
  'me_statement_balances should sum the account''s transactions over each span, whichever import stored them.');

select results_eq(
  $$select account_name, position, opening_balance_minor, opening_balance_source, computed_closing_balance_minor,
           difference_minor, continuity_difference_minor
    from public.statement_reconciliation as r order by r.account_name, r.position$$,
  $$values ('Card'::text, 1::bigint, -30000::bigint, 'derived'::text, -45000::bigint, null::bigint, null::bigint),
           ('Giro', 1, 100000, 'reported', 296750, 0, null),
           ('Giro', 2, 100000, 'reported', 296750, 0, -196750),
           ('Giro', 3, 98750, 'reported', 294250, 0, -198000),
           ('Wallet', 1, null, null, null, null, null)$$,
  'statement_reconciliation should reconcile the repeated and the overlapping export, derive the card''s opening balance and leave the wallet''s unknown.');

select results_eq(
  $$select account_name, balance_minor, balance_date, reconciled from public.account_balances order by account_name$$,
  $$values ('Card'::text, -45000::bigint, '2026-03-31'::date, null::boolean), ('Giro', 294250, '2026-03-12', true),
           ('Wallet', null, null, null)$$,
  'account_balances should give the latest closing balances; a derived statement is not reconciled either way.');
select is((select count(*) from public.account_daily_totals where account_name = 'Giro'), 5::bigint,
  'ida should see only her own account daily totals.');
reset role;

-- Deleting the overlapping import takes its lines out of the account; renaming the card moves its lines.
delete from public.statement_imports where id = 'a2000000-0000-4000-8000-000000000003';
update public.statement_imports set account_name = 'Visa' where id = 'a2000000-0000-4000-8000-000000000004';
select results_eq(
  $$select account_name, date, amount_minor::bigint from public.account_daily_totals
    where user_id = 'a2a00000-0000-4000-8000-000000000021' and account_name in ('Giro', 'Card', 'Visa')
    order by account_name, date$$,
  $$values ('Giro'::text, '2026-03-02'::date, -1250::bigint), ('Giro', '2026-03-03', 200000), ('Giro', '2026-03-05', -2000),
           ('Visa', '2026-03-04', -12000), ('Visa', '2026-03-18', -3000)$$,
  'account_daily_totals should follow a deleted import and an account renamed.');
-- A completed import that fails later leaves the account; back to completed, it returns.
update public.statement_imports set status = 'failed' where id = 'a2000000-0000-4000-8000-000000000001';
select is((select count(*) from public.account_daily_totals where user_id = 'a2a00000-0000-4000-8000-000000000021' and account_name = 'Giro'), 0::bigint,
  'An import that turns failed should take its lines out of account_daily_totals.');
update public.statement_imports set status = 'partial' where id = 'a2000000-0000-4000-8000-000000000001';
select is((select sum(amount_minor)::bigint from public.account_daily_totals where user_id = 'a2a00000-0000-4000-8000-000000000021' and account_name = 'Giro'),
  196750::bigint, 'An import that counts again should bring its lines back.');

select set_config('request.jwt.claims', '{"sub":"a2b00000-0000-4000-8000-000000000022","role":"authenticated"}', true);
set local role authenticated;
select results_eq(
  $$select account_name, through_end_minor from public.me_statement_balances(null, array[]::date[])$$,
  $$values ('Giro'::text, 900::bigint)$$,
  'jon''s Giro should sum only his own transactions.');
reset role;

select set_config('request.jwt.claims', '{"role":"anon"}', true);
set local role anon;
select throws_ok($$select * from public.account_daily_totals$$, '42501', null,
  'anon should not be able to read account_daily_totals.');
reset role;

select set_config('request.jwt.claims', '{"sub":"a2a00000-0000-4000-8000-000000000021","role":"authenticated"}', true);
set local role authenticated;
select throws_ok($$insert into public.account_daily_totals (user_id, account_name, currency, date, amount_minor,
    transaction_count) values ('a2a00000-0000-4000-8000-000000000021', 'Giro', 'EUR', '2026-01-01', 1, 1)$$,
  '42501', null, 'A signed-in user should not be able to write account_daily_totals.');
select throws_ok($$select private.account_daily_totals_truncate()$$, '42501', null,
  'A signed-in user should not be able to call an account rollup trigger function.');
reset role;

select * from finish();
rollback;
