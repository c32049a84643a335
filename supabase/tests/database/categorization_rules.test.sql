-- Categorization storage (issue 25): the categorization_rules table and its read function, read as two users, a
-- stranger and anon; no writes for the API roles; the category and kind sources of statement transactions.
begin;
select plan(18);

insert into auth.users (id, email) values
  ('c1a00000-0000-4000-8000-000000000001', 'gina.rules@example.com'),
  ('c2b00000-0000-4000-8000-000000000002', 'hugo.rules@example.com');
-- gina's rules are written out of order: the read function orders them by position.
insert into public.categorization_rules (user_id, id, position, name, enabled, match, conditions, "set")
values
  ('c1a00000-0000-4000-8000-000000000001', 'd0000000-0000-5000-8000-000000000002', 1, 'salary', true, 'all',
   '[{"field": "text", "op": "contains", "value": "acme"}]', '{"category": "Salary", "kind": "income"}'),
  ('c1a00000-0000-4000-8000-000000000001', 'd0000000-0000-5000-8000-000000000001', 0, 'groceries', false, 'any',
   '[{"field": "text", "op": "starts_with", "value": "rewe"}]', '{"category": "Groceries"}'),
  ('c2b00000-0000-4000-8000-000000000002', 'd0000000-0000-5000-8000-000000000003', 0, 'rent', true, 'all',
   '[{"field": "amount", "op": "lt", "value": "-500"}]', '{"category": "Rent"}');

insert into public.statement_imports (id, user_id, account_name, file_name, format, status, currency,
  transaction_count, imported_at)
values ('e1000000-0000-4000-8000-000000000001', 'c1a00000-0000-4000-8000-000000000001', 'Main', 'main.csv', 'csv',
        'completed', 'EUR', 2, '2026-04-01 06:00:00+00');
-- One row as the import pipeline writes it (sources given), one as any other loader does (sources filled in).
insert into public.statement_transactions (id, user_id, statement_import_id, date, amount_minor, currency,
  description, counterparty, category, kind, category_source, category_rule_id, kind_source, kind_rule_id)
values ('f0000000-0000-4000-8000-000000000001', 'c1a00000-0000-4000-8000-000000000001',
        'e1000000-0000-4000-8000-000000000001', '2026-03-05', 250000, 'EUR', 'SALARY', 'ACME GmbH', 'Salary',
        'income', 'rule', 'd0000000-0000-5000-8000-000000000002', 'rule', 'd0000000-0000-5000-8000-000000000002');
insert into public.statement_transactions (id, user_id, statement_import_id, date, amount_minor, currency,
  description, category, kind)
values ('f0000000-0000-4000-8000-000000000002', 'c1a00000-0000-4000-8000-000000000001',
        'e1000000-0000-4000-8000-000000000001', '2026-03-06', -4599, 'EUR', 'REWE', 'Groceries', null),
       ('f0000000-0000-4000-8000-000000000003', 'c1a00000-0000-4000-8000-000000000001',
        'e1000000-0000-4000-8000-000000000001', '2026-03-07', -100, 'EUR', 'KIOSK', null, 'transfer');

select results_eq(
  $$select id::text, category_source, category_rule_id::text, kind_source, kind_rule_id::text
    from public.statement_transactions where user_id = 'c1a00000-0000-4000-8000-000000000001' order by id$$,
  $$values ('f0000000-0000-4000-8000-000000000001', 'rule'::text, 'd0000000-0000-5000-8000-000000000002',
            'rule'::text, 'd0000000-0000-5000-8000-000000000002'),
           ('f0000000-0000-4000-8000-000000000002', 'file', null, 'default', null),
           ('f0000000-0000-4000-8000-000000000003', null, null, 'file', null)$$,
  'Sources given on insert should be kept; missing ones should be file where a value is stored, else null / default.');
select throws_ok(
  $$insert into public.statement_transactions (user_id, statement_import_id, date, amount_minor, currency,
      category, category_source, category_rule_id)
    values ('c1a00000-0000-4000-8000-000000000001', 'e1000000-0000-4000-8000-000000000001', '2026-03-08', -1, 'EUR',
            'X', 'file', 'd0000000-0000-5000-8000-000000000001')$$,
  '23514', null, 'A rule id should be refused on a category that did not come from a rule.');
select throws_ok(
  $$insert into public.statement_transactions (user_id, statement_import_id, date, amount_minor, currency,
      kind, kind_source)
    values ('c1a00000-0000-4000-8000-000000000001', 'e1000000-0000-4000-8000-000000000001', '2026-03-08', -1, 'EUR',
            'transfer', 'rule')$$,
  '23514', null, 'A kind set by a rule should need the rule''s id.');
select throws_ok(
  $q$do $d$ begin
      insert into public.categorization_rules (user_id, id, position, name, conditions, "set")
      values ('c1a00000-0000-4000-8000-000000000001', 'd0000000-0000-5000-8000-000000000009', 0, 'dup',
              '[{"field": "text", "op": "contains", "value": "x"}]', '{"category": "X"}');
      set constraints public.categorization_rules_user_id_position_key immediate;
    end $d$$q$,
  '23505', null, 'Two rules of one user should not share a position.');

select table_privs_are('public', 'categorization_rules', 'authenticated', array['SELECT'],
  'authenticated should only be able to select categorization rules.');
select table_privs_are('public', 'categorization_rules', 'anon', array[]::text[],
  'anon should have no privilege on categorization rules.');
select table_privs_are('public', 'categorization_coverage', 'anon', array[]::text[],
  'anon should have no privilege on the categorization coverage view.');

select set_config('request.jwt.claims', '{"sub":"c1a00000-0000-4000-8000-000000000001","role":"authenticated"}', true);
set local role authenticated;
select results_eq(
  $$select id::text, position, name, enabled, match, conditions, "set" from public.me_categorization_rules()$$,
  $$values ('d0000000-0000-5000-8000-000000000001', 0, 'groceries'::text, false, 'any'::text,
            '[{"field": "text", "op": "starts_with", "value": "rewe"}]'::jsonb, '{"category": "Groceries"}'::jsonb),
           ('d0000000-0000-5000-8000-000000000002', 1, 'salary', true, 'all',
            '[{"field": "text", "op": "contains", "value": "acme"}]', '{"category": "Salary", "kind": "income"}')$$,
  'me_categorization_rules should return the caller''s rules, disabled ones included, in position order.');
select is((select count(*) from public.categorization_rules), 2::bigint,
  'Gina should see her own two rules in the table and no one else''s.');
select throws_ok(
  $$insert into public.categorization_rules (user_id, id, position, name, conditions, "set")
    values ('c1a00000-0000-4000-8000-000000000001', 'd0000000-0000-5000-8000-000000000008', 5, 'mine',
            '[{"field": "text", "op": "contains", "value": "x"}]', '{"category": "X"}')$$,
  '42501', null, 'Gina should not be able to add a rule, even her own.');
select throws_ok($$update public.categorization_rules set enabled = true$$, '42501', null,
  'Gina should not be able to enable a rule.');
select throws_ok($$delete from public.categorization_rules$$, '42501', null,
  'Gina should not be able to delete her rules.');
select throws_ok($$update public.statement_transactions set category_source = 'file'$$, '42501', null,
  'Gina should not be able to change where a category came from.');
select results_eq(
  $$select category_source, category_rule_id::text, kind_source, kind_rule_id::text
    from public.me_statement_transactions(1, null, null, null, '2026-03-05', '2026-03-05', null, null)$$,
  $$values ('rule'::text, 'd0000000-0000-5000-8000-000000000002'::text, 'rule'::text,
            'd0000000-0000-5000-8000-000000000002'::text)$$,
  'me_statement_transactions should return where the category and kind came from.');
reset role;

select set_config('request.jwt.claims', '{"sub":"c2b00000-0000-4000-8000-000000000002","role":"authenticated"}', true);
set local role authenticated;
select results_eq($$select name from public.me_categorization_rules()$$, $$values ('rent'::text)$$,
  'Hugo should get his one rule and none of Gina''s.');
reset role;

select set_config('request.jwt.claims', '{"sub":"5e1f0000-0000-4000-8000-0000000000fe","role":"authenticated"}', true);
set local role authenticated;
select is_empty($$select * from public.me_categorization_rules()$$, 'A user without rules should get none.');
reset role;

select set_config('request.jwt.claims', '{"role":"anon"}', true);
set local role anon;
select throws_ok($$select * from public.categorization_rules$$, '42501', null,
  'anon should not be able to read categorization rules.');
select throws_ok($$select * from public.me_categorization_rules()$$, '42501', null,
  'anon should not be able to call me_categorization_rules.');
reset role;

select * from finish();
rollback;
