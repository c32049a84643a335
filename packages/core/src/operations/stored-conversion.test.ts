/**
 * The GET twins with `convert=true` (API.md §11.3, §11.4) over the AccountData port's contract (in memory): day
 * groups of other currencies converted at the stored rates by the shared conversion service, worked by hand.
 */
import { describe, expect, it } from "vitest";
import type { ExchangeRateRow, ProfileRow, StatementImportRow } from "../contracts/account-data.ts";
import type { AccountContext } from "../contracts/operation.ts";
import { InMemoryAccountData, type StoredData, type StoredTransaction } from "../testing/in-memory-account-data.ts";
import { asyncErrorsOf, get } from "../testing/run.ts";
import { createOperations } from "./index.ts";

const { byName } = createOperations();
const PROFILE: ProfileRow = { default_currency: "EUR", timezone: "UTC", today: "2026-03-31" };

function ctx(data: StoredData): AccountContext & { data: InMemoryAccountData } {
  return { data: new InMemoryAccountData(data), subject: "6f1c2a34-1111-4222-8333-944455556666" };
}

let seq = 0;
function tx(date: string, amount_minor: number, currency: string, extra: Partial<StoredTransaction> = {}) {
  seq++;
  return {
    id: `00000000-0000-4000-8000-${String(seq).padStart(12, "0")}`,
    statement_import_id: `imp-${currency}`,
    date,
    amount_minor,
    currency,
    description: null,
    counterparty: null,
    category: null,
    kind: null,
    ...extra,
  } satisfies StoredTransaction;
}

const transactions = [
  tx("2026-03-02", 250000, "EUR", { category: "Salary" }),
  tx("2026-03-03", -5000, "EUR", { category: "Groceries" }),
  // Saturday 7 March: one day group of −16.75 USD (−12.50 − 7.25 + a 3.00 refund), converted at Friday's rate.
  tx("2026-03-07", -1250, "USD", { category: "Groceries" }),
  tx("2026-03-07", -725, "USD", { category: "Groceries" }),
  tx("2026-03-07", 300, "USD", { category: "Groceries", kind: "expense" }),
  // A USD transfer: neither converted nor listed as unconverted, counted in `excluded`.
  tx("2026-03-12", -50000, "USD", { kind: "transfer" }),
  tx("2026-03-10", -10000, "CHF", { category: "Rent" }),
  // GBP has no rate: left out of every amount and count, disclosed.
  tx("2026-03-11", -2000, "GBP", { category: "Books" }),
  // USD outside the year: counted in `excluded` only.
  tx("2025-06-02", -100, "USD", { category: "Fun" }),
];

const rates: ExchangeRateRow[] = [
  { base: "EUR", quote: "USD", date: "2026-03-06", rate: "1.0850" },
  { base: "EUR", quote: "CHF", date: "2026-03-10", rate: "0.95" },
  // Too old for 2026-03-10 with the default limit of 7 days (it would give 100/0.5 = 200 EUR).
  { base: "EUR", quote: "CHF", date: "2026-02-27", rate: "0.5" },
];

// Hand-worked: −16.75 USD ÷ 1.0850 = −15.4377… → −15.44 EUR; −100.00 CHF ÷ 0.95 = −105.263… → −105.26 EUR.
const CONVERSION = {
  source: "stored",
  max_rate_age_days: 7,
  currencies: [
    {
      currency: "CHF",
      converted_count: 1,
      converted_amount: "-100.00",
      converted_to: "-105.26",
      unconverted_count: 0,
      unconverted_amount: "0.00",
      first_rate_date: "2026-03-10",
      last_rate_date: "2026-03-10",
      max_rate_age_days_used: 0,
      route: "inverse",
    },
    {
      currency: "GBP",
      converted_count: 0,
      converted_amount: "0.00",
      converted_to: "0.00",
      unconverted_count: 1,
      unconverted_amount: "-20.00",
      first_rate_date: null,
      last_rate_date: null,
      max_rate_age_days_used: null,
      route: null,
    },
    {
      currency: "USD",
      converted_count: 3,
      converted_amount: "-16.75",
      converted_to: "-15.44",
      unconverted_count: 0,
      unconverted_amount: "0.00",
      first_rate_date: "2026-03-06",
      last_rate_date: "2026-03-06",
      max_rate_age_days_used: 1,
      route: "inverse",
    },
  ],
};

describe("get_cashflow with convert=true", () => {
  it("converts each day group once at its date's rate and discloses what it used", async () => {
    const r = await get(byName.get_cashflow, { convert: "true" }, ctx({ profile: PROFILE, transactions, rates }));
    expect(r.months[2]).toMatchObject({ month: 3, income: "2500.00", expenses: "170.70", net: "2329.30" });
    expect(r.totals).toEqual({ income: "2500.00", expenses: "170.70", net: "2329.30", transaction_count: 6 });
    expect(r.excluded).toEqual({ transfer_count: 1, outside_period_count: 1 });
    expect(r.other_currencies).toEqual(["GBP"]);
    expect(r.conversion).toEqual(CONVERSION);
    expect(byName.get_cashflow.output.safeParse(r).success).toBe(true);
  });

  it("is exactly today's report with convert=false or without convert", async () => {
    const data = { profile: PROFILE, transactions, rates };
    const plain = await get(byName.get_cashflow, {}, ctx(data));
    expect(await get(byName.get_cashflow, { convert: "false" }, ctx(data))).toEqual(plain);
    expect("conversion" in plain).toBe(false);
    expect(plain.other_currencies).toEqual(["CHF", "GBP", "USD"]);
    expect(plain.totals).toEqual({ income: "2500.00", expenses: "50.00", net: "2450.00", transaction_count: 2 });
  });

  it("uses a rate exactly max_rate_age_days old, and not one day older", async () => {
    // 2026-03-10 − 2026-02-27 = 11 days: usable with 11 (100 ÷ 0.5 = 200.00 EUR, the 10 March rate removed).
    const older = rates.filter((r) => r.date !== "2026-03-10");
    const at11 = await get(
      byName.get_cashflow,
      { convert: "true", max_rate_age_days: "11" },
      ctx({
        profile: PROFILE,
        transactions,
        rates: older,
      }),
    );
    expect(at11.conversion!.currencies[0]).toMatchObject({ currency: "CHF", converted_to: "-200.00" });
    expect(at11.conversion!.currencies[0]!.max_rate_age_days_used).toBe(11);
    const at10 = await get(
      byName.get_cashflow,
      { convert: "true", max_rate_age_days: "10" },
      ctx({
        profile: PROFILE,
        transactions,
        rates: older,
      }),
    );
    expect(at10.conversion!.currencies[0]).toMatchObject({ currency: "CHF", converted_count: 0, unconverted_count: 1 });
    expect(at10.other_currencies).toEqual(["CHF", "GBP"]);
  });

  it("refuses convert other than true/false and max_rate_age_days outside 0–31", async () => {
    const c = ctx({ profile: PROFILE, transactions, rates });
    expect(await asyncErrorsOf(() => get(byName.get_cashflow, { convert: "yes" }, c))).toEqual([
      ["convert", "invalid_format"],
    ]);
    for (const bad of ["32", "-1", "1.5", "x"]) {
      const errors = await asyncErrorsOf(() =>
        get(byName.get_cashflow, { convert: "true", max_rate_age_days: bad }, c)
      );
      expect(errors.map(([p]) => p)).toEqual(["max_rate_age_days"]);
    }
  });
});

describe("get_spending_by_category with convert=true", () => {
  it("converts the expense day groups of the period", async () => {
    const r = await get(
      byName.get_spending_by_category,
      { convert: "true", from: "2026-03-01", to: "2026-03-31" },
      ctx({ profile: PROFILE, transactions, rates }),
    );
    expect(r.total).toBe("170.70");
    expect(r.categories.map((c: { category: string | null; total: string }) => [c.category, c.total])).toEqual([
      ["Rent", "105.26"],
      ["Groceries", "65.44"],
    ]);
    expect(r.other_currencies).toEqual(["GBP"]);
    expect(r.conversion).toEqual(CONVERSION);
  });
});

describe("get_budget_summary with convert=true", () => {
  it("converts the month's transactions, never the budgets", async () => {
    const budgets = [
      { month: "2026-03-01", currency: "EUR", category: "Groceries", amount_minor: 10000 },
      { month: "2026-03-01", currency: "USD", category: "Fun", amount_minor: 5000 },
    ];
    const r = await get(
      byName.get_budget_summary,
      { convert: "true", year: "2026", month: "3" },
      ctx({ profile: PROFILE, transactions, rates, budgets }),
    );
    const groceries = r.categories.find((c: { category: string | null }) => c.category === "Groceries");
    expect(groceries).toMatchObject({ budgeted: "100.00", spent: "65.44", remaining: "34.56" });
    // GBP unconverted; USD for its budget row (budgets are never converted).
    expect(r.other_currencies).toEqual(["GBP", "USD"]);
    expect(r.conversion).toEqual(CONVERSION);
  });
});

const imp = (id: string, account_name: string, currency: string, opening: number): StatementImportRow => ({
  id,
  account_name,
  file_name: `${id}.csv`,
  format: "csv",
  status: "completed",
  statement_start: "2026-03-01",
  statement_end: "2026-03-31",
  currency,
  opening_balance_minor: opening,
  closing_balance_minor: null,
  transaction_count: 0,
  duplicate_count: 0,
  error_count: 0,
  imported_at: "2026-04-01T06:00:00Z",
});

describe("list_accounts with convert=true", () => {
  it("lists every account with its balance converted at the rate of as_of", async () => {
    const imports = [imp("imp-EUR", "Main", "EUR", 100000), imp("imp-CHF", "Savings", "CHF", 500000)];
    const own = transactions.filter((t) => t.currency === "EUR" || t.currency === "CHF");
    const r = await get(
      byName.list_accounts,
      { convert: "true", as_of: "2026-03-10" },
      ctx({ profile: PROFILE, transactions: own, rates, imports }),
    );
    // Main: 1000.00 + 2500.00 − 50.00 = 3450.00 EUR. Savings: 5000.00 − 100.00 = 4900.00 CHF ÷ 0.95 = 5157.894… →
    // 5157.89 EUR.
    expect(r.currency).toBe("EUR");
    expect(r.accounts.map((a: { account_name: string; balance: string | null; converted_balance?: string | null }) => [
      a.account_name,
      a.balance,
      a.converted_balance,
    ])).toEqual([["Main", "3450.00", "3450.00"], ["Savings", "4900.00", "5157.89"]]);
    expect(r.conversion!.currencies).toEqual([{
      currency: "CHF",
      converted_count: 1,
      converted_amount: "4900.00",
      converted_to: "5157.89",
      unconverted_count: 0,
      unconverted_amount: "0.00",
      first_rate_date: "2026-03-10",
      last_rate_date: "2026-03-10",
      max_rate_age_days_used: 0,
      route: "inverse",
    }]);
    expect(byName.list_accounts.output.safeParse(r).success).toBe(true);
  });
});
