import { describe, expect, it } from "vitest";
import { errorsOf, post } from "../testing/run.ts";
import { createOperations } from "./index.ts";

const op = createOperations().byName.calculate_budget_summary;

describe("calculate_budget_summary", () => {
  it("formats a hand-worked month (BHD, three decimals)", () => {
    const r = post(op, {
      currency: "bhd",
      year: 2026,
      month: 2,
      budgets: [{ category: "food", amount: "100" }, { category: "rent", amount: 250.5 }],
      transactions: [
        { date: "2026-02-01", amount: "-95.125", category: "food" },
        { date: "2026-02-02", amount: "-300.000", category: "rent" },
        { date: "2026-02-03", amount: "-1.5", category: "taxi" },
        { date: "2026-02-28", amount: "1000" },
        { date: "2026-03-01", amount: "-7", category: "food" },
      ],
    });
    expect(Object.keys(r)).toEqual([
      "currency",
      "year",
      "month",
      "period_start",
      "period_end",
      "income",
      "budgeted",
      "spent",
      "remaining",
      "unbudgeted_spent",
      "carryover_in",
      "available",
      "categories",
    ]);
    expect(r).toMatchObject({
      currency: "BHD",
      period_start: "2026-02-01",
      period_end: "2026-02-28",
      income: "1000.000",
      budgeted: "350.500",
      spent: "396.625",
      remaining: "-46.125",
      unbudgeted_spent: "1.500",
    });
    expect(r.categories).toEqual([
      {
        category: "food",
        budgeted: "100.000",
        spent: "95.125",
        remaining: "4.875",
        percent_used: 95.12,
        status: "near",
        carryover_in: "0.000",
        available: "4.875",
      }, // 95.125 → 95.12 (tie, to even),
      {
        category: "rent",
        budgeted: "250.500",
        spent: "300.000",
        remaining: "-49.500",
        percent_used: 119.76,
        status: "over",
        carryover_in: "0.000",
        available: "-49.500",
      },
      {
        category: "taxi",
        budgeted: "0.000",
        spent: "1.500",
        remaining: "-1.500",
        percent_used: null,
        status: "unbudgeted",
        carryover_in: "0.000",
        available: "-1.500",
      },
    ]);
    expect(op.output.safeParse(r).success).toBe(true);
  });

  it("rejects duplicate and negative budgets with pointers", () => {
    const errors = errorsOf(() =>
      post(op, {
        currency: "EUR",
        year: 2026,
        month: 1,
        budgets: [{ category: "a", amount: "1" }, { category: "b", amount: "-1" }, { category: "a", amount: "2" }],
        transactions: [],
      })
    );
    expect(errors).toEqual([["/budgets/1/amount", "out_of_range"], ["/budgets/2/category", "duplicate"]]);
  });

  it("requires year and month in range", () => {
    expect(errorsOf(() => post(op, { currency: "EUR", month: 13, budgets: [], transactions: [] }))).toEqual([
      ["/year", "required"],
      ["/month", "out_of_range"],
    ]);
  });
});
