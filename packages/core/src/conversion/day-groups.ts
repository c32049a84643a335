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

/**
 * The days of one (category, currency, kind) in one year: `months[month − 1][day]` holds the group's index + 1
 * (a month's slots are a small array made at its first group, so a sparse series stays small).
 */
interface Year {
  readonly year: number;
  readonly months: (number[] | undefined)[];
}

/** The groups of one (category, currency, kind), by year (the last year used first: requests rarely span two). */
interface Series {
  last: Year;
  readonly years: Map<number, Year>;
}

/** A category's series, by currency index · 3 + kind index. */
interface Category {
  readonly id: number;
  readonly series: (Series | undefined)[];
}

const KINDS: readonly Kind[] = ["income", "expense", "transfer"];

/** A digit's code point minus 48 at `i` of a `YYYY-MM-DD` date. */
const d = (date: string, i: number) => date.charCodeAt(i) - 48;

/**
 * Collects transactions (or already aggregated day rows) into day groups. No object or key string per transaction:
 * a category's series by (currency, kind) index, then a small array per month of the days holding the group's index,
 * and the groups themselves as parallel arrays (a safe-integer sum, switched to bigint only if it ever stops being
 * safe). Dates must be valid `YYYY-MM-DD` dates.
 *
 * `values()` lists the groups in a fixed order: dates in order of first appearance, within a date categories in
 * order of first appearance, then (currency, kind) in order of first appearance.
 */
export class DayGroups {
  readonly #categories = new Map<string | null, Category>();
  readonly #currencyIndex = new Map<string, number>();
  #lastCurrency = "";
  #lastCurrencyIndex = -1;
  // The groups, in order of creation.
  readonly #currency: string[] = [];
  readonly #date: string[] = [];
  readonly #kind: Kind[] = [];
  readonly #category: (string | null)[] = [];
  readonly #categoryId: number[] = [];
  /** The date as year · 512 + month · 32 + day: one small integer per date. */
  readonly #dayKey: number[] = [];
  /** The group's (currency, date), numbered from 0 in order of first appearance (see currencyDayOf). */
  readonly #currencyDay: number[] = [];
  /** Per currency index: day key → currency-day number. */
  readonly #currencyDays: Map<number, number>[] = [];
  #currencyDayCount = 0;
  readonly #sum: number[] = [];
  readonly #count: number[] = [];
  /** Groups whose sum stopped being a safe integer (or got a bigint amount): the sum is #sum + #big. */
  #big: Map<number, bigint> | null = null;
  #list: DayGroup[] | null = null;
  #order: number[] | null = null;

  add(currency: string, date: string, kind: Kind, category: string | null, amountMinor: number | bigint, count = 1) {
    this.#list = null;
    this.#order = null;
    let c = this.#lastCurrencyIndex;
    if (currency !== this.#lastCurrency) {
      const known = this.#currencyIndex.get(currency);
      if (known === undefined) this.#currencyIndex.set(currency, c = this.#currencyIndex.size);
      else c = known;
      this.#lastCurrency = currency;
      this.#lastCurrencyIndex = c;
    }
    let cat = this.#categories.get(category);
    if (cat === undefined) this.#categories.set(category, cat = { id: this.#categories.size, series: [] });
    const k = kind === "income" ? 0 : kind === "expense" ? 1 : 2;
    const s = c * 3 + k;
    const year = ((d(date, 0) * 10 + d(date, 1)) * 10 + d(date, 2)) * 10 + d(date, 3);
    let series = cat.series[s];
    let y: Year;
    if (series === undefined) {
      y = { year, months: new Array(12) };
      cat.series[s] = series = { last: y, years: new Map([[year, y]]) };
    } else if (series.last.year === year) y = series.last;
    else {
      let found = series.years.get(year);
      if (found === undefined) series.years.set(year, found = { year, months: new Array(12) });
      series.last = y = found;
    }
    const month = d(date, 5) * 10 + d(date, 6);
    const day = d(date, 8) * 10 + d(date, 9);
    let slots = y.months[month - 1];
    if (slots === undefined) y.months[month - 1] = slots = [];
    let g = (slots[day] ?? 0) - 1;
    if (g < 0) {
      g = this.#sum.length;
      slots[day] = g + 1;
      this.#currency.push(currency);
      this.#date.push(date);
      this.#kind.push(KINDS[k]!);
      this.#category.push(category);
      this.#categoryId.push(cat.id);
      const dayKey = year * 512 + month * 32 + day;
      this.#dayKey.push(dayKey);
      const days = this.#currencyDays[c] ??= new Map();
      let cd = days.get(dayKey);
      if (cd === undefined) days.set(dayKey, cd = this.#currencyDayCount++);
      this.#currencyDay.push(cd);
      this.#sum.push(0);
      this.#count.push(0);
    }
    this.#count[g] = this.#count[g]! + count;
    if (typeof amountMinor === "number") {
      const sum = this.#sum[g]! + amountMinor;
      if (Number.isSafeInteger(sum)) {
        this.#sum[g] = sum;
        return;
      }
    }
    const big = this.#big ??= new Map();
    big.set(g, (big.get(g) ?? 0n) + BigInt(this.#sum[g]!) + BigInt(amountMinor));
    this.#sum[g] = 0;
  }

  get size(): number {
    return this.#sum.length;
  }

  /** The groups, each with its exact sum (built once after the last `add`, then reused). */
  values(): readonly DayGroup[] {
    if (this.#list !== null) return this.#list;
    const list: DayGroup[] = [];
    for (const g of this.order()) {
      list.push({
        currency: this.#currency[g]!,
        date: this.#date[g]!,
        kind: this.#kind[g]!,
        category: this.#category[g]!,
        amountMinor: this.amountOf(g),
        count: this.#count[g]!,
      });
    }
    return this.#list = list;
  }

  /** The group indexes in the order of `values()` (for a caller that reads the groups without objects). */
  order(): readonly number[] {
    return this.#order ??= this.#sortedIndexes();
  }

  /** Group `g`'s currency. */
  currencyOf(g: number): string {
    return this.#currency[g]!;
  }

  /** Group `g`'s date. */
  dateOf(g: number): string {
    return this.#date[g]!;
  }

  /** Group `g`'s effective kind. */
  kindOf(g: number): Kind {
    return this.#kind[g]!;
  }

  /** Group `g`'s category. */
  categoryOf(g: number): string | null {
    return this.#category[g]!;
  }

  /** Group `g`'s exact sum (a safe integer, else a bigint). */
  amountOf(g: number): number | bigint {
    const big = this.#big?.get(g);
    return big === undefined ? this.#sum[g]! : big + BigInt(this.#sum[g]!);
  }

  /** Group `g`'s transaction count. */
  countOf(g: number): number {
    return this.#count[g]!;
  }

  /** Group `g`'s year and month (1–12), from its date. */
  yearOf(g: number): number {
    return this.#dayKey[g]! >> 9;
  }

  monthOf(g: number): number {
    return (this.#dayKey[g]! >> 5) & 15;
  }

  /**
   * A number for group `g`'s (currency, date), 0 … currencyDayCount − 1: groups of one currency on one date share
   * it (they convert at the same rate), so a caller can keep one thing per (currency, date) in an array.
   */
  currencyDayOf(g: number): number {
    return this.#currencyDay[g]!;
  }

  get currencyDayCount(): number {
    return this.#currencyDayCount;
  }

  /**
   * The group indexes in the order of `values()`: by date (first appearance), then category (first appearance
   * within the date), then creation. Groups are created in order, so each date's groups are in creation order.
   */
  #sortedIndexes(): number[] {
    const byDay = new Map<number, number[]>();
    const n = this.#sum.length;
    for (let g = 0; g < n; g++) {
      const key = this.#dayKey[g]!;
      const list = byDay.get(key);
      if (list === undefined) byDay.set(key, [g]);
      else list.push(g);
    }
    const order: number[] = [];
    const ids = this.#categoryId;
    for (const list of byDay.values()) {
      if (list.length === 1) {
        order.push(list[0]!);
        continue;
      }
      if (list.length <= 64) {
        // Each category's groups right after its first one (a small day: a quadratic scan beats a map).
        for (let a = 0; a < list.length; a++) {
          const g = list[a]!;
          if (g < 0) continue;
          order.push(g);
          const id = ids[g];
          for (let b = a + 1; b < list.length; b++) {
            const h = list[b]!;
            if (h >= 0 && ids[h] === id) {
              order.push(h);
              list[b] = -1;
            }
          }
        }
        continue;
      }
      const byCategory = new Map<number, number[]>();
      for (const g of list) {
        const same = byCategory.get(ids[g]!);
        if (same === undefined) byCategory.set(ids[g]!, [g]);
        else same.push(g);
      }
      for (const same of byCategory.values()) for (const g of same) order.push(g);
    }
    return order;
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
    const minor = converter.convertToNumber(g.currency, g.date, g.amountMinor, g.count, at);
    if (minor === null) continue;
    entries.push({ date: g.date, amount: minor, kind: g.kind, category: g.category, count: g.count });
  }
  return entries;
}
