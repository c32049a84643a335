import { describe, expect, it } from "vitest";
import { errorsOf, post } from "../testing/run.ts";
import { createOperations } from "./index.ts";

const op = createOperations().byName.calculate_spending_by_category;

describe("calculate_spending_by_category", () => {
  const transactions = [
    { date: "2026-01-10", amount: "-120.00", category: "groceries" },
    { date: "2026-01-11", amount: "20.00", kind: "expense", category: "groceries" }, // refund
    { date: "2026-02-01", amount: "-50.00" }, // uncategorized
    { date: "2026-02-02", amount: "-50.00", category: "fun" },
    { date: "2026-02-03", amount: "3000.00", category: "salary" },
    { date: "2026-02-04", amount: "-200.00", kind: "transfer" },
    { date: "2026-04-01", amount: "-9.99", category: "fun" },
  ];

  it("echoes null bounds when none were sent and counts everything", () => {
    const r = post(op, { currency: "EUR", transactions });
    expect(Object.keys(r)).toEqual(["currency", "from", "to", "total", "categories", "excluded"]);
    expect([r.from, r.to]).toEqual([null, null]);
    expect(r.total).toBe("209.99");
    expect(r.categories).toEqual([
      { category: "groceries", total: "100.00", share_percent: 47.62, transaction_count: 2 },
      { category: "fun", total: "59.99", share_percent: 28.57, transaction_count: 2 },
      { category: null, total: "50.00", share_percent: 23.81, transaction_count: 1 },
    ]);
    expect(r.excluded).toEqual({ income_count: 1, transfer_count: 1, outside_period_count: 0 });
    expect(op.output.safeParse(r).success).toBe(true);
  });

  it("applies inclusive bounds and echoes them", () => {
    const r = post(op, { currency: "EUR", from: "2026-01-11", to: "2026-02-02", transactions });
    expect([r.from, r.to, r.total]).toEqual(["2026-01-11", "2026-02-02", "80.00"]);
    // fun and uncategorized tie at 50.00: the named one first.
    expect(r.categories.map((c) => c.category)).toEqual(["fun", null, "groceries"]);
    expect(r.excluded.outside_period_count).toBe(2);
  });

  it("rejects to before from, and impossible dates", () => {
    expect(errorsOf(() => post(op, { currency: "EUR", from: "2026-02-01", to: "2026-01-31", transactions: [] })))
      .toEqual([
        ["/to", "invalid_range"],
      ]);
    expect(errorsOf(() => post(op, { currency: "EUR", from: "2025-02-29", transactions: [] }))).toEqual([
      ["/from", "invalid_date"],
    ]);
  });

  it("a negative total (refunds exceed spending): every share_percent is null", () => {
    // groceries: 30.00 spent − 80.00 refunded = −50.00; fun: 12.50 spent; total −50.00 + 12.50 = −37.50.
    const r = post(op, {
      currency: "EUR",
      transactions: [
        { date: "2026-03-01", amount: "-30.00", category: "groceries" },
        { date: "2026-03-02", amount: "80.00", kind: "expense", category: "groceries" },
        { date: "2026-03-03", amount: "-12.50", category: "fun" },
      ],
    });
    expect(r.total).toBe("-37.50");
    expect(r.categories).toEqual([
      { category: "fun", total: "12.50", share_percent: null, transaction_count: 1 },
      { category: "groceries", total: "-50.00", share_percent: null, transaction_count: 2 },
    ]);
    expect(op.output.safeParse(r).success).toBe(true);
  });

  it("empty input", () => {
    const r = post(op, { currency: "KWD", transactions: [] });
    expect(r.total).toBe("0.000");
    expect(r.categories).toEqual([]);
  });
});
