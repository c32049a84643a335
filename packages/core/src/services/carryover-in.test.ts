import { describe, expect, it } from "vitest";
import { carryoverIn, type ChainMonth } from "./carryover-in.ts";

const idx = (year: number, month: number) => year * 12 + month - 1;
const m = (year: number, month: number, budgeted: number | undefined, spent: number): ChainMonth => ({
  index: idx(year, month),
  budgeted,
  spent,
});
const MARCH = idx(2026, 3);

describe("carryoverIn (hand-worked chains into March 2026)", () => {
  it("positive versus full after overspending", () => {
    // January: 100.00 budgeted, 150.00 spent → available −50.00. February: 100.00 budgeted, 20.00 spent.
    const months = [m(2026, 1, 10000, 15000), m(2026, 2, 10000, 2000)];
    // full: February gets −50.00, so February's available is 100.00 − 50.00 − 20.00 = 30.00.
    expect(carryoverIn("full", MARCH, months)).toBe(3000);
    // positive: February gets max(0, −50.00) = 0, so February's available is 100.00 − 20.00 = 80.00.
    expect(carryoverIn("positive", MARCH, months)).toBe(8000);
    expect(carryoverIn("none", MARCH, months)).toBe(0);
  });

  it("a month without a budget row in the middle keeps the chain going with budgeted 0", () => {
    // January 100.00 − 40.00 = 60.00; February no row, 10.00 spent → 50.00 into March.
    expect(carryoverIn("positive", MARCH, [m(2026, 1, 10000, 4000), m(2026, 2, undefined, 1000)])).toBe(5000);
    expect(carryoverIn("full", MARCH, [m(2026, 1, 10000, 4000), m(2026, 2, undefined, 1000)])).toBe(5000);
    // February spends 70.00 instead: full carries 60.00 − 70.00 = −10.00, positive floors it at 0.
    expect(carryoverIn("full", MARCH, [m(2026, 1, 10000, 4000), m(2026, 2, undefined, 7000)])).toBe(-1000);
    expect(carryoverIn("positive", MARCH, [m(2026, 1, 10000, 4000), m(2026, 2, undefined, 7000)])).toBe(0);
  });

  it("spending before the first budget row does not count; a chain starting in the month itself carries nothing", () => {
    // December 2025: 30.00 spent without a row (before the chain), January: 50.00 budgeted, nothing spent.
    expect(carryoverIn("full", MARCH, [m(2025, 12, undefined, 3000), m(2026, 1, 5000, 0)])).toBe(5000);
    // Only spending, no budget row in the 24 months before: no chain.
    expect(carryoverIn("full", MARCH, [m(2026, 1, undefined, 3000), m(2026, 2, undefined, 100)])).toBe(0);
    // A row for March itself (first budgeted this month) is not part of the months before it.
    expect(carryoverIn("full", MARCH, [m(2026, 3, 9000, 100)])).toBe(0);
  });

  it("the chain starts at most 24 months back: March 2024 counts, February 2024 does not", () => {
    const months = [
      m(2024, 2, 100000, 0), // 25 months before March 2026: ignored, budget and spending
      m(2024, 3, 500, 0), // exactly 24 months before: the chain starts here
      m(2025, 6, undefined, 200), // −2.00
    ];
    expect(carryoverIn("full", MARCH, months)).toBe(300);
    expect(carryoverIn("positive", MARCH, months)).toBe(300);
    // Without the March 2024 row, the February 2024 row is out of reach: no chain at all.
    expect(carryoverIn("full", MARCH, [m(2024, 2, 100000, 0), m(2025, 6, undefined, 200)])).toBe(0);
  });

  it("refunds (negative spending) add to what is available; the order of the months does not matter", () => {
    const months = [m(2026, 2, 0, -1500), m(2026, 1, 1000, 3000)];
    // January 10.00 − 30.00 = −20.00; February (full) 0 − 20.00 + 15.00 = −5.00; (positive) 0 + 15.00 = 15.00.
    expect(carryoverIn("full", MARCH, months)).toBe(-500);
    expect(carryoverIn("positive", MARCH, months)).toBe(1500);
  });
});
