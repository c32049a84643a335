/**
 * DayGroups (parallel arrays, a typed array of days per category, currency and kind) against the simplest
 * reference: a map from the group's key to its exact bigint sum and count, listed in the documented order (dates in
 * order of first appearance, then categories in order of first appearance within the date, then groups in order of
 * creation). Random transactions over several years, large and bigint amounts, null categories and days with more
 * than 64 groups (the order's map branch).
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { Kind } from "../contracts/account-data.ts";
import { DayGroups } from "./day-groups.ts";

interface Add {
  currency: string;
  date: string;
  kind: Kind;
  category: string | null;
  amount: number | bigint;
  count: number;
}

/** The reference: one entry per key, its first appearance deciding the order. */
function reference(adds: readonly Add[]) {
  const groups = new Map<string, { add: Add; sum: bigint; count: number; big: boolean; seq: number }>();
  const dateFirst = new Map<string, number>();
  const dateCategoryFirst = new Map<string, number>();
  adds.forEach((a, seq) => {
    const key = JSON.stringify([a.currency, a.date, a.kind, a.category]);
    let g = groups.get(key);
    if (g === undefined) {
      groups.set(key, g = { add: a, sum: 0n, count: 0, big: false, seq });
      if (!dateFirst.has(a.date)) dateFirst.set(a.date, seq);
      const dc = JSON.stringify([a.date, a.category]);
      if (!dateCategoryFirst.has(dc)) dateCategoryFirst.set(dc, seq);
    }
    g.sum += BigInt(a.amount);
    g.count += a.count;
    // A group's sum is a bigint once it, or an amount added to it, stops being a safe integer (as documented).
    if (
      typeof a.amount === "bigint" || g.sum > BigInt(Number.MAX_SAFE_INTEGER) ||
      -g.sum > BigInt(Number.MAX_SAFE_INTEGER)
    ) {
      g.big = true;
    }
  });
  return [...groups.values()]
    .sort((x, y) =>
      dateFirst.get(x.add.date)! - dateFirst.get(y.add.date)! ||
      dateCategoryFirst.get(JSON.stringify([x.add.date, x.add.category]))! -
        dateCategoryFirst.get(JSON.stringify([y.add.date, y.add.category]))! ||
      x.seq - y.seq
    )
    .map((g) => ({
      currency: g.add.currency,
      date: g.add.date,
      kind: g.add.kind,
      category: g.add.category,
      amountMinor: g.big ? g.sum : Number(g.sum),
      count: g.count,
    }));
}

const date = fc.record({
  year: fc.constantFrom(1999, 2025, 2026),
  month: fc.integer({ min: 1, max: 12 }),
  day: fc.integer({ min: 1, max: 28 }),
}).map(({ year, month, day }) => `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`);

const add: fc.Arbitrary<Add> = fc.record({
  currency: fc.constantFrom("USD", "GBP", "JPY"),
  date,
  kind: fc.constantFrom<Kind>("income", "expense", "transfer"),
  category: fc.constantFrom(null, "Food", "Rent", "entertainment", ""),
  amount: fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min: -500000, max: 500000 }) },
    { weight: 1, arbitrary: fc.constantFrom(Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 2 ** 52) },
    { weight: 1, arbitrary: fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }) },
  ),
  count: fc.integer({ min: 1, max: 3 }),
});

function collect(adds: readonly Add[]) {
  const groups = new DayGroups();
  for (const a of adds) groups.add(a.currency, a.date, a.kind, a.category, a.amount, a.count);
  return groups;
}

describe("DayGroups", () => {
  it("sums a hand-worked example exactly, in the documented order", () => {
    const groups = collect([
      { currency: "USD", date: "2026-01-02", kind: "expense", category: "Rent", amount: -1000, count: 1 },
      { currency: "USD", date: "2026-01-01", kind: "expense", category: null, amount: -250, count: 1 },
      { currency: "GBP", date: "2026-01-02", kind: "expense", category: "Food", amount: -300, count: 1 },
      { currency: "USD", date: "2026-01-02", kind: "income", category: "Rent", amount: 5000, count: 1 },
      { currency: "USD", date: "2026-01-02", kind: "expense", category: "Rent", amount: 120, count: 2 },
    ]);
    expect(groups.size).toBe(4);
    expect(groups.values()).toEqual([
      { currency: "USD", date: "2026-01-02", kind: "expense", category: "Rent", amountMinor: -880, count: 3 },
      { currency: "USD", date: "2026-01-02", kind: "income", category: "Rent", amountMinor: 5000, count: 1 },
      { currency: "GBP", date: "2026-01-02", kind: "expense", category: "Food", amountMinor: -300, count: 1 },
      { currency: "USD", date: "2026-01-01", kind: "expense", category: null, amountMinor: -250, count: 1 },
    ]);
    const order = groups.order();
    expect(order.map((g) => groups.amountOf(g))).toEqual([-880, 5000, -300, -250]);
    expect(order.map((g) => groups.countOf(g))).toEqual([3, 1, 1, 1]);
  });

  it("switches a sum to bigint when it stops being a safe integer", () => {
    const groups = collect([
      {
        currency: "USD",
        date: "2026-01-01",
        kind: "expense",
        category: null,
        amount: Number.MAX_SAFE_INTEGER,
        count: 1,
      },
      { currency: "USD", date: "2026-01-01", kind: "expense", category: null, amount: 2, count: 1 },
      { currency: "USD", date: "2026-01-01", kind: "expense", category: null, amount: -5, count: 1 },
    ]);
    expect(groups.values()[0]!.amountMinor).toBe(BigInt(Number.MAX_SAFE_INTEGER) - 3n);
  });

  it("equals the reference on random transactions (property)", () => {
    fc.assert(
      fc.property(fc.array(add, { maxLength: 300 }), (adds) => {
        const groups = collect(adds);
        const expected = reference(adds);
        expect(groups.values()).toEqual(expected);
        expect(groups.size).toBe(expected.length);
      }),
      { numRuns: 300 },
    );
  });

  it("orders a day of more than 64 groups like the reference, and a later add resets the order", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 90 }), { minLength: 70, maxLength: 400 }), (cats) => {
        const adds: Add[] = cats.map((c, i) => ({
          currency: i % 3 === 0 ? "GBP" : "USD",
          date: i % 5 === 0 ? "2026-03-01" : "2026-03-02",
          kind: i % 2 === 0 ? "expense" : "income",
          category: c === 0 ? null : `c${c}`,
          amount: i,
          count: 1,
        }));
        const groups = collect(adds.slice(0, 60));
        groups.values();
        for (const a of adds.slice(60)) groups.add(a.currency, a.date, a.kind, a.category, a.amount, a.count);
        expect(groups.values()).toEqual(reference(adds));
      }),
      { numRuns: 100 },
    );
  });
});
