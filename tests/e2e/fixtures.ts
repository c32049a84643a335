/**
 * A small, fully known data set for the end-to-end tests, inserted as the database owner (the API itself never
 * writes). Three users: A and B for isolation and the hand-worked reports, C for pagination walks.
 */
export const USER_A = "a0000000-0000-4000-8000-00000000000a";
export const USER_B = "b0000000-0000-4000-8000-00000000000b";
export const USER_C = "c0000000-0000-4000-8000-00000000000c";
/** A valid UUID with no data at all. */
export const USER_NOBODY = "d0000000-0000-4000-8000-00000000000d";

export const IMPORT_A1 = "1a000000-0000-4000-8000-000000000001";
export const IMPORT_A2 = "1a000000-0000-4000-8000-000000000002";
export const IMPORT_A3 = "1a000000-0000-4000-8000-000000000003";
export const IMPORT_B1 = "1b000000-0000-4000-8000-000000000001";

/** Transaction ids of user A: `tx(1)` … `tx(10)`. */
export const txA = (n: number) => `2a000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
export const TX_B1 = "2b000000-0000-4000-8000-000000000001";
export const TX_B2 = "2b000000-0000-4000-8000-000000000002";

/** User R: recurring streams and a forecast (issue 16). Transaction ids `txR(1)` … `txR(9)`. */
export const USER_R = "e0000000-0000-4000-8000-00000000000e";
export const IMPORT_R1 = "1e000000-0000-4000-8000-000000000001";
export const IMPORT_R2 = "1e000000-0000-4000-8000-000000000002";
export const txR = (n: number) => `2e000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function recurringSql(): string {
  const rows = [
    // A weekly gym fee (counterparty), a monthly rent (description: the digits drop out of the key), a transfer to
    // the gym (never a candidate) and a USD subscription (another currency: left out).
    [1, IMPORT_R1, "2026-03-02", -799, "EUR", "card 1", "FitX", "Sport", null],
    [2, IMPORT_R1, "2026-03-09", -799, "EUR", "card 2", "FitX", "Sport", null],
    [3, IMPORT_R1, "2026-03-16", -799, "EUR", "card 3", "FitX", null, null],
    [4, IMPORT_R1, "2026-01-01", -90000, "EUR", "MIETE 01/26", null, "Rent", null],
    [5, IMPORT_R1, "2026-02-01", -90000, "EUR", "MIETE 02/26", null, "Rent", null],
    [6, IMPORT_R1, "2026-03-01", -90000, "EUR", "MIETE 03/26", null, "Rent", null],
    [
      7,
      IMPORT_R1,
      "2026-03-17",
      -799,
      "EUR",
      "card 4",
      "FitX",
      "Sport",
      "transfer",
    ],
    [8, IMPORT_R2, "2026-02-05", -1599, "USD", "NETFLIX", null, null, null],
    [9, IMPORT_R2, "2026-03-05", -1599, "USD", "NETFLIX", null, null, null],
  ] as const;
  const value = (
    v: string | number | null,
  ) => (v === null ? "null" : typeof v === "number" ? String(v) : `'${v}'`);
  return `
insert into auth.users (id, aud, role, email) values ('${USER_R}', 'authenticated', 'authenticated', 'r@e2e.test');
insert into public.profiles (user_id, default_currency, timezone) values ('${USER_R}', 'EUR', 'UTC');
insert into public.statement_imports (id, user_id, account_name, file_name, format, status, statement_start,
  statement_end, currency, opening_balance_minor, closing_balance_minor, transaction_count, duplicate_count,
  error_count, imported_at) values
  ('${IMPORT_R1}', '${USER_R}', 'Main', 'r.csv', 'csv', 'completed', '2026-01-01', '2026-03-20', 'EUR',
    100000, null, 7, 0, 0, '2026-03-21 08:00:00+00'),
  ('${IMPORT_R2}', '${USER_R}', 'Card', 'r-usd.csv', 'csv', 'completed', null, null, 'USD',
    null, null, 2, 0, 0, '2026-03-21 08:00:00+00');
insert into public.statement_transactions (id, user_id, statement_import_id, date, amount_minor, currency,
  description, counterparty, category, kind) values
${
    rows.map((
      [
        n,
        imp,
        date,
        amount,
        currency,
        description,
        counterparty,
        category,
        kind,
      ],
    ) =>
      `  ('${txR(n)}', '${USER_R}', '${imp}', '${date}', ${amount}, '${currency}', ${value(description)}, ` +
      `${value(counterparty)}, ${value(category)}, ${value(kind)})`
    ).join(",\n")
  };`;
}

export const PAGER_IMPORTS = 12;
export const PAGER_TRANSACTIONS = 230;
export const importC = (n: number) => `1c000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
export const txC = (n: number) => `3c000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

function pagerSql(): string {
  const imports: string[] = [];
  for (let i = 1; i <= PAGER_IMPORTS; i++) {
    const day = String(Math.ceil(i / 2)).padStart(2, "0"); // two imports share each timestamp
    imports.push(
      `('${
        importC(i)
      }', '${USER_C}', 'Checking', 'c-${i}.csv', 'csv', 'completed', 'EUR', '2026-01-${day} 08:00:00+00')`,
    );
  }
  const transactions: string[] = [];
  for (let n = 1; n <= PAGER_TRANSACTIONS; n++) {
    transactions.push(
      `('${txC(n)}', '${USER_C}', '${importC(1)}', date '2026-01-01' + ${Math.floor(n / 3)}, -${n}, 'EUR', 'Misc')`,
    );
  }
  return `
insert into public.statement_imports (id, user_id, account_name, file_name, format, status, currency, imported_at)
values ${imports.join(",\n")};
insert into public.statement_transactions (id, user_id, statement_import_id, date, amount_minor, currency, category)
values ${transactions.join(",\n")};`;
}

/** Expected pager lists, ordered by the API's documented rules (not by asking the code under test). */
export function pagerImportOrder(): string[] {
  const rows = Array.from({ length: PAGER_IMPORTS }, (_, k) => ({ id: importC(k + 1), day: Math.ceil((k + 1) / 2) }));
  rows.sort((a, b) => b.day - a.day || (a.id < b.id ? 1 : -1)); // newest imported_at first, then id descending
  return rows.map((r) => r.id);
}

export function pagerTransactionOrder(): string[] {
  const rows = Array.from({ length: PAGER_TRANSACTIONS }, (_, k) => ({ id: txC(k + 1), day: Math.floor((k + 1) / 3) }));
  rows.sort((a, b) => b.day - a.day || (a.id < b.id ? 1 : -1)); // date descending, then id descending
  return rows.map((r) => r.id);
}

export const FIXTURE_SQL = `
insert into auth.users (id, aud, role, email) values
  ('${USER_A}', 'authenticated', 'authenticated', 'a@e2e.test'),
  ('${USER_B}', 'authenticated', 'authenticated', 'b@e2e.test'),
  ('${USER_C}', 'authenticated', 'authenticated', 'c@e2e.test');
insert into public.profiles (user_id, default_currency, timezone) values
  ('${USER_A}', 'EUR', 'UTC'), ('${USER_B}', 'USD', 'UTC'), ('${USER_C}', 'EUR', 'UTC');

insert into public.statement_imports (id, user_id, account_name, file_name, format, status, statement_start,
  statement_end, currency, opening_balance_minor, closing_balance_minor, transaction_count, duplicate_count,
  error_count, imported_at) values
  ('${IMPORT_A1}', '${USER_A}', 'Checking', '2026-01.csv', 'csv', 'completed', '2026-01-01', '2026-02-28', 'EUR',
    100000, 250000, 8, 0, 0, '2026-03-01 10:00:00+00'),
  ('${IMPORT_A2}', '${USER_A}', 'Checking', '2026-03.csv', 'csv', 'partial', '2026-03-01', '2026-03-31', 'EUR',
    null, null, 2, 1, 1, '2026-04-01 09:30:00+00'),
  ('${IMPORT_A3}', '${USER_A}', 'Travel card', 'usd.ofx', 'ofx', 'completed', null, null, 'USD',
    null, null, 1, 0, 0, '2026-04-15 12:00:00+00'),
  ('${IMPORT_B1}', '${USER_B}', 'Main', 'b.csv', 'csv', 'completed', null, null, 'USD',
    null, null, 2, 0, 0, '2026-03-02 00:00:00+00');

insert into public.statement_transactions (id, user_id, statement_import_id, date, amount_minor, currency,
  description, counterparty, category, kind) values
  ('${txA(1)}', '${USER_A}', '${IMPORT_A1}', '2026-01-05', 300000, 'EUR', 'SALARY JAN', 'ACME', 'Salary', null),
  ('${txA(2)}', '${USER_A}', '${IMPORT_A1}', '2026-01-10', -12050, 'EUR', 'SUPERMARKET', null, 'Food', null),
  ('${txA(3)}', '${USER_A}', '${IMPORT_A1}', '2026-01-20', -4000, 'EUR', null, null, 'Transport', null),
  ('${txA(4)}', '${USER_A}', '${IMPORT_A1}', '2026-02-03', -8000, 'EUR', null, null, 'Food', null),
  ('${txA(5)}', '${USER_A}', '${IMPORT_A1}', '2026-02-14', 1500, 'EUR', 'REFUND', null, 'Food', 'expense'),
  ('${txA(6)}', '${USER_A}', '${IMPORT_A1}', '2026-02-20', -50000, 'EUR', null, null, 'Savings', 'transfer'),
  ('${txA(7)}', '${USER_A}', '${IMPORT_A2}', '2026-03-01', 300000, 'EUR', null, null, 'Salary', null),
  ('${txA(8)}', '${USER_A}', '${IMPORT_A2}', '2026-03-05', -99999, 'EUR', null, null, 'Rent', null),
  ('${txA(9)}', '${USER_A}', '${IMPORT_A1}', '2025-12-30', -1000, 'EUR', null, null, 'Food', null),
  ('${txA(10)}', '${USER_A}', '${IMPORT_A3}', '2026-01-07', -2500, 'USD', null, null, 'Food', null),
  ('${TX_B1}', '${USER_B}', '${IMPORT_B1}', '2026-01-15', -5000, 'USD', null, null, 'Food', null),
  ('${TX_B2}', '${USER_B}', '${IMPORT_B1}', '2026-02-01', 100000, 'USD', null, null, 'Salary', null);

insert into public.budgets (user_id, month, category, amount_minor, currency) values
  ('${USER_A}', '2026-02-01', 'Food', 10000, 'EUR'),
  ('${USER_A}', '2026-02-01', 'Transport', 5000, 'EUR'),
  ('${USER_A}', '2026-02-01', 'Food', 1000, 'USD'),
  ('${USER_B}', '2026-02-01', 'Food', 20000, 'USD');

insert into public.goals (id, user_id, name, currency, target_minor, target_date) values
  ('4a000000-0000-4000-8000-000000000001', '${USER_A}', 'Emergency fund', 'EUR', 100000, null),
  ('4a000000-0000-4000-8000-000000000002', '${USER_A}', 'Laptop', 'EUR', 150000, '2020-01-31'),
  ('4b000000-0000-4000-8000-000000000001', '${USER_B}', 'Vacation', 'USD', 200000, '2030-01-01');
insert into public.goal_contributions (user_id, goal_id, date, amount_minor) values
  ('${USER_A}', '4a000000-0000-4000-8000-000000000001', date_trunc('month', current_date)::date, 25000),
  ('${USER_A}', '4a000000-0000-4000-8000-000000000002', date_trunc('month', current_date)::date, 150000),
  ('${USER_B}', '4b000000-0000-4000-8000-000000000001', '2026-01-01', 50000);
${pagerSql()}
${recurringSql()}
`;
