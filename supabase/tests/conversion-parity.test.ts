/**
 * Currency conversion parity (API.md §11; issue 26), on the database (TEST_DATABASE_URL, else PGlite):
 *
 * 1. The SQL read path: me_ledger_daily_totals (the daily rollup), me_exchange_rates and me_ledger_conversion return
 *    exactly what the AccountData contract says (packages/core/src/testing/in-memory-account-data.ts) on the raw rows.
 * 2. The GET twins with convert=true over the SQL driver equal the same operations over the contract: SQL and core
 *    agree, on data in three currencies with weekend dates and a stretch without rates.
 * 3. POST on the user's listed data (every transaction and statement) and every stored rate equals the GET twin
 *    (cashflow, spending, budget with rollover, net worth), as a property over random data (fast-check).
 */
import fc from "fast-check";
import process from "node:process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOperations } from "../../packages/core/src/operations/index.ts";
import { formatMinor } from "../../packages/core/src/money/format-minor.ts";
import { currencyScale } from "../../packages/core/src/money/currencies.ts";
import type { AccountContext } from "../../packages/core/src/contracts/operation.ts";
import type { StatementImportRow } from "../../packages/core/src/contracts/account-data.ts";
import { InMemoryAccountData, type StoredTransaction } from "../../packages/core/src/testing/in-memory-account-data.ts";
import { get, post } from "../../packages/core/src/testing/run.ts";
import { loadRatesFile } from "../../packages/importer/src/mod.ts";
import type { SqlClient } from "../../scripts/db/sql-client.ts";
import type { TestDatabase } from "../../scripts/db/test-database.ts";
import { createAccountData } from "../functions/v1/data/account-data.ts";
import { readFunctionSql } from "../functions/v1/data/direct/read-function-sql.ts";
import type { Row } from "../functions/v1/data/values.ts";
import { migratedDatabase, rolledBack } from "./helpers.ts";

const { byName } = createOperations();
let db: TestDatabase;

beforeAll(async () => {
  db = await migratedDatabase({ seed: false });
});
afterAll(async () => {
  await db?.close();
});

function sqlData(tx: SqlClient) {
  return createAccountData(async (name, args) => {
    const { text, params } = readFunctionSql(name, args);
    return (await tx.query<{ row: Row }>(text, params)).map((r) => r.row);
  });
}

const CURRENCIES = ["EUR", "USD", "CHF"] as const;
const ACCOUNT: Record<string, string> = { EUR: "Main", USD: "Card", CHF: "Savings" };

interface Tx {
  date: string;
  amount: number;
  currency: string;
  kind: "income" | "expense" | "transfer" | null;
  category: string | null;
}

/** Every day of 2026-01-01 … 2026-04-30 (weekends included). */
const DAYS = Array.from({ length: 120 }, (_, i) => new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10));
const isWeekday = (d: string) => ![0, 6].includes(new Date(`${d}T00:00:00Z`).getUTCDay());

const txArb: fc.Arbitrary<Tx> = fc.record({
  date: fc.constantFrom(...DAYS),
  amount: fc.integer({ min: -500000, max: 300000 }).filter((a) => a !== 0),
  currency: fc.constantFrom(...CURRENCIES),
  kind: fc.constantFrom("income" as const, "expense" as const, "transfer" as const, null, null),
  category: fc.constantFrom("Groceries", "Rent", "Fun", null),
});

/** EUR-based rates on weekdays, USD missing from 2 to 20 February (a gap longer than any age limit used here). */
const ratesArb = fc.record({
  usd: fc.array(fc.integer({ min: 9000, max: 13000 }), { minLength: DAYS.length, maxLength: DAYS.length }),
  chf: fc.array(fc.integer({ min: 8000, max: 11000 }), { minLength: DAYS.length, maxLength: DAYS.length }),
});

function ratesCsv(r: { usd: number[]; chf: number[] }): string {
  const lines = ["date,base,quote,rate"];
  DAYS.forEach((d, i) => {
    if (!isWeekday(d)) return;
    if (!(d >= "2026-02-02" && d <= "2026-02-20")) lines.push(`${d},EUR,USD,${(r.usd[i]! / 10000).toFixed(4)}`);
    lines.push(`${d},EUR,CHF,${(r.chf[i]! / 10000).toFixed(4)}`);
  });
  return lines.join("\n") + "\n";
}

const USER = "c0e20000-0000-4000-8000-000000000001";
const importId = (c: string) => `c0e2${{ EUR: "1", USD: "2", CHF: "3" }[c]}000-0000-4000-8000-000000000001`;

async function store(tx: SqlClient, txs: readonly Tx[], rates: string): Promise<StatementImportRow[]> {
  await tx.query("insert into auth.users (id, email) values ($1, 'conv@example.com')", [USER]);
  await tx.query("insert into public.profiles (user_id, default_currency, timezone) values ($1, 'EUR', 'UTC')", [USER]);
  const imports: StatementImportRow[] = [];
  for (const c of CURRENCIES) {
    const row: StatementImportRow = {
      id: importId(c),
      account_name: ACCOUNT[c]!,
      file_name: `${c}.csv`,
      format: "csv",
      status: "completed",
      statement_start: "2026-01-01",
      statement_end: "2026-04-30",
      currency: c,
      opening_balance_minor: 100000,
      closing_balance_minor: null,
      transaction_count: 0,
      duplicate_count: 0,
      error_count: 0,
      imported_at: "2026-05-01T06:00:00Z",
    };
    imports.push(row);
    await tx.query(
      `insert into public.statement_imports (id, user_id, account_name, file_name, format, status, currency,
         statement_start, statement_end, opening_balance_minor, imported_at)
       values ($1, $2, $3, $4, 'csv', 'completed', $5, '2026-01-01', '2026-04-30', 100000, '2026-05-01T06:00:00Z')`,
      [row.id, USER, row.account_name, row.file_name, c],
    );
  }
  if (txs.length > 0) {
    await tx.query(
      `insert into public.statement_transactions (user_id, statement_import_id, date, amount_minor, currency, kind,
         category, description)
       select $1, ('c0e2' || case x.currency when 'EUR' then '1' when 'USD' then '2' else '3' end
                 || '000-0000-4000-8000-000000000001')::uuid,
              x.date, x.amount, x.currency, x.kind, x.category, 'x'
       from jsonb_to_recordset($2::text::jsonb) as x(date date, amount bigint, currency text, kind text, category text)`,
      [USER, JSON.stringify(txs)],
    );
  }
  await tx.query(
    `insert into public.budgets (user_id, month, category, amount_minor, currency) values
       ($1, '2026-01-01', 'Groceries', 20000, 'EUR'), ($1, '2026-02-01', 'Groceries', 20000, 'EUR'),
       ($1, '2026-02-01', 'Fun', 5000, 'EUR'), ($1, '2026-02-01', 'Rent', 3000, 'CHF')`,
    [USER],
  );
  const report = await loadRatesFile(tx, { name: "rates.csv", content: rates }, { source: "test" });
  expect(report.errors).toEqual([]);
  return imports;
}

async function asUser<T>(tx: SqlClient, fn: () => Promise<T>): Promise<T> {
  await tx.query("select set_config('request.jwt.claims', $1, true)", [
    JSON.stringify({ role: "authenticated", sub: USER }),
  ]);
  await tx.exec("set local role authenticated");
  try {
    return await fn();
  } finally {
    await tx.exec("reset role");
  }
}

function contract(txs: readonly Tx[], imports: StatementImportRow[], rates: string): InMemoryAccountData {
  const transactions: StoredTransaction[] = txs.map((t, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    statement_import_id: importId(t.currency),
    date: t.date,
    amount_minor: t.amount,
    currency: t.currency,
    description: "x",
    counterparty: null,
    category: t.category,
    kind: t.kind,
  }));
  const stored = rates.trim().split("\n").slice(1).map((l) => {
    const [date, base, quote, rate] = l.split(",") as [string, string, string, string];
    return { date, base, quote, rate };
  });
  return new InMemoryAccountData({
    profile: { default_currency: "EUR", timezone: "UTC", today: "2026-04-30" },
    budgets: BUDGETS,
    transactions,
    imports,
    rates: stored,
  });
}

const BUDGETS = [
  { month: "2026-01-01", currency: "EUR", category: "Groceries", amount_minor: 20000 },
  { month: "2026-02-01", currency: "EUR", category: "Groceries", amount_minor: 20000 },
  { month: "2026-02-01", currency: "EUR", category: "Fun", amount_minor: 5000 },
  { month: "2026-02-01", currency: "CHF", category: "Rent", amount_minor: 3000 },
];

const QUERIES = {
  get_cashflow: { year: "2026", convert: "true" },
  get_spending_by_category: { from: "2026-01-03", to: "2026-04-12", convert: "true", max_rate_age_days: "3" },
  get_budget_summary: { year: "2026", month: "2", convert: "true", max_rate_age_days: "4", rollover: "full" },
  get_net_worth: { from: "2026-01-01", to: "2026-04-25", convert: "true" },
  list_accounts: { as_of: "2026-04-25", convert: "true" },
} as const;

function postBodies(txs: readonly Tx[], rates: string) {
  const list = txs.map((t) => ({
    date: t.date,
    amount: formatMinor(t.amount, currencyScale(t.currency)!),
    currency: t.currency,
    ...(t.kind ? { kind: t.kind } : {}),
    ...(t.category ? { category: t.category } : {}),
  }));
  const all = rates.trim().split("\n").slice(1).map((l) => {
    const [date, base, quote, rate] = l.split(",") as [string, string, string, string];
    return { date, base, quote, rate };
  });
  const conversion = (age?: number) => ({ rates: all, ...(age === undefined ? {} : { max_rate_age_days: age }) });
  return {
    calculate_cashflow: { currency: "EUR", year: 2026, transactions: list, conversion: conversion() },
    calculate_spending_by_category: {
      currency: "EUR",
      from: "2026-01-03",
      to: "2026-04-12",
      transactions: list,
      conversion: conversion(3),
    },
    calculate_budget_summary: {
      currency: "EUR",
      year: 2026,
      month: 2,
      rollover: "full",
      // The EUR budget rows of the store (the CHF one is a plan in another currency: ignored, as on GET).
      budgets: [{ category: "Groceries", amount: "200.00" }, { category: "Fun", amount: "50.00" }],
      history: [{ year: 2026, month: 1, budgets: [{ category: "Groceries", amount: "200.00" }] }],
      transactions: list,
      conversion: conversion(4),
    },
    calculate_net_worth: {
      currency: "EUR",
      from: "2026-01-01",
      to: "2026-04-25",
      statements: CURRENCIES.map((c) => ({
        account_name: ACCOUNT[c],
        currency: c,
        statement_start: "2026-01-01",
        statement_end: "2026-04-30",
        opening_balance: formatMinor(100000, currencyScale(c)!),
        transactions: list.filter((t) => t.currency === c).map((t) => ({ date: t.date, amount: t.amount })),
      })),
      conversion: conversion(),
    },
  };
}

/** A GET report as its POST twin says it: no `other_currencies` (POST never has it), rates from the request. */
function asPost(r: Record<string, unknown>): Record<string, unknown> {
  const { other_currencies: _, conversion, ...rest } = r;
  return { ...rest, conversion: { ...(conversion as object), source: "request" } };
}

async function checkRun(txs: readonly Tx[], r: { usd: number[]; chf: number[] }): Promise<void> {
  const rates = ratesCsv(r);
  await rolledBack(db.client, async (tx) => {
    const imports = await store(tx, txs, rates);
    const core = contract(txs, imports, rates);
    const ctxCore: AccountContext = { data: core, subject: USER };
    await asUser(tx, async () => {
      const sql = sqlData(tx);
      // 1. The read functions follow the contract.
      expect(await sql.ledgerDailyTotals("2026-01-01", "2026-04-30", ["USD", "CHF"])).toEqual(
        await core.ledgerDailyTotals("2026-01-01", "2026-04-30", ["USD", "CHF"]),
      );
      expect(await sql.ledgerDailyTotals("2026-02-07", "2026-03-08", ["EUR", "USD", "CHF"])).toEqual(
        await core.ledgerDailyTotals("2026-02-07", "2026-03-08", ["EUR", "USD", "CHF"]),
      );
      expect(await sql.exchangeRates(["EUR", "USD"], "2026-01-20", "2026-03-01")).toEqual(
        await core.exchangeRates(["EUR", "USD"], "2026-01-20", "2026-03-01"),
      );
      for (
        const [from, to, report, since] of [
          ["2026-01-01", "2026-04-30", "EUR", "2025-12-25"],
          ["2026-02-07", "2026-03-08", "USD", "2026-02-03"],
          ["2026-04-01", "2026-04-30", "CHF", "2026-03-01"],
        ] as const
      ) {
        expect(await sql.ledgerConversion(from, to, report, since), `ledgerConversion ${report} ${from}`).toEqual(
          await core.ledgerConversion(from, to, report, since),
        );
      }
      // 2. Each GET twin: SQL driver = contract.
      const ctxSql: AccountContext = { data: sql, subject: USER };
      const got: Record<string, Record<string, unknown>> = {};
      for (const [name, query] of Object.entries(QUERIES)) {
        const op = byName[name as keyof typeof QUERIES];
        // deno-lint-ignore no-explicit-any
        const viaSql = await get(op as any, { ...query }, ctxSql) as Record<string, unknown>;
        // deno-lint-ignore no-explicit-any
        const viaCore = await get(op as any, { ...query }, ctxCore);
        expect(viaSql, `${name}: SQL and core should agree`).toEqual(viaCore);
        expect(viaSql.conversion, `${name} should carry the conversion block`).toBeDefined();
        got[name] = viaSql;
      }
      // 3. POST on the listed data and the stored rates = GET.
      const bodies = postBodies(txs, rates);
      expect(post(byName.calculate_cashflow, bodies.calculate_cashflow), "cashflow: POST = GET")
        .toEqual(asPost(got.get_cashflow!));
      const spending = post(byName.calculate_spending_by_category, bodies.calculate_spending_by_category);
      expect(spending, "spending: POST = GET").toEqual(asPost(got.get_spending_by_category!));
      expect(post(byName.calculate_budget_summary, bodies.calculate_budget_summary), "budget: POST = GET")
        .toEqual(asPost(got.get_budget_summary!));
      expect(post(byName.calculate_net_worth, bodies.calculate_net_worth), "net worth: POST = GET")
        .toEqual(asPost(got.get_net_worth!));
    });
  });
}

describe("conversion parity: SQL read path, core, POST and GET", () => {
  it("agree on hand-picked data: weekend dates, a refund, a transfer and USD dates without a rate", async () => {
    const txs: Tx[] = [
      { date: "2026-01-03", amount: -1250, currency: "USD", kind: null, category: "Groceries" }, // Saturday
      { date: "2026-01-03", amount: 300, currency: "USD", kind: "expense", category: "Groceries" }, // refund
      { date: "2026-01-04", amount: -9000, currency: "CHF", kind: null, category: "Rent" }, // Sunday
      { date: "2026-02-10", amount: -4000, currency: "USD", kind: null, category: "Fun" }, // no USD rate
      { date: "2026-02-11", amount: -5000, currency: "USD", kind: "transfer", category: null },
      { date: "2026-02-14", amount: 250000, currency: "EUR", kind: null, category: null },
      { date: "2026-02-16", amount: -7000, currency: "CHF", kind: null, category: "Fun" },
      { date: "2026-03-01", amount: -123456, currency: "EUR", kind: null, category: "Rent" },
    ];
    const r = { usd: DAYS.map((_, i) => 10800 + i), chf: DAYS.map((_, i) => 9400 - i) };
    await checkRun(txs, r);
  });

  it("agree on random data in three currencies (property)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(txArb, { maxLength: 60 }), ratesArb, (txs, r) => checkRun(txs, r)),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 12) },
    );
  });
});
