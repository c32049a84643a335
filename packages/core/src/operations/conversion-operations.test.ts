/**
 * The four POST reports with `conversion`, on hand-worked examples (API.md §11): day groups converted once, a refund
 * inside a day group, a Saturday on Friday's rate, a rate one day too old, a currency without rates, JPY and BHD as
 * report currencies, net-worth month ends converted, an account without a usable rate, and the 422s.
 */
import { describe, expect, it } from "vitest";
import { createOperations } from "./index.ts";
import { errorsOf, post } from "../testing/run.ts";

const ops = createOperations().byName;
const zero = { income: "0.00", expenses: "0.00", transaction_count: 0 };

describe("POST cashflow with conversion", () => {
  const body = {
    currency: "EUR",
    conversion: {
      rates: [
        { date: "2026-01-02", base: "EUR", quote: "USD", rate: "1.25" }, // a Friday
        { date: "2026-02-27", base: "EUR", quote: "USD", rate: 1.28 },
      ],
    },
    transactions: [
      { date: "2026-01-05", amount: "1000.00" },
      // One day group (USD, Saturday 2026-01-03, expense, Food): −10.00 + 3.00 refund = −7.00 USD ÷ 1.25 = −5.60.
      { date: "2026-01-03", amount: "-10.00", currency: "USD", category: "Food" },
      { date: "2026-01-03", amount: "3.00", currency: "usd", category: "Food", kind: "expense" },
      // Another group the same day (uncategorized): −2.50 ÷ 1.25 = −2.00.
      { date: "2026-01-03", amount: "-2.50", currency: "USD" },
      // 2026-03-02 uses 2026-02-27 (3 days old): −12.80 ÷ 1.28 = −10.00.
      { date: "2026-03-02", amount: "-12.80", currency: "USD" },
      // 21 days after the last rate: unconverted.
      { date: "2026-03-20", amount: "-1.00", currency: "USD" },
      { date: "2026-01-10", amount: "-500", currency: "JPY" }, // no JPY rate at all
      { date: "2026-01-04", amount: "-100.00", currency: "USD", kind: "transfer" }, // excluded, not tallied
      { date: "2025-12-31", amount: "-4.00", currency: "USD" }, // outside the year, not tallied
    ],
  };

  it("converts each day group once and discloses the rates used", () => {
    const report = post(ops.calculate_cashflow, body);
    expect(report.year).toBe(2026); // the latest transaction of any currency
    expect(report.months[0]).toEqual({
      month: 1,
      income: "1000.00",
      expenses: "7.60",
      net: "992.40",
      cumulative_net: "992.40",
      transaction_count: 4,
    });
    expect(report.months[1]).toEqual({ month: 2, ...zero, net: "0.00", cumulative_net: "992.40" });
    expect(report.months[2]).toEqual({
      month: 3,
      income: "0.00",
      expenses: "10.00",
      net: "-10.00",
      cumulative_net: "982.40",
      transaction_count: 1,
    });
    expect(report.totals).toEqual({ income: "1000.00", expenses: "17.60", net: "982.40", transaction_count: 5 });
    expect(report.months_with_activity).toBe(2);
    expect(report.monthly_average).toEqual({ income: "500.00", expenses: "8.80", net: "491.20" });
    expect(report.savings_rate_percent).toBe(98.24);
    expect(report.excluded).toEqual({ transfer_count: 1, outside_period_count: 1 });
    expect(report.conversion).toEqual({
      source: "request",
      max_rate_age_days: 7,
      currencies: [
        {
          currency: "JPY",
          converted_count: 0,
          converted_amount: "0",
          converted_to: "0.00",
          unconverted_count: 1,
          unconverted_amount: "-500",
          first_rate_date: null,
          last_rate_date: null,
          max_rate_age_days_used: null,
          route: null,
        },
        {
          currency: "USD",
          converted_count: 4,
          converted_amount: "-22.30",
          converted_to: "-17.60",
          unconverted_count: 1,
          unconverted_amount: "-1.00",
          first_rate_date: "2026-01-02",
          last_rate_date: "2026-02-27",
          max_rate_age_days_used: 3,
          route: "inverse",
        },
      ],
    });
    expect(Object.keys(report)).not.toContain("other_currencies");
  });

  it("max_rate_age_days: exactly the age is usable, one day less is not", () => {
    const age = (max: number) =>
      post(ops.calculate_cashflow, {
        ...body,
        conversion: { ...body.conversion, max_rate_age_days: max },
      }).conversion!.currencies[1]!;
    // 2026-03-20 is 21 days after 2026-02-27.
    expect(age(21)).toMatchObject({ converted_count: 5, unconverted_count: 0, max_rate_age_days_used: 21 });
    expect(age(20)).toMatchObject({ converted_count: 4, unconverted_count: 1, max_rate_age_days_used: 3 });
  });

  it("a currency with only transfers and out-of-period rows gets no entry", () => {
    const report = post(ops.calculate_cashflow, {
      currency: "EUR",
      year: 2026,
      conversion: { rates: [{ date: "2026-01-02", base: "EUR", quote: "USD", rate: "1.25" }] },
      transactions: [
        { date: "2026-01-04", amount: "-100.00", currency: "USD", kind: "transfer" },
        { date: "2025-01-04", amount: "-100.00", currency: "GBP" },
      ],
    });
    expect(report.conversion!.currencies).toEqual([]);
    expect(report.excluded).toEqual({ transfer_count: 1, outside_period_count: 1 });
  });
});

describe("POST spending by category with conversion, JPY as the report currency", () => {
  it("rounds each day group once to whole yen, ties to even", () => {
    const report = post(ops.calculate_spending_by_category, {
      currency: "JPY",
      conversion: {
        rates: [
          { date: "2026-01-05", base: "EUR", quote: "JPY", rate: "162.5" },
          { date: "2026-01-06", base: "EUR", quote: "JPY", rate: "25" },
        ],
      },
      transactions: [
        { date: "2026-01-05", amount: "-1.23", currency: "EUR" }, // 199.875 → 200
        { date: "2026-01-06", amount: "-0.06", currency: "EUR", category: "A" }, // 1.5 → 2
        { date: "2026-01-06", amount: "-0.02", currency: "EUR", category: "B" }, // 0.5 → 0
        { date: "2026-01-06", amount: "-300" }, // JPY itself
        { date: "2026-01-06", amount: "5.00", currency: "EUR" }, // income: excluded, not tallied
      ],
    });
    expect(report.total).toBe("502");
    expect(report.categories).toEqual([
      { category: null, total: "500", share_percent: 99.6, transaction_count: 2 },
      { category: "A", total: "2", share_percent: 0.4, transaction_count: 1 },
      { category: "B", total: "0", share_percent: 0, transaction_count: 1 },
    ]);
    expect(report.excluded).toEqual({ income_count: 1, transfer_count: 0, outside_period_count: 0 });
    expect(report.conversion!.currencies).toEqual([{
      currency: "EUR",
      converted_count: 3,
      converted_amount: "-1.31",
      converted_to: "-202",
      unconverted_count: 0,
      unconverted_amount: "0.00",
      first_rate_date: "2026-01-05",
      last_rate_date: "2026-01-06",
      max_rate_age_days_used: 0,
      route: "direct",
    }]);
  });
});

describe("POST spending with conversion: a cross route, then an inverse one (mixed)", () => {
  it("crosses through EUR when CHF has no GBP rate, and discloses both rates of the cross", () => {
    const report = post(ops.calculate_spending_by_category, {
      currency: "GBP",
      conversion: {
        rates: [
          { date: "2026-01-05", base: "EUR", quote: "USD", rate: "1.25" },
          { date: "2026-01-05", base: "EUR", quote: "GBP", rate: "0.85" },
          { date: "2026-01-05", base: "CHF", quote: "USD", rate: "1.10" }, // CHF is tried first, but has no GBP rate
          { date: "2026-01-08", base: "GBP", quote: "USD", rate: "1.375" },
        ],
      },
      transactions: [
        // 2026-01-07: no (USD, GBP), no usable (GBP, USD) yet: cross via EUR, rates two days old:
        // −10.00 × 0.85 ÷ 1.25 = −6.80.
        { date: "2026-01-07", amount: "-10.00", currency: "USD" },
        // 2026-01-08: the inverse pair (GBP, USD) comes before any cross: −11.00 ÷ 1.375 = −8.00.
        { date: "2026-01-08", amount: "-11.00", currency: "USD" },
      ],
    });
    expect(report.total).toBe("14.80");
    expect(report.conversion!.currencies).toEqual([{
      currency: "USD",
      converted_count: 2,
      converted_amount: "-21.00",
      converted_to: "-14.80",
      unconverted_count: 0,
      unconverted_amount: "0.00",
      first_rate_date: "2026-01-05",
      last_rate_date: "2026-01-08",
      max_rate_age_days_used: 2,
      route: "mixed",
    }]);
  });
});

describe("POST budget summary with conversion, BHD as the report currency", () => {
  it("converts income and spending of the month into fils, budgets stay", () => {
    const report = post(ops.calculate_budget_summary, {
      currency: "BHD",
      year: 2026,
      month: 3,
      budgets: [{ category: "Food", amount: "10.000" }],
      conversion: { rates: [{ date: "2026-03-02", base: "EUR", quote: "BHD", rate: "0.4105" }] },
      transactions: [
        { date: "2026-03-02", amount: "100.00", currency: "EUR" }, // 41.050
        { date: "2026-03-02", amount: "-1.00", currency: "EUR", category: "Food" }, // −0.4105 → −0.410
        { date: "2026-03-03", amount: "-3.00", currency: "EUR", category: "Food" }, // −1.2315 → −1.232
        { date: "2026-02-03", amount: "-3.00", currency: "EUR", category: "Food" }, // other month: not tallied
      ],
    });
    expect(report).toMatchObject({
      currency: "BHD",
      income: "41.050",
      budgeted: "10.000",
      spent: "1.642",
      remaining: "8.358",
      unbudgeted_spent: "0.000",
    });
    expect(report.categories).toEqual([{
      category: "Food",
      budgeted: "10.000",
      spent: "1.642",
      remaining: "8.358",
      percent_used: 16.42,
      status: "under",
      carryover_in: "0.000",
      available: "8.358",
    }]);
    expect(report.conversion!.currencies).toEqual([{
      currency: "EUR",
      converted_count: 3,
      converted_amount: "96.00",
      converted_to: "39.408",
      unconverted_count: 0,
      unconverted_amount: "0.00",
      first_rate_date: "2026-03-02",
      last_rate_date: "2026-03-02",
      max_rate_age_days_used: 1,
      route: "direct",
    }]);
  });
});

describe("POST net worth with conversion", () => {
  const body = {
    currency: "EUR",
    from: "2026-01-01",
    to: "2026-02-15",
    conversion: {
      rates: [
        { date: "2026-01-30", base: "EUR", quote: "USD", rate: "1.25" }, // Friday before Saturday 2026-01-31
        { date: "2026-02-13", base: "EUR", quote: "USD", rate: "1.20" }, // Friday before Sunday 2026-02-15
      ],
    },
    statements: [
      {
        account_name: "Checking",
        statement_start: "2026-01-01",
        statement_end: "2026-02-28",
        opening_balance: "100.00",
        transactions: [],
      },
      {
        account_name: "Card",
        currency: "usd",
        statement_start: "2026-01-01",
        statement_end: "2026-02-28",
        opening_balance: "-50.00",
        transactions: [{ date: "2026-02-10", amount: "-25.00" }],
      },
      {
        account_name: "Savings",
        currency: "CHF",
        statement_start: "2026-01-01",
        opening_balance: "1000.00",
        transactions: [],
      },
    ],
  };

  it("converts each account's month-end balance at that date's rate and discloses the account without a rate", () => {
    const report = post(ops.calculate_net_worth, body);
    // 2026-01-31: 100.00 + (−50.00 ÷ 1.25 = −40.00) = 60.00; 2026-02-15: 100.00 + (−75.00 ÷ 1.20 = −62.50) = 37.50.
    expect(report.series).toEqual([
      { date: "2026-01-31", total: "60.00", account_count: 2 },
      { date: "2026-02-15", total: "37.50", account_count: 2 },
    ]);
    expect(report.net_worth).toBe("37.50");
    expect(report.change).toBe("-22.50");
    expect(report.accounts.map((a) => [a.account_name, a.balance, a.balance_date, a.converted_balance])).toEqual([
      ["Card", "-75.00", "2026-02-15", "-62.50"],
      ["Checking", "100.00", "2026-02-15", "100.00"],
      ["Savings", "1000.00", "2026-01-01", null],
    ]);
    expect(report.accounts[0]!.statements[0]).toMatchObject({
      opening_balance: "-50.00",
      computed_closing_balance: "-75.00",
    });
    expect(report.conversion!.currencies).toEqual([
      {
        currency: "CHF",
        converted_count: 0,
        converted_amount: "0.00",
        converted_to: "0.00",
        unconverted_count: 2,
        unconverted_amount: "2000.00",
        first_rate_date: null,
        last_rate_date: null,
        max_rate_age_days_used: null,
        route: null,
      },
      {
        currency: "USD",
        converted_count: 2,
        converted_amount: "-125.00",
        converted_to: "-102.50",
        unconverted_count: 0,
        unconverted_amount: "0.00",
        first_rate_date: "2026-01-30",
        last_rate_date: "2026-02-13",
        max_rate_age_days_used: 2,
        route: "inverse",
      },
    ]);
    expect(Object.keys(report)).not.toContain("other_currencies");
  });

  it("a statement in another currency without conversion is 422 currency_mismatch", () => {
    const { conversion: _, ...plain } = body;
    expect(errorsOf(() => post(ops.calculate_net_worth, plain))).toEqual([
      ["/statements/1/currency", "currency_mismatch"],
      ["/statements/2/currency", "currency_mismatch"],
    ]);
  });

  it("a statement's transaction in another currency than its statement is 422", () => {
    const bad = structuredClone(body);
    (bad.statements[1]!.transactions[0] as Record<string, unknown>).currency = "EUR";
    expect(errorsOf(() => post(ops.calculate_net_worth, bad))).toEqual([
      ["/statements/1/transactions/0/currency", "currency_mismatch"],
    ]);
  });
});

describe("conversion: 422s", () => {
  const base = { currency: "EUR", year: 2026, transactions: [] };
  const withRates = (rates: unknown[], extra: Record<string, unknown> = {}) =>
    errorsOf(() => post(ops.calculate_cashflow, { ...base, conversion: { rates, ...extra } }));
  const ok = { date: "2026-01-02", base: "EUR", quote: "USD", rate: "1.25" };

  it("refuses bad rates at their pointers", () => {
    expect(withRates([{ ...ok, rate: "0" }])).toEqual([["/conversion/rates/0/rate", "out_of_range"]]);
    expect(withRates([{ ...ok, rate: "-1.2" }])).toEqual([["/conversion/rates/0/rate", "out_of_range"]]);
    expect(withRates([{ ...ok, rate: "1e2" }])).toEqual([["/conversion/rates/0/rate", "exponent_not_allowed"]]);
    expect(withRates([{ ...ok, rate: "1.234567890123456789" }])).toEqual([
      ["/conversion/rates/0/rate", "too_many_digits"],
    ]);
    expect(withRates([{ ...ok, date: "2026-02-30" }])).toEqual([["/conversion/rates/0/date", "invalid_date"]]);
    expect(withRates([{ ...ok, quote: "XYZ" }])).toEqual([["/conversion/rates/0/quote", "unknown_currency"]]);
    expect(withRates([{ ...ok, quote: "eur" }])).toEqual([["/conversion/rates/0/quote", "invalid_value"]]);
    expect(withRates([ok, { ...ok, base: "eur", rate: "1.26" }])).toEqual([["/conversion/rates/1", "duplicate"]]);
  });

  it("refuses a JSON-number rate with an exponent", () => {
    const text = '{"currency":"EUR","year":2026,"transactions":[],"conversion":{"rates":[' +
      '{"date":"2026-01-02","base":"EUR","quote":"USD","rate":1.25e0}]}}';
    expect(errorsOf(() => post(ops.calculate_cashflow, text))).toEqual([
      ["/conversion/rates/0/rate", "exponent_not_allowed"],
    ]);
  });

  it("refuses no rates, more than 20,000, and max_rate_age_days outside 0–31 or not an integer", () => {
    expect(withRates([])).toEqual([["/conversion/rates", "too_short"]]);
    const many = Array.from({ length: 20_001 }, (_, i) => ({ ...ok, date: `2026-01-02`, rate: String(i + 1) }));
    expect(withRates(many)).toEqual([["/conversion/rates", "too_many_items"]]);
    expect(withRates([ok], { max_rate_age_days: 32 })).toEqual([["/conversion/max_rate_age_days", "out_of_range"]]);
    expect(withRates([ok], { max_rate_age_days: -1 })).toEqual([["/conversion/max_rate_age_days", "out_of_range"]]);
    expect(withRates([ok], { max_rate_age_days: 1.5 })).toEqual([["/conversion/max_rate_age_days", "invalid_type"]]);
    expect(withRates([ok], { max_rate_age_days: "7" })).toEqual([["/conversion/max_rate_age_days", "invalid_type"]]);
  });

  it("refuses an unknown transaction currency and a converted total beyond 10^15 − 1 minor units", () => {
    expect(errorsOf(() =>
      post(ops.calculate_cashflow, {
        ...base,
        conversion: { rates: [ok] },
        transactions: [{ date: "2026-01-02", amount: "1", currency: "XYZ" }],
      })
    )).toEqual([["/transactions/0/currency", "unknown_currency"]]);
    expect(errorsOf(() =>
      post(ops.calculate_cashflow, {
        ...base,
        conversion: { rates: [{ ...ok, rate: "0.5" }] },
        // 9,999,999,999,999.99 USD ÷ 0.5 = 19,999,999,999,999.98 EUR: beyond the limit.
        transactions: [{ date: "2026-01-02", amount: "9999999999999.99", currency: "USD" }],
      })
    )).toEqual([["/transactions", "out_of_range"]]);
  });
});
