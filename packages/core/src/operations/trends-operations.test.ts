import { describe, expect, it } from "vitest";
import { InMemoryAccountData } from "../testing/in-memory-account-data.ts";
import { storedTransaction } from "../testing/stored-transaction.ts";
import { asyncErrorsOf, errorsOf, get, post } from "../testing/run.ts";
import { createOperations } from "./index.ts";

const { byName } = createOperations();
const calculate = byName.calculate_trends;
const getTrends = byName.get_trends;

describe("calculate_trends", () => {
  it("formats a hand-worked 3-month window (JPY, no decimals), echoing the window", () => {
    const r = post(calculate, {
      currency: "jpy",
      year: 2026,
      month: 1,
      months: 3,
      transactions: [
        { date: "2025-11-02", amount: "-1000", category: "food" },
        { date: "2025-12-02", amount: -1001, category: "food" },
        { date: "2026-01-02", amount: "-2000", category: "food" },
        { date: "2026-01-03", amount: "-300" },
        { date: "2026-01-04", amount: "500", kind: "expense", category: "shoes" }, // a refund-only category
        { date: "2026-01-05", amount: "9000" }, // income
        { date: "2025-10-31", amount: "-7", category: "food" }, // outside
      ],
    });
    expect(r).toEqual({
      currency: "JPY",
      year: 2026,
      month: 1,
      months: 3,
      window_start: "2025-11-01",
      window_end: "2026-01-31",
      total: {
        monthly: ["1000", "1001", "1800"],
        mean: "1267", // 3801 / 3 = 1267
        median: "1001",
        current: "1800",
        trailing_average: "1000", // 2001 / 2 = 1000.5 → 1000 (even)
        change_percent: 79.91, // (3600 − 2001) / 2001 × 100 = 79.910…
        flag: "spike", // 3600 > 3 × 2001 / 2… i.e. 1800 > 1.5 × 1000.5 = 1500.75
      },
      categories: [
        {
          category: "food",
          monthly: ["1000", "1001", "2000"],
          mean: "1334", // 4001 / 3 = 1333.67
          median: "1001",
          current: "2000",
          trailing_average: "1000",
          change_percent: 99.9, // (4000 − 2001) / 2001 × 100 = 99.900…
          flag: "spike",
        },
        {
          category: "shoes",
          monthly: ["0", "0", "-500"],
          mean: "-167",
          median: "0",
          current: "-500",
          trailing_average: "0",
          change_percent: null,
          flag: null,
        },
        {
          category: null,
          monthly: ["0", "0", "300"],
          mean: "100",
          median: "0",
          current: "300",
          trailing_average: "0",
          change_percent: null,
          flag: "new",
        },
      ],
    });
    expect(calculate.output.safeParse(r).success).toBe(true);
  });

  it("defaults months to 12", () => {
    const r = post(calculate, { currency: "EUR", year: 2026, month: 12, transactions: [] });
    expect([r.months, r.window_start, r.window_end, r.total.monthly.length]).toEqual([
      12,
      "2026-01-01",
      "2026-12-31",
      12,
    ]);
  });

  it("rejects months 1 and 25, a window before year 1, and a transaction in another currency", () => {
    const base = { currency: "EUR", year: 2026, month: 3, transactions: [] };
    expect(errorsOf(() => post(calculate, { ...base, months: 1 }))).toEqual([["/months", "out_of_range"]]);
    expect(errorsOf(() => post(calculate, { ...base, months: 25 }))).toEqual([["/months", "out_of_range"]]);
    expect(errorsOf(() => post(calculate, { ...base, months: 2.5 }))).toHaveLength(1);
    expect(errorsOf(() => post(calculate, { ...base, year: 1, month: 3, months: 4 }))).toEqual([
      ["/months", "out_of_range"],
    ]);
    expect(post(calculate, { ...base, year: 1, month: 3, months: 3 }).window_start).toBe("0001-01-01");
    try {
      post(calculate, { ...base, year: 1, month: 3, months: 4 });
      expect.unreachable();
    } catch (error) {
      expect((error as { errors: { message: string }[] }).errors[0]!.message).toBe(
        "`/months`: The 4-month window ending 0001-03 would start before year 0001; ask for fewer months.",
      );
    }
    expect(
      errorsOf(() =>
        post(calculate, { ...base, transactions: [{ date: "2026-03-01", amount: "-1.00", currency: "USD" }] })
      ),
    ).toEqual([["/transactions/0/currency", "currency_mismatch"]]);
  });
});

describe("get_trends", () => {
  const tx = storedTransaction;
  const stored = {
    profile: { default_currency: "EUR", timezone: "UTC", today: "2026-03-15" },
    transactions: [
      tx("2026-02-01", -4000, "dining"),
      tx("2026-02-11", -4000, "dining"),
      tx("2026-03-01", -1000, "dining"),
      tx("2026-03-01", -9999, "dining", "USD"), // another currency: left out
      tx("2026-03-02", 100000, "salary"), // income
    ],
  };

  it("defaults to the current month and 12 months, reading the monthly expense totals of the window", async () => {
    const data = new InMemoryAccountData(stored);
    const r = await get(getTrends, {}, { data, subject: "s" });
    expect([r.currency, r.year, r.month, r.months, r.window_start, r.window_end]).toEqual([
      "EUR",
      2026,
      3,
      12,
      "2025-04-01",
      "2026-03-31",
    ]);
    expect(r.categories).toEqual([{
      category: "dining",
      monthly: ["0.00", "0.00", "0.00", "0.00", "0.00", "0.00", "0.00", "0.00", "0.00", "0.00", "80.00", "10.00"],
      mean: "7.50",
      median: "0.00",
      current: "10.00",
      trailing_average: "26.67", // 80.00 / 3
      change_percent: -62.5,
      flag: "drop",
    }]);
    expect(data.calls).toEqual(["profile", "monthlySpending(EUR,2025-04-01,2026-03-01)"]);
    expect(getTrends.output.safeParse(r).success).toBe(true);
  });

  it("takes year, month, months and currency from the query (a 2-month window)", async () => {
    const data = new InMemoryAccountData(stored);
    const r = await get(getTrends, { year: "2026", month: "3", months: "2", currency: "usd" }, { data, subject: "s" });
    expect([r.currency, r.window_start, r.categories.map((c) => [c.category, c.monthly, c.flag])]).toEqual([
      "USD",
      "2026-02-01",
      [["dining", ["0.00", "99.99"], "new"]],
    ]);
    expect(data.calls).toEqual(["profile", "monthlySpending(USD,2026-02-01,2026-03-01)"]);
  });

  it("rejects months 1, 25 and non-integers with 422 on the parameter", async () => {
    const data = new InMemoryAccountData(stored);
    for (const months of ["1", "25", "1.5", "abc", 0]) {
      expect(await asyncErrorsOf(() => get(getTrends, { months }, { data, subject: "s" }))).toEqual([
        ["months", expect.any(String)],
      ]);
    }
    expect(await asyncErrorsOf(() => get(getTrends, { months: "25" }, { data, subject: "s" }))).toEqual([
      ["months", "out_of_range"],
    ]);
  });
});
