-- Row-level security in SQL, as PostgREST would run it: a user sees only their rows, cannot write, a stranger sees
-- nothing and anon is refused. (supabase/tests/isolation.test.ts repeats this for every table, view and function.)
begin;
select plan(10);

select set_config('request.jwt.claims', '{"sub":"b0b00000-0000-4000-8000-000000000002","role":"authenticated"}', true);
set local role authenticated;
select ok((select count(*) from public.statement_transactions) > 0, 'Bob should see his own transactions.');
select is_empty($$select 1 from public.statement_transactions where user_id <> 'b0b00000-0000-4000-8000-000000000002'$$,
  'Bob should not see other users'' transactions.');
select is_empty($$select 1 from public.budget_vs_actual where user_id <> 'b0b00000-0000-4000-8000-000000000002'$$,
  'Bob should not see other users'' budgets through a view.');
select throws_ok(
  $$insert into public.budgets (user_id, month, category, amount_minor, currency)
    values ('b0b00000-0000-4000-8000-000000000002', '2030-01-01', 'Fun', 100, 'USD')$$,
  '42501', null, 'Bob should not be able to add a budget, even his own.');
select throws_ok($$update public.goals set name = 'Mine now'$$, '42501', null, 'Bob should not be able to rename goals.');
select throws_ok($$delete from public.statement_imports$$, '42501', null, 'Bob should not be able to delete imports.');
reset role;

select set_config('request.jwt.claims', '{"sub":"5e1f0000-0000-4000-8000-0000000000ff","role":"authenticated"}', true);
set local role authenticated;
select is_empty($$select * from public.monthly_cashflow$$, 'A user without data should see no cashflow.');
select is_empty($$select * from public.me_statement_imports(50, null, null)$$,
  'A user without data should get no statement imports.');
reset role;

select set_config('request.jwt.claims', '{"role":"anon"}', true);
set local role anon;
select throws_ok($$select * from public.profiles$$, '42501', null, 'anon should not be able to read profiles.');
select throws_ok($$select * from public.me_profile()$$, '42501', null, 'anon should not be able to call me_profile.');
reset role;

select * from finish();
rollback;
