import { describe, expect, it } from "vitest";
import { ledgerEntries } from "./ledger-entries.ts";

describe("ledgerEntries", () => {
  const row = (currency: string, month: string | null, amount_minor: number) => ({
    currency,
    month,
    kind: "expense" as const,
    category: month === null ? null : "food",
    amount_minor,
    transaction_count: 2,
  });

  it("keeps one currency, clamps month starts before the period, and lists the other currencies in range", () => {
    const { entries, currencies } = ledgerEntries(
      [
        row("EUR", "2026-01-01", -500),
        row("EUR", "2026-02-01", -700),
        row("EUR", null, -900),
        row("USD", "2026-01-01", -1),
        row("GBP", null, -1),
      ],
      "EUR",
      "2026-01-15",
    );
    expect(entries).toEqual([
      { date: "2026-01-15", amount: -500, kind: "expense", category: "food", count: 2 },
      { date: "2026-02-01", amount: -700, kind: "expense", category: "food", count: 2 },
      { date: null, amount: -900, kind: "expense", category: null, count: 2 },
    ]);
    expect(currencies).toEqual(["USD"]);
  });
});
