/**
 * Day groups (API.md §11.3): the transactions of one currency on one date with the same effective kind and category
 * are one unit of conversion. Their exact signed sum is converted and rounded once.
 */
import type { Kind } from "../contracts/account-data.ts";
import type { LedgerEntry } from "../services/ledger-entry.ts";
import type { Converter } from "./converter.ts";

export interface DayGroup {
  readonly currency: string;
  readonly date: string;
  readonly kind: Kind;
  readonly category: string | null;
  /** Exact signed sum, in minor units of `currency`. */
  amountMinor: bigint;
  /** Transactions in the group. */
  count: number;
}

/** Collects transactions (or already aggregated day rows) into day groups. */
export class DayGroups {
  readonly #groups = new Map<string, DayGroup>();

  add(currency: string, date: string, kind: Kind, category: string | null, amountMinor: number | bigint, count = 1) {
    // The category is last and may hold any character; the fixed-width fields before it keep keys unambiguous.
    const key = `${currency}${date}${kind[0]}${category === null ? "\u0000" : "\u0001" + category}`;
    const g = this.#groups.get(key);
    if (g === undefined) {
      this.#groups.set(key, { currency, date, kind, category, amountMinor: BigInt(amountMinor), count });
    } else {
      g.amountMinor += BigInt(amountMinor);
      g.count += count;
    }
  }

  get size(): number {
    return this.#groups.size;
  }

  values(): IterableIterator<DayGroup> {
    return this.#groups.values();
  }
}

/**
 * Converts the day groups the report counts (`counts(group)`) into ledger entries in the report currency, one per
 * converted group, with the group's transaction count. Groups without a usable rate are tallied as unconverted and
 * left out; groups the report does not count are neither converted nor tallied.
 */
export function convertDayGroups(
  groups: Iterable<DayGroup>,
  converter: Converter,
  counts: (group: DayGroup) => boolean,
  at?: { pointer?: string; parameter?: string },
): LedgerEntry[] {
  const entries: LedgerEntry[] = [];
  for (const g of groups) {
    if (!counts(g)) continue;
    const minor = converter.convert(g.currency, g.date, g.amountMinor, g.count, at);
    if (minor === null) continue;
    entries.push({ date: g.date, amount: Number(minor), kind: g.kind, category: g.category, count: g.count });
  }
  return entries;
}
