-- Recurring streams data (issue 16): the generated key column, and the read functions me_recurring_occurrences and
-- me_recurring_members on rows worked out by hand, read as two users, a stranger and anon.
begin;
select plan(12);

-- Fixture: gina (EUR) and hugo (EUR too, so only row-level security separates them).
insert into auth.users (id, email) values
  ('91a00000-0000-4000-8000-000000000007', 'gina@example.com'),
  ('4e900000-0000-4000-8000-000000000008', 'hugo@example.com');
insert into public.statement_imports (id, user_id, account_name, file_name, format, status, currency,
  transaction_count, imported_at)
values
  ('99991000-0000-4000-8000-000000000001', '91a00000-0000-4000-8000-000000000007', 'Main', 'main.csv', 'csv',
   'completed', 'EUR', 8, '2026-04-01 06:00:00+00'),
  ('99992000-0000-4000-8000-000000000001', '91a00000-0000-4000-8000-000000000007', 'Card', 'usd.csv', 'csv',
   'completed', 'USD', 1, '2026-04-01 06:00:00+00'),
  ('44441000-0000-4000-8000-000000000001', '4e900000-0000-4000-8000-000000000008', 'Main', 'main.csv', 'csv',
   'completed', 'EUR', 1, '2026-04-01 06:00:00+00');
insert into public.statement_transactions (id, user_id, statement_import_id, date, amount_minor, currency,
  counterparty, description, category, kind)
values
  ('a0000000-0000-4000-8000-000000000001', '91a00000-0000-4000-8000-000000000007',
   '99991000-0000-4000-8000-000000000001', '2026-01-05', -1599, 'EUR', null, 'NETFLIX.COM 4412', 'Subs', null),
  ('a0000000-0000-4000-8000-000000000002', '91a00000-0000-4000-8000-000000000007',
   '99991000-0000-4000-8000-000000000001', '2026-02-05', -1000, 'EUR', '', 'Netflix.com', 'Subs', 'expense'),
  -- Same day, same key: one occurrence of −15.99.
  ('a0000000-0000-4000-8000-000000000003', '91a00000-0000-4000-8000-000000000007',
   '99991000-0000-4000-8000-000000000001', '2026-02-05', -599, 'EUR', null, 'NETFLIX COM', null, null),
  ('a0000000-0000-4000-8000-000000000004', '91a00000-0000-4000-8000-000000000007',
   '99991000-0000-4000-8000-000000000001', '2026-03-05', -1599, 'EUR', 'ＮＥＴＦＬＩＸ．ＣＯＭ', 'card', 'Subs', null),
  -- A refund under the same key is an inflow; a transfer and a zero amount are never candidates.
  ('a0000000-0000-4000-8000-000000000005', '91a00000-0000-4000-8000-000000000007',
   '99991000-0000-4000-8000-000000000001', '2026-03-06', 1599, 'EUR', null, 'Netflix.com', 'Subs', 'expense'),
  ('a0000000-0000-4000-8000-000000000006', '91a00000-0000-4000-8000-000000000007',
   '99991000-0000-4000-8000-000000000001', '2026-03-07', -5000, 'EUR', null, 'Netflix.com', null, 'transfer'),
  ('a0000000-0000-4000-8000-000000000007', '91a00000-0000-4000-8000-000000000007',
   '99991000-0000-4000-8000-000000000001', '2026-03-08', 0, 'EUR', null, 'Netflix.com', null, null),
  -- No letters: the empty key (kept for the forecast's trailing net).
  ('a0000000-0000-4000-8000-000000000008', '91a00000-0000-4000-8000-000000000007',
   '99991000-0000-4000-8000-000000000001', '2026-03-09', -700, 'EUR', '1234', 'Coffee', null, null),
  ('a0000000-0000-4000-8000-000000000009', '91a00000-0000-4000-8000-000000000007',
   '99992000-0000-4000-8000-000000000001', '2026-03-05', -999, 'USD', null, 'Netflix.com', null, null),
  ('b0000000-0000-4000-8000-000000000001', '4e900000-0000-4000-8000-000000000008',
   '44441000-0000-4000-8000-000000000001', '2026-03-05', -1599, 'EUR', null, 'Netflix.com', null, null);

select results_eq(
  $$select recurring_key from public.statement_transactions
    where user_id = '91a00000-0000-4000-8000-000000000007' order by id$$,
  $$values ('netflix com'::text), ('netflix com'), ('netflix com'), ('netflix com'), ('netflix com'),
           ('netflix com'), ('netflix com'), (''), ('netflix com')$$,
  'The stored key should come from the counterparty when non-empty, else the description, normalized.');

select set_config('request.jwt.claims', '{"sub":"91a00000-0000-4000-8000-000000000007","role":"authenticated"}', true);
set local role authenticated;

select results_eq(
  $$select key, direction, date, amount_minor, transaction_count
    from public.me_recurring_occurrences('EUR', '2026-01-01', '2026-03-31')$$,
  $$values (''::text, 'outflow'::text, '2026-03-09'::date, -700::bigint, 1::bigint),
           ('netflix com', 'inflow', '2026-03-06', 1599, 1),
           ('netflix com', 'outflow', '2026-01-05', -1599, 1),
           ('netflix com', 'outflow', '2026-02-05', -1599, 2),
           ('netflix com', 'outflow', '2026-03-05', -1599, 1)$$,
  'me_recurring_occurrences should sum the caller''s candidates per key, direction and date, leaving out transfers and zero amounts.');

select results_eq(
  $$select date from public.me_recurring_occurrences('EUR', '2026-02-05', '2026-03-05') where key <> ''$$,
  $$values ('2026-02-05'::date), ('2026-03-05')$$,
  'me_recurring_occurrences should include both ends of the date range and nothing outside it.');

select results_eq(
  $$select amount_minor from public.me_recurring_occurrences('USD', '2026-01-01', '2026-12-31')$$,
  $$values (-999::bigint)$$,
  'me_recurring_occurrences should read one currency only.');

select results_eq(
  $$select id, category, name from public.me_recurring_members('EUR', '2026-01-01', '2026-03-31',
      '[{"key": "netflix com", "direction": "outflow"}]')$$,
  $$values ('a0000000-0000-4000-8000-000000000001'::uuid, 'Subs'::text, 'NETFLIX.COM 4412'::text),
           ('a0000000-0000-4000-8000-000000000002', 'Subs', 'Netflix.com'),
           ('a0000000-0000-4000-8000-000000000003', null, 'NETFLIX COM'),
           ('a0000000-0000-4000-8000-000000000004', 'Subs', 'ＮＥＴＦＬＩＸ．ＣＯＭ')$$,
  'me_recurring_members should return the group''s transactions by date, then id, named by counterparty or description.');

select is_empty(
  $$select * from public.me_recurring_members('EUR', '2026-01-01', '2026-03-31', '[]')$$,
  'me_recurring_members should return nothing for no groups.');

select throws_ok($$select private.recurring_key('x')$$, '42501', null,
  'authenticated should not be able to call private.recurring_key.');
reset role;

select set_config('request.jwt.claims', '{"sub":"4e900000-0000-4000-8000-000000000008","role":"authenticated"}', true);
set local role authenticated;
select results_eq(
  $$select key, date, amount_minor from public.me_recurring_occurrences('EUR', '2000-01-01', '2100-01-01')$$,
  $$values ('netflix com'::text, '2026-03-05'::date, -1599::bigint)$$,
  'hugo should see only his own occurrence, never gina''s.');
select is_empty(
  $$select * from public.me_recurring_members('EUR', '2000-01-01', '2100-01-01',
      '[{"key": "netflix com", "direction": "inflow"}]')$$,
  'hugo should not get gina''s transactions by naming her group.');
reset role;

select set_config('request.jwt.claims', '{"sub":"5e1f0000-0000-4000-8000-0000000000ff","role":"authenticated"}', true);
set local role authenticated;
select is_empty($$select * from public.me_recurring_occurrences('EUR', '2000-01-01', '2100-01-01')$$,
  'A stranger should see no one''s occurrences.');
reset role;

select set_config('request.jwt.claims', '{"role":"anon"}', true);
set local role anon;
select throws_ok($$select * from public.me_recurring_occurrences('EUR', '2026-01-01', '2026-12-31')$$, '42501', null,
  'anon should not be able to call me_recurring_occurrences.');
select throws_ok($$select * from public.me_recurring_members('EUR', '2026-01-01', '2026-12-31', '[]')$$, '42501',
  null, 'anon should not be able to call me_recurring_members.');
reset role;

select * from finish();
rollback;
