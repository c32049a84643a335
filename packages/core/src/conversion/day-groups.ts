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
  /** Exact signed sum, in minor units of `currency` (a safe integer, else a bigint). */
  readonly amountMinor: bigint | number;
  /** Transactions in the group. */
  readonly count: number;
}

/** A group while it is being summed: a safe-integer sum, switched to bigint only if it ever stops being safe. */
interface Draft {
  readonly currency: string;
  readonly date: string;
  readonly kind: Kind;
  readonly category: string | null;
  sum: number;
  big: bigint | null;
  count: number;
}

/**
 * Collects transactions (or already aggregated day rows) into day groups. Indexed by date (a number made of the
 * date's digit codes: distinct dates give distinct numbers), then category, then a short list per (currency, kind):
 * no key string is built per transaction. Dates must be `YYYY-MM-DD`.
 */
export class DayGroups {
  /** By the date as the number YYYYMMDD (a small-integer key: no string hashing per transaction). */
  readonly #byDate = new Map<number, Map<string | null, Draft[]>>();
  #size = 0;
  #list: DayGroup[] | null = null;

  add(currency: string, date: string, kind: Kind, category: string | null, amountMinor: number | bigint, count = 1) {
    const day = (date.charCodeAt(0) * 1000 + date.charCodeAt(1) * 100 + date.charCodeAt(2) * 10 + date.charCodeAt(3)) *
        10000 + date.charCodeAt(5) * 1000 + date.charCodeAt(6) * 100 + date.charCodeAt(8) * 10 + date.charCodeAt(9);
    this.#list = null;
    let byCategory = this.#byDate.get(day);
    if (byCategory === undefined) this.#byDate.set(day, byCategory = new Map());
    let list = byCategory.get(category);
    if (list === undefined) byCategory.set(category, list = []);
    let g: Draft | undefined;
    for (let i = 0; i < list.length; i++) {
      const d = list[i]!;
      if (d.currency === currency && d.kind === kind) {
        g = d;
        break;
      }
    }
    if (g === undefined) {
      g = { currency, date, kind, category, sum: 0, big: null, count: 0 };
      list.push(g);
      this.#size++;
    }
    g.count += count;
    if (g.big === null && typeof amountMinor === "number") {
      const sum = g.sum + amountMinor;
      if (Number.isSafeInteger(sum)) {
        g.sum = sum;
        return;
      }
      g.big = BigInt(g.sum);
    }
    g.big = (g.big ?? BigInt(g.sum)) + BigInt(amountMinor);
  }

  get size(): number {
    return this.#size;
  }

  /** The groups, each with its exact sum (built once after the last `add`, then reused). */
  values(): readonly DayGroup[] {
    if (this.#list !== null) return this.#list;
    const list: DayGroup[] = [];
    for (const byCategory of this.#byDate.values()) {
      for (const drafts of byCategory.values()) {
        for (const g of drafts) {
          list.push({
            currency: g.currency,
            date: g.date,
            kind: g.kind,
            category: g.category,
            amountMinor: g.big ?? g.sum,
            count: g.count,
          });
        }
      }
    }
    return this.#list = list;
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
