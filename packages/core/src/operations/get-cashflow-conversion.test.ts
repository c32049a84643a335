/**
 * GET cashflow with convert=true reads its rows and what it converts in one go (ledgerTotals with ledgerConversion)
 * and sums the converted day groups without an entry object each. Property: on random data in four currencies with
 * random rates (direct, inverse and cross routes, gaps, stale rates) it answers exactly what the previous reading did,
 * kept here as the reference: the monthly rows first, their other currencies, then storedFlows over those
 * currencies (ledgerDailyTotals and exchangeRates) and `cashflow` over every entry.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ExchangeRateRow, StatementImportRow } from "../contracts/account-data.ts";
import { monthEnd, monthStart } from "../calendar/months.ts";
import { currencyScale } from "../money/currencies.ts";
import { cashflow } from "../services/cashflow.ts";
import { InMemoryAccountData, type StoredTransaction } from "../testing/in-memory-account-data.ts";
import { get } from "../testing/run.ts";
import { ValidationError } from "../problem/validation-error.ts";
import { checkReportRange } from "./check-report-range.ts";
import { formatCashflow } from "./format-cashflow.ts";
import { createOperations } from "./index.ts";
import { ledgerEntries } from "./ledger-entries.ts";
import { otherCurrencyOutside, STORED_AT, storedFlows } from "./stored-conversion.ts";

const { byName } = createOperations();

async function itemsOf(fn: () => Promise<unknown>) {
  try {
    await fn();
  } catch (error) {
    if (error instanceof ValidationError) return error.errors;
    throw error;
  }
  throw new Error("expected a ValidationError");
}
const CURRENCIES = ["EUR", "USD", "CHF", "JPY"] as const;

async function reference(data: InMemoryAccountData, report: string, year: number, maxAge: number) {
  const from = monthStart(year, 1);
  const to = monthEnd(year, 12);
  const rows = await data.ledgerTotals(from, to);
  const { entries, currencies } = ledgerEntries(rows, report, from);
  const flows = await storedFlows(data, report, currencies, from, to, maxAge, (g) => g.kind !== "transfer");
  const all = entries.concat(flows.entries, otherCurrencyOutside(rows, report));
  const out = formatCashflow(report, currencyScale(report)!, cashflow(all, year));
  checkReportRange(out, STORED_AT);
  return {
    ...out,
    other_currencies: flows.converter.unconvertedCurrencies(),
    conversion: flows.converter.block(STORED_AT),
  };
}

const DAYS = Array.from({ length: 80 }, (_, i) => new Date(Date.UTC(2025, 11, 20 + i * 5)).toISOString().slice(0, 10));

const txArb = fc.record({
  date: fc.constantFrom(...DAYS),
  amount: fc.oneof(fc.integer({ min: -500000, max: 300000 }), fc.integer({ min: -3, max: 3 })),
  currency: fc.constantFrom(...CURRENCIES),
  kind: fc.constantFrom("income" as const, "expense" as const, "transfer" as const, null, null),
  category: fc.constantFrom("Groceries", "Rent", "Fun", null),
});

const rateArb = fc.record({
  date: fc.constantFrom(...DAYS),
  base: fc.constantFrom(...CURRENCIES),
  quote: fc.constantFrom(...CURRENCIES),
  rate: fc.oneof(
    fc.integer({ min: 1, max: 2_000_000 }).map((n) => `${Math.floor(n / 10000)}.${String(n % 10000).padStart(4, "0")}`),
    fc.constantFrom("0.5", "1.5", "157.12", "0.000000123456789012"),
  ),
}).filter((r) => r.base !== r.quote);

type Tx = {
  date: string;
  amount: number;
  currency: string;
  kind: "income" | "expense" | "transfer" | null;
  category: string | null;
};

function store(txs: readonly Tx[], rates: ExchangeRateRow[], withImports: boolean): InMemoryAccountData {
  const imports: StatementImportRow[] = CURRENCIES.map((c) => ({
    id: `imp-${c}`,
    account_name: c,
    file_name: `${c}.csv`,
    format: "csv",
    status: "completed",
    statement_start: null,
    statement_end: null,
    currency: c,
    opening_balance_minor: null,
    closing_balance_minor: null,
    transaction_count: 0,
    duplicate_count: 0,
    error_count: 0,
    imported_at: "2026-06-01T00:00:00Z",
  }));
  const transactions: StoredTransaction[] = txs.map((t, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    statement_import_id: `imp-${t.currency}`,
    date: t.date,
    amount_minor: t.amount,
    currency: t.currency,
    description: null,
    counterparty: null,
    category: t.category,
    kind: t.kind,
  }));
  return new InMemoryAccountData({
    profile: { default_currency: "EUR", timezone: "UTC", today: "2026-06-01" },
    transactions,
    rates,
    ...(withImports ? { imports } : {}),
  });
}

describe("GET cashflow with convert=true: one read with the monthly rows, the same report", () => {
  it("equals the reference on random data, routes and rate ages (property)", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(txArb, { maxLength: 80 }),
        fc.uniqueArray(rateArb, { maxLength: 60, selector: (r) => `${r.base}${r.quote}${r.date}` }),
        fc.constantFrom(...CURRENCIES),
        fc.constantFrom(2025, 2026),
        fc.integer({ min: 0, max: 31 }),
        fc.boolean(),
        async (txs, rates, report, year, age, withImports) => {
          const data = store(txs, rates, withImports);
          const got = await get(byName.get_cashflow, {
            currency: report,
            year: String(year),
            convert: "true",
            max_rate_age_days: String(age),
          }, { data, subject: "u" });
          expect(got).toEqual(await reference(store(txs, rates, withImports), report, year, age));
          // One read for the rows, one for the conversion.
          expect(data.calls).toEqual([
            `ledgerTotals(${year}-01-01,${year}-12-31)`,
            expect.stringMatching(new RegExp(`^ledgerConversion\\(${year}-01-01,${year}-12-31,${report},`)),
          ]);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("reports a converted amount out of range like the reference, at the same group", async () => {
    const txs = [
      { date: "2026-03-02", amount: 900_000_000_000_000, currency: "USD", kind: null, category: "Rent" },
      { date: "2026-03-01", amount: 800_000_000_000_000, currency: "USD", kind: null, category: "Fun" },
      { date: "2026-03-01", amount: 5, currency: "EUR", kind: null, category: null },
    ] as const;
    const rates: ExchangeRateRow[] = [{ base: "USD", quote: "EUR", date: "2026-03-01", rate: "2" }];
    const data = store([...txs], rates, true);
    const got = await itemsOf(() =>
      get(byName.get_cashflow, { currency: "EUR", year: "2026", convert: "true" }, { data, subject: "u" })
    );
    expect(got).toEqual(await itemsOf(() => reference(store([...txs], rates, true), "EUR", 2026, 7)));
    // Both groups are beyond 10^15 − 1 once doubled: the first in the groups' order is reported, and day groups come
    // by currency, kind, category (Fun before Rent), so 1 March's, though 2 March's transaction comes first.
    expect(got).toEqual([{
      parameter: "convert",
      code: "out_of_range",
      message: expect.stringContaining("The amount converted from USD on 2026-03-01"),
    }]);
  });
});
