import { describe, expect, it } from "vitest";
import { errorsOf, post } from "../testing/run.ts";
import { createOperations } from "./index.ts";

const op = createOperations().byName.calculate_cashflow;

describe("calculate_cashflow", () => {
  const body = {
    currency: "eur",
    transactions: [
      { date: "2026-01-05", amount: "2500.00", category: "salary" },
      { date: "2026-01-07", amount: -42.1, category: "groceries" },
      { date: "2026-01-20", amount: "10", kind: "expense", category: "groceries", currency: "EUR" },
      { date: "2026-02-01", amount: "-100.00", kind: "income" },
      { date: "2026-02-10", amount: "-500.00", kind: "transfer" },
      { date: "2025-12-31", amount: "-99.00" },
    ],
  };

  it("formats a hand-worked report: money as exact strings, fixed key order", () => {
    const r = post(op, body);
    expect(Object.keys(r)).toEqual([
      "currency",
      "year",
      "months",
      "totals",
      "months_with_activity",
      "monthly_average",
      "savings_rate_percent",
      "excluded",
    ]);
    expect(r.currency).toBe("EUR");
    expect(r.year).toBe(2026); // year of the latest transaction
    expect(r.months[0]).toEqual({
      month: 1,
      income: "2500.00",
      expenses: "32.10",
      net: "2467.90",
      cumulative_net: "2467.90",
      transaction_count: 3,
    });
    expect(r.months[1]).toEqual({
      month: 2,
      income: "-100.00",
      expenses: "0.00",
      net: "-100.00",
      cumulative_net: "2367.90",
      transaction_count: 1,
    });
    expect(r.totals).toEqual({ income: "2400.00", expenses: "32.10", net: "2367.90", transaction_count: 4 });
    expect(r.monthly_average).toEqual({ income: "1200.00", expenses: "16.05", net: "1183.95" });
    expect(r.savings_rate_percent).toBe(98.66); // 2367.90 / 2400.00 = 98.6625 %
    expect(r.excluded).toEqual({ transfer_count: 1, outside_period_count: 1 });
    expect(op.output.safeParse(r).success).toBe(true);
  });

  it("is byte-identical for the same input, and for the same transactions in another order", () => {
    const once = JSON.stringify(post(op, body));
    expect(JSON.stringify(post(op, body))).toBe(once);
    const reversed = { ...body, transactions: [...body.transactions].reverse() };
    expect(JSON.stringify(post(op, reversed))).toBe(once);
  });

  it("JPY has no decimals; BHD has three", () => {
    const jpy = post(op, {
      currency: "JPY",
      transactions: [{ date: "2026-03-01", amount: 1200 }, { date: "2026-03-02", amount: "-300" }],
    });
    expect(jpy.totals).toEqual({ income: "1200", expenses: "300", net: "900", transaction_count: 2 });
    const bhd = post(op, { currency: "BHD", transactions: [{ date: "2024-02-29", amount: "1.250" }] });
    expect(bhd.months[1]!.income).toBe("1.250");
    expect(bhd.year).toBe(2024);
  });

  it("the year defaults to that of the latest transaction, transfers included", () => {
    const r = post(op, {
      currency: "EUR",
      transactions: [{ date: "2025-05-01", amount: "1" }, { date: "2027-01-01", amount: "-5", kind: "transfer" }],
    });
    expect(r.year).toBe(2027);
    expect(r.excluded).toEqual({ transfer_count: 1, outside_period_count: 1 });
  });

  it("no transactions: year is required, and with a year the report is empty", () => {
    expect(errorsOf(() => post(op, { currency: "EUR", transactions: [] }))).toEqual([["/year", "required"]]);
    const r = post(op, { currency: "EUR", year: 2026, transactions: [] });
    expect(r.months_with_activity).toBe(0);
    expect(r.monthly_average).toEqual({ income: null, expenses: null, net: null });
    expect(r.savings_rate_percent).toBeNull();
    expect(r.totals.net).toBe("0.00");
  });

  it("rejects bad values with a pointer each, never rounding", () => {
    const errors = errorsOf(() =>
      post(op, {
        currency: "JPY",
        transactions: [
          { date: "2026-02-30", amount: "1" },
          { date: "2026-01-01", amount: "1200.5" },
          { date: "2026-01-01", amount: "1", currency: "usd" },
          { date: "2026-01-01", amount: "1", currency: "XYZ" },
          { date: "2026-01-01", amount: "10000000000000000" },
          { date: "2026-01-01", amount: "+5" },
        ],
      })
    );
    expect(errors).toEqual([
      ["/transactions/0/date", "invalid_date"],
      ["/transactions/1/amount", "too_many_decimals"],
      ["/transactions/2/currency", "currency_mismatch"],
      ["/transactions/3/currency", "unknown_currency"],
      ["/transactions/4/amount", "out_of_range"],
      ["/transactions/5/amount", "invalid_format"],
    ]);
  });

  it("rejects an unknown currency, unknown fields and exponent numbers", () => {
    expect(errorsOf(() => post(op, { currency: "ABC", transactions: [] }))).toEqual([[
      "/currency",
      "unknown_currency",
    ]]);
    expect(errorsOf(() => post(op, { currency: "EUR", transactions: [{ date: "2026-01-01", ammount: "1" }] }))).toEqual(
      [
        ["/transactions/0/amount", "required"],
        ["/transactions/0/ammount", "unknown_field"],
      ],
    );
    expect(errorsOf(() => post(op, '{"currency":"EUR","transactions":[{"date":"2026-01-01","amount":1e2}]}'))).toEqual([
      ["/transactions/0/amount", "exponent_not_allowed"],
    ]);
  });

  it("detects an overflowing total as a 422 on /transactions", () => {
    const big = { date: "2026-01-01", amount: "9999999999999.99" };
    expect(errorsOf(() => post(op, { currency: "EUR", transactions: Array(10).fill(big) }))).toEqual([
      ["/transactions", "out_of_range"],
    ]);
  });

  it("enforces the configurable transaction limit", () => {
    const small = createOperations({ transactions: 2 }).byName.calculate_cashflow;
    const t = { date: "2026-01-01", amount: "1" };
    expect(errorsOf(() => post(small, { currency: "EUR", transactions: [t, t, t] }))).toEqual([[
      "/transactions",
      "too_many_items",
    ]]);
    expect(post(small, { currency: "EUR", transactions: [t, t] }).totals.transaction_count).toBe(2);
  });

  it("lists at most 100 errors and says how many there were", () => {
    const bad = { date: "2026-01-01", amount: "1.001" };
    try {
      post(op, { currency: "EUR", transactions: Array(150).fill(bad) });
      expect.unreachable();
    } catch (error) {
      const e = error as { errors: unknown[]; message: string };
      expect(e.errors).toHaveLength(100);
      expect(e.message).toContain("150");
    }
  });
});
