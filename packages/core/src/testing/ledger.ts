/**
 * Test support (not exported from mod.ts): random raw transactions and an aggregation that follows the
 * `me_ledger_totals` contract of docs/ARCHITECTURE.md, so tests can compare raw and aggregated inputs.
 */
import fc from "fast-check";
import type { Kind } from "../contracts/account-data.ts";
import type { LedgerEntry } from "../services/ledger-entry.ts";

export const kindArb: fc.Arbitrary<Kind> = fc.constantFrom("income", "expense", "transfer");

/** A real date between 2025-11-01 and 2027-02-28. */
export const dateArb: fc.Arbitrary<string> = fc
  .record({
    year: fc.constantFrom(2025, 2026, 2026, 2026, 2027),
    month: fc.integer({ min: 1, max: 12 }),
    day: fc.integer({ min: 1, max: 28 }),
  })
  .map(({ year, month, day }) => `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`);

export const categoryArb: fc.Arbitrary<string | null> = fc.constantFrom("groceries", "rent", "Rent", "fun", null);

/** One raw transaction as a ledger entry (count 1). */
export const rawEntryArb: fc.Arbitrary<LedgerEntry> = fc.record({
  date: dateArb,
  amount: fc.integer({ min: -5_000_000, max: 5_000_000 }),
  kind: kindArb,
  category: categoryArb,
  count: fc.constant(1),
});

/**
 * Aggregates raw entries like `me_ledger_totals(from, to)`: inside [from, to] grouped by (month start, kind,
 * category); outside grouped by kind with date and category null.
 */
export function aggregateLikeSql(entries: readonly LedgerEntry[], from: string, to: string): LedgerEntry[] {
  const groups = new Map<
    string,
    { date: string | null; kind: Kind; category: string | null; amount: number; count: number }
  >();
  for (const e of entries) {
    const inside = e.date !== null && e.date >= from && e.date <= to;
    const date = inside ? `${e.date!.slice(0, 7)}-01` : null;
    const category = inside ? e.category : null;
    const key = JSON.stringify([date, e.kind, category]);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, { date, kind: e.kind, category, amount: e.amount, count: e.count });
    else {
      group.amount += e.amount;
      group.count += e.count;
    }
  }
  return [...groups.values()].map((g) => ({
    date: g.date,
    amount: g.amount,
    kind: g.kind,
    category: g.category,
    count: g.count,
  }));
}

/** Raw entry with defaults, for hand-written examples. */
export function entry(date: string | null, amount: number, kind: Kind, category: string | null = null): LedgerEntry {
  return { date, amount, kind, category, count: 1 };
}
