-- The index behind the foreign key from statement_transactions to statement_imports (and the statement_import_id
-- filter) is keyed by exactly the foreign key's columns. The index it replaces,
-- (user_id, statement_import_id, currency, date desc, id desc), could not give the filter's date order anyway: the
-- unconstrained currency sits between the filter and the date, so the listing sorts an import's rows either way. And
-- its text currency in front of date and id sent every comparison during a write down PostgreSQL's slow attribute
-- path. Keyed by the three columns, one import's rows share one key, which B-tree deduplication stores once: 7 MB
-- for a 1,000,000-line import instead of 132 MB. The plain 1,000,000-row INSERT took about 6 % less backend CPU in
-- isolated pairs; a whole import's difference stayed inside this machine's noise (BENCHMARKS.md, issue 17).
drop index public.statement_transactions_user_id_import_date_id_idx;
create index statement_transactions_user_id_import_currency_idx
  on public.statement_transactions (user_id, statement_import_id, currency);
