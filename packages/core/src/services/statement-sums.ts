/**
 * Running sums of dated amounts (one statement's, or an account's: every transaction of its statements), sorted
 * once, so the sum over any range of dates is two binary searches. The balance rule of API.md §9.3 sums an
 * account's transactions dated from a statement's start through a day. Exact: bigint minor units.
 */
export interface DatedAmount {
  readonly date: string;
  readonly amountMinor: bigint;
}

export interface StatementSums {
  readonly firstDate: string | null;
  readonly lastDate: string | null;
  /** Sum of the amounts dated on or before `date` (all of them when `date` is null). */
  sumThrough(date: string | null): bigint;
  /** Sum of the amounts dated from `from` through `through`, both included (0 when `through` is before `from`). */
  sumBetween(from: string, through: string): bigint;
}

export function statementSums(transactions: readonly DatedAmount[]): StatementSums {
  const sorted = [...transactions].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const dates = sorted.map((t) => t.date);
  const prefix: bigint[] = [0n];
  for (const t of sorted) prefix.push(prefix[prefix.length - 1]! + t.amountMinor);
  /** Number of amounts dated before `date` (`orEqual`: on or before). */
  const count = (date: string, orEqual: boolean) => {
    let lo = 0, hi = dates.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (dates[mid]! < date || (orEqual && dates[mid] === date)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  return {
    firstDate: dates[0] ?? null,
    lastDate: dates[dates.length - 1] ?? null,
    sumThrough(date) {
      return date === null ? prefix[prefix.length - 1]! : prefix[count(date, true)]!;
    },
    sumBetween(from, through) {
      return through < from ? 0n : prefix[count(through, true)]! - prefix[count(from, false)]!;
    },
  };
}
