/**
 * A CSV statement's opening and closing balances from its running-balance column, in minor units. The closing
 * balance is the balance after the chronologically last line, the opening one the balance before the first line
 * (its balance minus its amount). Lines are ordered by date; lines of one date keep the file's order, read newest
 * first or oldest first. That direction comes from the dates (all ascending or all descending, file order) and
 * from the balances of adjacent lines (`balance[i] = balance[i-1] + amount[i]` reads forwards,
 * `balance[i-1] = balance[i] + amount[i-1]` backwards); when they disagree, or a first or last date holds several
 * lines and nothing tells the direction, both balances are unknown rather than guessed, as when a balance is not
 * exact in the currency (or the opening one out of range). Only the lines that are imported count: a rejected line,
 * or one without a balance, is a gap in the chain.
 */
import { MAX_MONEY_MINOR } from "@pfa/core";

interface Line {
  readonly date: string;
  readonly amount: number;
  readonly balance: number;
}

/** The lines of the first or the last date: the first and last of them in file order. */
interface DateGroup {
  date: string;
  first: Line;
  last: Line;
}

export interface Balances {
  readonly opening: number | null;
  readonly closing: number | null;
}

export class RunningBalance {
  #previous: Line | null = null;
  #adjacent = false;
  #seen = false;
  #inexact = false;
  #ascending = 0;
  #descending = 0;
  #forwards = 0;
  #backwards = 0;
  #oldest: DateGroup | null = null;
  #newest: DateGroup | null = null;

  /** An imported line and its balance (minor units; null = the balance is not exact in the currency). */
  add(date: string, amount: number, balance: number | null): void {
    this.#seen = true;
    if (balance === null) {
      this.#inexact = true;
      this.gap();
      return;
    }
    const line = { date, amount, balance };
    const previous = this.#previous;
    if (previous) {
      if (date > previous.date) this.#ascending++;
      if (date < previous.date) this.#descending++;
      if (this.#adjacent) {
        const forwards = balance === previous.balance + amount;
        const backwards = previous.balance === balance + previous.amount;
        if (forwards && !backwards) this.#forwards++;
        if (backwards && !forwards) this.#backwards++;
      }
    }
    if (this.#oldest === null || date < this.#oldest.date) this.#oldest = { date, first: line, last: line };
    else if (date === this.#oldest.date) this.#oldest.last = line;
    if (this.#newest === null || date > this.#newest.date) this.#newest = { date, first: line, last: line };
    else if (date === this.#newest.date) this.#newest.last = line;
    this.#previous = line;
    this.#adjacent = true;
  }

  /** A line that is not in the chain (rejected, or without a balance): the next line is not adjacent to the last. */
  gap(): void {
    this.#adjacent = false;
  }

  /** The balances; null when no imported line had a balance. */
  result(): Balances | null {
    if (!this.#seen) return null;
    const unknown = { opening: null, closing: null };
    if (this.#inexact || this.#oldest === null || this.#newest === null) return unknown;
    const evidence = new Set<"forwards" | "backwards">();
    if (this.#ascending > 0 && this.#descending === 0) evidence.add("forwards");
    if (this.#descending > 0 && this.#ascending === 0) evidence.add("backwards");
    if (this.#forwards > 0) evidence.add("forwards");
    if (this.#backwards > 0) evidence.add("backwards");
    if (evidence.size > 1) return unknown;
    const direction = [...evidence][0] ?? null;
    const pick = (group: DateGroup, end: "first" | "last"): Line | null => {
      if (group.first === group.last) return group.first;
      if (direction === null) return null;
      return group[(direction === "forwards") === (end === "first") ? "first" : "last"];
    };
    const first = pick(this.#oldest, "first");
    const last = pick(this.#newest, "last");
    if (first === null || last === null) return unknown;
    const opening = first.balance - first.amount;
    if (Math.abs(opening) > MAX_MONEY_MINOR) return unknown;
    return { opening, closing: last.balance };
  }
}
