import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { aggregateLikeSql, entry, rawEntryArb } from "../testing/ledger.ts";
import { spendingByCategory } from "./spending-by-category.ts";

describe("spendingByCategory (hand-worked)", () => {
  const entries = [
    entry("2026-02-01", -30000, "expense", "c"),
    entry("2026-02-02", -10000, "expense", "b"),
    entry("2026-02-03", -10000, "expense", "a"),
    entry("2026-02-04", -10000, "expense", null),
    entry("2026-02-05", 5000, "expense", "d"), // a refund alone: negative total
    entry("2026-02-06", 250000, "income", "salary"),
    entry("2026-02-07", -7000, "transfer"),
    entry("2026-04-01", -999, "expense", "c"), // after `to`
    entry("2026-01-31", -999, "expense", "c"), // before `from`
  ];
  const r = spendingByCategory(entries, "2026-02-01", "2026-03-31");

  it("sorts by total descending, then name, with null after an equal named total", () => {
    expect(r.categories.map((c) => [c.category, c.total])).toEqual([
      ["c", 30000],
      ["a", 10000],
      ["b", 10000],
      [null, 10000],
      ["d", -5000],
    ]);
  });

  it("computes the total, the shares and the exclusions", () => {
    expect(r.total).toBe(55000);
    expect(r.categories.map((c) => c.share_percent)).toEqual([54.55, 18.18, 18.18, 18.18, -9.09]);
    expect(r.categories.map((c) => c.transaction_count)).toEqual([1, 1, 1, 1, 1]);
    expect(r.excluded).toEqual({ income_count: 1, transfer_count: 1, outside_period_count: 2 });
  });

  it("includes both bounds and treats a null bound as open", () => {
    const list = [entry("2026-02-01", -100, "expense"), entry("2026-03-31", -200, "expense")];
    expect(spendingByCategory(list, "2026-02-01", "2026-03-31").total).toBe(300);
    expect(spendingByCategory(list, null, "2026-02-01").total).toBe(100);
    expect(spendingByCategory(list, "2026-03-31", null).total).toBe(200);
    expect(spendingByCategory(list, null, null).total).toBe(300);
  });

  it("orders names by code point, not locale (upper case first)", () => {
    const list = [entry("2026-02-01", -100, "expense", "rent"), entry("2026-02-01", -100, "expense", "Rent")];
    expect(spendingByCategory(list, null, null).categories.map((c) => c.category)).toEqual(["Rent", "rent"]);
  });

  it("empty input: zero total, no categories", () => {
    expect(spendingByCategory([], null, null)).toEqual({
      total: 0,
      categories: [],
      excluded: { income_count: 0, transfer_count: 0, outside_period_count: 0 },
    });
  });

  it("share is null when refunds cancel the total", () => {
    const r2 = spendingByCategory(
      [entry("2026-02-01", -100, "expense", "a"), entry("2026-02-01", 100, "expense", "b")],
      null,
      null,
    );
    expect(r2.total).toBe(0);
    expect(r2.categories.map((c) => c.share_percent)).toEqual([null, null]);
  });

  it("a negative total (refunds exceed spending) has null shares (API.md §2: zero or less)", () => {
    // a: 10.00 spent; b: 50.00 refunded; the total is 10.00 − 50.00 = −40.00: no share means anything.
    const r3 = spendingByCategory(
      [entry("2026-02-01", -1000, "expense", "a"), entry("2026-02-02", 5000, "expense", "b")],
      null,
      null,
    );
    expect(r3.total).toBe(-4000);
    expect(r3.categories.map((c) => [c.category, c.total, c.share_percent, c.transaction_count])).toEqual([
      ["a", 1000, null, 1],
      ["b", -5000, null, 1],
    ]);
    // a total of −0.01 (the smallest negative) is still null, and +0.01 divides: 2.00 / 0.01 = 20000 %.
    const tiny = spendingByCategory(
      [entry("2026-02-01", -200, "expense", "B"), entry("2026-02-02", 201, "expense", "A")],
      null,
      null,
    );
    expect(tiny.total).toBe(-1);
    expect(tiny.categories.map((c) => c.share_percent)).toEqual([null, null]);
    const plus = spendingByCategory(
      [entry("2026-02-01", -200, "expense", "B"), entry("2026-02-02", 199, "expense", "A")],
      null,
      null,
    );
    expect(plus.total).toBe(1);
    expect(plus.categories.map((c) => [c.category, c.share_percent])).toEqual([["B", 20000], ["A", -19900]]);
  });
});

describe("spendingByCategory properties", () => {
  const entries = fc.array(rawEntryArb, { maxLength: 60 });

  it("the total is the sum of the categories; each transaction is counted once", () => {
    fc.assert(fc.property(entries, (list) => {
      const r = spendingByCategory(list, "2026-01-01", "2026-06-30");
      expect(r.total).toBe(r.categories.reduce((s, c) => s + c.total, 0));
      const counted = r.categories.reduce((s, c) => s + c.transaction_count, 0);
      expect(counted + r.excluded.income_count + r.excluded.transfer_count + r.excluded.outside_period_count)
        .toBe(list.length);
    }));
  });

  it("shares are numbers exactly when the total is positive, and then sum to about 100", () => {
    fc.assert(fc.property(entries, (list) => {
      const r = spendingByCategory(list, null, null);
      const shares = r.categories.map((c) => c.share_percent);
      if (r.total <= 0) expect(shares.every((s) => s === null)).toBe(true);
      else {
        expect(shares.every((s) => typeof s === "number")).toBe(true);
        // each share is rounded to 0.01, so the sum is 100 within half a hundredth per category
        const sum = shares.reduce<number>((a, s) => a + s!, 0);
        expect(Math.abs(sum - 100)).toBeLessThanOrEqual(0.005 * shares.length + 1e-9);
      }
    }));
  });

  it("the input order does not matter", () => {
    fc.assert(fc.property(entries, (list) => {
      expect(spendingByCategory([...list].reverse(), "2026-01-01", null)).toEqual(
        spendingByCategory(list, "2026-01-01", null),
      );
    }));
  });

  it("aggregated rows give the same report as raw transactions (month-start dates clamped to `from`)", () => {
    fc.assert(fc.property(entries, (list) => {
      const from = "2026-01-15";
      const to = "2026-06-20";
      const aggregated = aggregateLikeSql(list, from, to).map((e) => ({
        ...e,
        date: e.date !== null && e.date < from ? from : e.date,
      }));
      expect(spendingByCategory(aggregated, from, to)).toEqual(spendingByCategory(list, from, to));
    }));
  });
});
