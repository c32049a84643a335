import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { entry, rawEntryArb } from "../testing/ledger.ts";
import { spendingTrends } from "./spending-trends.ts";

describe("spendingTrends (hand-worked 4-month window across a year boundary: Nov 2025 – Feb 2026)", () => {
  const entries = [
    entry("2025-11-03", -10000, "expense", "groceries"),
    entry("2025-12-03", -10000, "expense", "groceries"),
    entry("2026-01-03", -10000, "expense", "groceries"),
    entry("2026-02-03", -15000, "expense", "groceries"),
    entry("2026-02-20", -5000, "expense", "groceries"), // February: 200.00, a spike
    ...["2025-11-01", "2025-12-01", "2026-01-01", "2026-02-01"].map((d) => entry(d, -50000, "expense", "rent")),
    entry("2026-02-14", -3000, "expense", "dining"), // new this month
    ...["2025-11-09", "2025-12-09", "2026-01-09"].map((d) => entry(d, -30000, "expense", "travel")),
    entry("2026-02-09", -10000, "expense", "travel"), // a drop
    entry("2026-02-11", -500, "expense", null),
    entry("2025-12-11", 200, "expense", null), // a refund-only month: −2.00
    entry("2026-02-25", 300000, "income", "salary"), // income never counts
    entry("2026-02-26", -70000, "transfer", "savings"), // nor transfers
    entry("2025-10-31", -99999, "expense", "groceries"), // before the window
    entry("2026-03-01", -99999, "expense", "groceries"), // after it
  ];
  const r = spendingTrends(entries, 2026, 2, 4);

  it("echoes the window", () => {
    expect([r.year, r.month, r.months, r.window_start, r.window_end]).toEqual([2026, 2, 4, "2025-11-01", "2026-02-28"]);
  });

  it("orders by current, descending, then name, with the null category last", () => {
    expect(r.categories.map((c) => [c.category, c.monthly, c.mean, c.median, c.current, c.trailing_average])).toEqual([
      ["rent", [50000, 50000, 50000, 50000], 50000, 50000, 50000, 50000],
      ["groceries", [10000, 10000, 10000, 20000], 12500, 10000, 20000, 10000],
      ["travel", [30000, 30000, 30000, 10000], 25000, 30000, 10000, 30000],
      ["dining", [0, 0, 0, 3000], 750, 0, 3000, 0],
      // mean 300 / 4 = 75; median of −200 0 0 500 = 0; trailing −200 / 3 = −66.67 → −67
      [null, [0, -200, 0, 500], 75, 0, 500, -67],
    ]);
    expect(r.categories.map((c) => [c.category, c.change_percent, c.flag])).toEqual([
      ["rent", 0, null],
      ["groceries", 100, "spike"],
      ["travel", -66.67, "drop"],
      ["dining", null, "new"],
      [null, -850, null], // (1500 + 200) / −200 × 100
    ]);
  });

  it("sums every category in the total row", () => {
    expect(r.total).toEqual({
      monthly: [90000, 89800, 90000, 83500],
      mean: 88325, // 353300 / 4
      median: 89900, // (89800 + 90000) / 2
      current: 83500,
      trailing_average: 89933, // 269800 / 3 = 89933.33…
      change_percent: -7.15, // (250500 − 269800) / 269800 × 100 = −7.153…
      flag: null,
    });
  });

  it("a category with expenses that net to zero still appears; an empty window has a zero total", () => {
    const t = spendingTrends(
      [entry("2026-01-05", -100, "expense", "a"), entry("2026-01-06", 100, "expense", "a")],
      2026,
      2,
      2,
    );
    expect(t.categories.map((c) => [c.category, c.monthly])).toEqual([["a", [0, 0]]]);
    const empty = spendingTrends([], 2026, 1, 2);
    expect([empty.window_start, empty.window_end, empty.categories]).toEqual(["2025-12-01", "2026-01-31", []]);
    expect(empty.total).toMatchObject({ monthly: [0, 0], change_percent: null, flag: null });
  });

  it("a 24-month window ending in January starts 23 months earlier", () => {
    const t = spendingTrends([], 2026, 1, 24);
    expect([t.window_start, t.window_end, t.total.monthly.length]).toEqual(["2024-02-01", "2026-01-31", 24]);
  });
});

describe("spendingTrends properties", () => {
  const input = fc.record({
    entries: fc.array(rawEntryArb, { maxLength: 60 }),
    month: fc.integer({ min: 1, max: 12 }),
    months: fc.integer({ min: 2, max: 24 }),
  });

  it("the categories' monthly values (and so their current) sum to the total's", () => {
    fc.assert(fc.property(input, ({ entries, month, months }) => {
      const r = spendingTrends(entries, 2026, month, months);
      const current = r.categories.reduce((s, c) => s + c.current, 0);
      expect(current).toBe(r.total.current);
      for (let i = 0; i < months; i++) {
        expect(r.categories.reduce((s, c) => s + c.monthly[i]!, 0)).toBe(r.total.monthly[i]);
      }
    }));
  });

  it("shuffling the input changes nothing", () => {
    const shuffledInput = input.chain((i) =>
      fc.record({
        i: fc.constant(i),
        shuffled: fc.shuffledSubarray(i.entries, { minLength: i.entries.length, maxLength: i.entries.length }),
      })
    );
    fc.assert(fc.property(shuffledInput, ({ i: { entries, month, months }, shuffled }) => {
      expect(spendingTrends(shuffled, 2026, month, months)).toEqual(spendingTrends(entries, 2026, month, months));
    }));
  });
});
