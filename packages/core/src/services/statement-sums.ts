/**
 * Running sums of one statement's transactions, for the balance rule on a POST body: sorted once, then the sum
 * dated on or before any date is one binary search. Exact: bigint minor units.
 */
export interface DatedAmount {
  readonly date: string;
  readonly amountMinor: bigint;
}

export interface StatementSums {
  readonly firstDate: string | null;
  readonly lastDate: string | null;
  /** Sum of the transactions dated on or before `date` (all of them when `date` is null). */
  sumThrough(date: string | null): bigint;
}

export function statementSums(transactions: readonly DatedAmount[]): StatementSums {
  const sorted = [...transactions].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const dates = sorted.map((t) => t.date);
  const prefix: bigint[] = [0n];
  for (const t of sorted) prefix.push(prefix[prefix.length - 1]! + t.amountMinor);
  return {
    firstDate: dates[0] ?? null,
    lastDate: dates[dates.length - 1] ?? null,
    sumThrough(date) {
      if (date === null) return prefix[prefix.length - 1]!;
      // Number of transactions dated on or before `date`.
      let lo = 0, hi = dates.length;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (dates[mid]! <= date) lo = mid + 1;
        else hi = mid;
      }
      return prefix[lo]!;
    },
  };
}
