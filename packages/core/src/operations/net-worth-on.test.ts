import { describe, expect, it } from "vitest";
import { InMemoryAccountData } from "../testing/in-memory-account-data.ts";
import { storedImport } from "../testing/statement-import.ts";
import { storedTransaction } from "../testing/stored-transaction.ts";
import { netWorthOn } from "./net-worth-on.ts";

let n = 0;
/** Imports stamped one second apart, in creation order. */
const imp = (fields: Parameters<typeof storedImport>[0]) =>
  storedImport({ imported_at: `2026-05-01T00:00:${String(++n % 60).padStart(2, "0")}Z`, ...fields });
const tx = (importId: string, date: string, amount: number, currency = "EUR") =>
  storedTransaction(date, amount, null, currency, { statement_import_id: importId });

describe("netWorthOn (hand-worked)", () => {
  const jan = imp({
    account_name: "Checking",
    statement_start: "2026-01-01",
    statement_end: "2026-01-31",
    opening_balance_minor: 100000,
    closing_balance_minor: 150000,
  });
  const feb = imp({
    account_name: "Checking",
    statement_start: "2026-02-01",
    statement_end: "2026-02-28",
    opening_balance_minor: 150000,
    closing_balance_minor: 140000,
  });
  const savings = imp({
    account_name: "Savings",
    statement_start: "2026-01-15",
    statement_end: "2026-02-14",
    opening_balance_minor: 500000,
  });
  const card = imp({
    account_name: "Visa",
    statement_start: "2026-02-01",
    statement_end: "2026-02-28",
    opening_balance_minor: -20000,
    closing_balance_minor: -35000,
  });
  const failed = imp({
    account_name: "Checking",
    status: "failed",
    statement_start: "2026-02-10",
    statement_end: "2026-02-20",
    opening_balance_minor: 999999,
  });
  const processing = imp({ account_name: "Broker", status: "processing", statement_start: "2026-01-01" });
  const dollars = imp({ account_name: "US", currency: "USD", statement_start: "2026-01-01", opening_balance_minor: 7 });
  const noOpening = imp({ account_name: "Loan", statement_start: "2026-01-01", opening_balance_minor: null });
  const data = () =>
    new InMemoryAccountData({
      imports: [jan, feb, savings, card, failed, processing, dollars, noOpening],
      transactions: [
        tx(jan.id, "2026-01-10", 50000),
        tx(feb.id, "2026-02-05", -10000),
        tx(savings.id, "2026-01-20", 2500),
        tx(savings.id, "2026-02-10", 2500),
        tx(card.id, "2026-02-12", -15000),
        tx(failed.id, "2026-02-12", 123),
        tx(dollars.id, "2026-01-02", 100, "USD"),
        tx(noOpening.id, "2026-01-05", 5000),
      ],
    });

  it("sums every account's balance on the date, by the one balance rule", async () => {
    // 2026-02-12: Checking inside February 1,500.00 − 100.00 = 1,400.00; Savings inside its span 5,000.00 + 25.00
    // + 25.00 = 5,050.00; Visa −200.00 − 150.00 = −350.00. Total 6,100.00. The failed import is ignored; the loan
    // statement has no opening balance and reports no closing one, so it gives no balance and is not counted.
    expect(await netWorthOn(data(), "EUR", "2026-02-12")).toBe(610000n);
  });

  it("after the spans: reported closing balances, or computed ones; before any statement: nothing", async () => {
    // 2026-03-15: Checking reports 1,400.00; Savings reports none, computed 5,050.00; Visa reports −350.00.
    expect(await netWorthOn(data(), "EUR", "2026-03-15")).toBe(610000n);
    // 2026-01-10: only Checking (1,000.00 + 500.00); Savings starts on the 15th, Visa in February.
    expect(await netWorthOn(data(), "EUR", "2026-01-10")).toBe(150000n);
    expect(await netWorthOn(data(), "EUR", "2025-12-31")).toBe(0n);
  });

  it("an OFX-only account counts inside its span from its derived opening balance (the forecast's start)", async () => {
    // The card reports −450.00 on March 31 and no opening balance; −120.00 on the 4th, −30.00 on the 18th: derived
    // opening −300.00. On March 10: −300.00 − 120.00 = −420.00; Checking after February: its reported 1,400.00;
    // Savings after its span: computed 5,050.00. Total 6,030.00.
    const ofx = imp({
      account_name: "Amex",
      statement_start: "2026-03-01",
      statement_end: "2026-03-31",
      opening_balance_minor: null,
      closing_balance_minor: -45000,
    });
    const d = new InMemoryAccountData({
      imports: [jan, feb, savings, ofx],
      transactions: [
        tx(jan.id, "2026-01-10", 50000),
        tx(feb.id, "2026-02-05", -10000),
        tx(savings.id, "2026-01-20", 2500),
        tx(savings.id, "2026-02-10", 2500),
        tx(ofx.id, "2026-03-04", -12000),
        tx(ofx.id, "2026-03-18", -3000),
      ],
    });
    expect(await netWorthOn(d, "EUR", "2026-03-10")).toBe(603000n);
  });

  it("counts only the requested currency and reads aggregates for that one date", async () => {
    const d = data();
    expect(await netWorthOn(d, "USD", "2026-01-05")).toBe(107n);
    expect(d.calls).toEqual(["statementBalances(USD,2026-01-05)"]);
  });
});
