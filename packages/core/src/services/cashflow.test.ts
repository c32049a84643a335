import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { OverflowError } from "../problem/validation-error.ts";
import { aggregateLikeSql, entry, rawEntryArb } from "../testing/ledger.ts";
import { cashflow } from "./cashflow.ts";

describe("cashflow (hand-worked)", () => {
  const entries = [
    entry("2026-01-05", 250000, "income", "salary"),
    entry("2026-01-07", -4210, "expense", "groceries"),
    entry("2026-01-20", 1000, "expense", "groceries"), // refund: reduces expenses
    entry("2026-02-01", -10000, "income"), // reversal: reduces income
    entry("2026-02-10", -50000, "transfer"), // left out
    entry("2025-12-31", -9900, "expense"), // outside the year
  ];
  const r = cashflow(entries, 2026);

  it("computes each month", () => {
    expect(r.months[0]).toEqual({
      month: 1,
      income: 250000,
      expenses: 3210,
      net: 246790,
      cumulative_net: 246790,
      transaction_count: 3,
    });
    expect(r.months[1]).toEqual({
      month: 2,
      income: -10000,
      expenses: 0,
      net: -10000,
      cumulative_net: 236790,
      transaction_count: 1,
    });
    expect(r.months[11]).toEqual({
      month: 12,
      income: 0,
      expenses: 0,
      net: 0,
      cumulative_net: 236790,
      transaction_count: 0,
    });
    expect(r.months.map((m) => m.month)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  });

  it("totals, averages over active months, savings rate and exclusions", () => {
    expect(r.totals).toEqual({ income: 240000, expenses: 3210, net: 236790, transaction_count: 4 });
    expect(r.months_with_activity).toBe(2);
    expect(r.monthly_average).toEqual({ income: 120000, expenses: 1605, net: 118395 });
    expect(r.savings_rate_percent).toBe(98.66); // 236790 / 240000 = 98.6625 %
    expect(r.excluded).toEqual({ transfer_count: 1, outside_period_count: 1 });
  });

  it("rounds averages half to even", () => {
    // 5 minor units of expenses over 2 active months = 2.5 → 2; net −2.5 → −2.
    const t = cashflow([entry("2026-01-02", -1, "expense"), entry("2026-03-02", -4, "expense")], 2026);
    expect(t.monthly_average).toEqual({ income: 0, expenses: 2, net: -2 });
    // 7 over 2 = 3.5 → 4.
    const u = cashflow([entry("2026-01-02", 3, "income"), entry("2026-03-02", 4, "income")], 2026);
    expect(u.monthly_average.income).toBe(4);
  });

  it("counts a month as active even when it nets to zero", () => {
    const t = cashflow([entry("2026-05-01", -500, "expense"), entry("2026-05-02", 500, "expense")], 2026);
    expect(t.months_with_activity).toBe(1);
    expect(t.months[4]!.expenses).toBe(0);
  });

  it("empty input: zeros, null averages and a null savings rate", () => {
    const t = cashflow([], 2026);
    expect(t.totals).toEqual({ income: 0, expenses: 0, net: 0, transaction_count: 0 });
    expect(t.months_with_activity).toBe(0);
    expect(t.monthly_average).toEqual({ income: null, expenses: null, net: null });
    expect(t.savings_rate_percent).toBeNull();
  });

  it("only transfers: no activity, all counted as transfers", () => {
    const t = cashflow([entry("2026-01-01", 100, "transfer"), entry("2020-01-01", -100, "transfer")], 2026);
    expect(t.months_with_activity).toBe(0);
    expect(t.excluded).toEqual({ transfer_count: 2, outside_period_count: 0 });
  });

  it("detects overflow of a total instead of losing precision", () => {
    const big = 999_999_999_999_999;
    const many = Array.from({ length: 10 }, () => entry("2026-01-01", big, "income"));
    expect(() => cashflow(many, 2026)).toThrow(OverflowError);
  });
});

describe("cashflow properties", () => {
  const entries = fc.array(rawEntryArb, { maxLength: 60 });

  it("totals equal the sums of the months; every transaction is counted once", () => {
    fc.assert(fc.property(entries, (list) => {
      const r = cashflow(list, 2026);
      const sum = (f: (m: (typeof r.months)[number]) => number) => r.months.reduce((s, m) => s + f(m), 0);
      expect(r.totals.income).toBe(sum((m) => m.income));
      expect(r.totals.expenses).toBe(sum((m) => m.expenses));
      expect(r.totals.net).toBe(sum((m) => m.net));
      expect(r.totals.transaction_count).toBe(sum((m) => m.transaction_count));
      expect(r.months[11]!.cumulative_net).toBe(r.totals.net);
      expect(r.totals.transaction_count + r.excluded.transfer_count + r.excluded.outside_period_count).toBe(
        list.length,
      );
    }));
  });

  it("the input order does not matter", () => {
    fc.assert(fc.property(entries, fc.integer(), (list, seed) => {
      const shuffled = [...list].sort((a, b) => ((a.amount * 31 + seed) % 7) - ((b.amount * 31 + seed) % 7));
      expect(cashflow(shuffled, 2026)).toEqual(cashflow(list, 2026));
    }));
  });

  it("aggregated rows (as the SQL returns them) give the same report as raw transactions", () => {
    fc.assert(fc.property(entries, (list) => {
      expect(cashflow(aggregateLikeSql(list, "2026-01-01", "2026-12-31"), 2026)).toEqual(cashflow(list, 2026));
    }));
  });
});
