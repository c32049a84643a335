import { describe, expect, it } from "vitest";
import { ErrorCollector } from "./error-collector.ts";
import { normalizeTransactions } from "./normalize-transactions.ts";

const EUR = { code: "EUR", scale: 2 };

describe("normalizeTransactions", () => {
  it("parses amounts to minor units and infers the kind from the sign (zero is an expense)", () => {
    const errors = new ErrorCollector();
    const { entries, latestDate } = normalizeTransactions(
      [
        { date: "2026-01-02", amount: "12.30" },
        { date: "2026-03-01", amount: 0 },
        { date: "2026-02-01", amount: "-0.01", category: "x" },
        { date: "2026-01-01", amount: "5", kind: "transfer", currency: "eur" },
      ],
      EUR,
      "/transactions",
      errors,
    );
    expect(errors.empty).toBe(true);
    expect(entries).toEqual([
      { date: "2026-01-02", amount: 1230, kind: "income", category: null, count: 1 },
      { date: "2026-03-01", amount: 0, kind: "expense", category: null, count: 1 },
      { date: "2026-02-01", amount: -1, kind: "expense", category: "x", count: 1 },
      { date: "2026-01-01", amount: 500, kind: "transfer", category: null, count: 1 },
    ]);
    expect(latestDate).toBe("2026-03-01");
  });

  it("caps the reported errors at 100 but counts them all", () => {
    const errors = new ErrorCollector();
    normalizeTransactions(Array(120).fill({ date: "2026-13-01", amount: "x" }), EUR, "/t", errors);
    expect(errors.total).toBe(240);
    expect(errors.items).toHaveLength(100);
    expect(errors.items[0]).toMatchObject({ pointer: "/t/0/date", code: "invalid_date" });
    expect(errors.items[1]).toMatchObject({ pointer: "/t/0/amount", code: "invalid_format" });
  });
});
