/**
 * Candidates and occurrence groups of POST recurring and forecast (API.md §9.1 rules 1–3): income and expense
 * transactions with a non-zero amount dated on or before `as_of`, keyed by counterparty (when non-empty) or else
 * description, grouped by (key, direction); transactions on one date form one occurrence with their summed amount.
 */
import { dayNumber } from "../calendar/day-number.ts";
import type { Calculator } from "../money/calculator.ts";
import type { LedgerEntry } from "./ledger-entry.ts";
import type { OccurrenceGroup } from "./recurring-detection.ts";
import { recurringKey } from "./recurring-key.ts";
import type { StreamMember } from "./recurring-streams.ts";

/** The text fields of an input transaction that the key, name and ids come from. */
export interface TransactionText {
  readonly id?: string | null | undefined;
  readonly counterparty?: string | null | undefined;
  readonly description?: string | null | undefined;
}

export interface CandidateGroups {
  readonly groups: OccurrenceGroup[];
  /** The member transactions of `groups[g]`, by date, then input order. */
  members(g: number): StreamMember[];
}

/**
 * The text a key and a name come from: the counterparty when it is non-empty (no fallback), else the description.
 * Null means absent (API.md §2).
 */
export function keySource(t: TransactionText): string {
  const counterparty = t.counterparty;
  return counterparty !== undefined && counterparty !== null && counterparty.length > 0
    ? counterparty
    : t.description ?? "";
}

export function groupCandidates(
  entries: readonly LedgerEntry[],
  texts: readonly TransactionText[],
  asOf: string,
  calc: Calculator,
): CandidateGroups {
  // One lookup per candidate: statements repeat the same few texts, so each distinct text is keyed once and
  // remembers its group in each direction.
  const byText = new Map<string, { key: string; inflow: number; outflow: number }>();
  const byGroup = new Map<string, number>();
  const heads: { key: string; inflow: boolean; indices: number[] }[] = [];
  const groupOf = (key: string, inflow: boolean): number => {
    const id = (inflow ? "+" : "-") + key;
    let g = byGroup.get(id);
    if (g === undefined) {
      g = heads.length;
      byGroup.set(id, g);
      heads.push({ key, inflow, indices: [] });
    }
    return g;
  };
  const days = new Int32Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const e = entries[i]!;
    if ((e.kind !== "income" && e.kind !== "expense") || e.amount === 0 || e.date === null || e.date > asOf) continue;
    const text = keySource(texts[i]!);
    let known = byText.get(text);
    if (known === undefined) {
      known = { key: recurringKey(text), inflow: -1, outflow: -1 };
      byText.set(text, known);
    }
    if (known.key.length === 0) continue;
    let g: number;
    if (e.amount > 0) {
      g = known.inflow < 0 ? (known.inflow = groupOf(known.key, true)) : known.inflow;
    } else {
      g = known.outflow < 0 ? (known.outflow = groupOf(known.key, false)) : known.outflow;
    }
    heads[g]!.indices.push(i);
    days[i] = dayNumber(e.date);
  }
  const groups: OccurrenceGroup[] = heads.map(({ key, inflow, indices }) => {
    sortByDayThenIndex(indices, days);
    const dates: string[] = [];
    const amounts: number[] = [];
    let lastDay = NaN;
    for (const i of indices) {
      const e = entries[i]!;
      if (days[i] === lastDay) amounts[amounts.length - 1] = calc.add(amounts[amounts.length - 1]!, e.amount);
      else {
        dates.push(e.date!);
        amounts.push(e.amount);
        lastDay = days[i]!;
      }
    }
    return { key, direction: inflow ? "inflow" : "outflow", dates, amounts };
  });
  return {
    groups,
    members: (g) =>
      heads[g]!.indices.map((i) => ({
        id: texts[i]!.id ?? null,
        category: entries[i]!.category,
        name: keySource(texts[i]!),
      })),
  };
}

/**
 * Sorts candidate indices by day, then by index (input order), in place: each (day, index) pair is packed into one
 * number (day × 2^23 + index, exact below 2^53 for any day of years 0001–9999 and up to 2^23 transactions), so the
 * native numeric sort of a Float64Array does the work without a comparator call per comparison.
 */
function sortByDayThenIndex(indices: number[], days: Int32Array): void {
  const n = indices.length;
  if (n < 2) return;
  if (days.length >= 1 << 23) {
    indices.sort((a, b) => days[a]! - days[b]! || a - b);
    return;
  }
  const packed = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const i = indices[k]!;
    packed[k] = (days[i]! + DAY_OFFSET) * 8388608 + i;
  }
  packed.sort();
  for (let k = 0; k < n; k++) indices[k] = packed[k]! % 8388608;
}

/** Makes every day number of years 0001–9999 non-negative (0001-01-01 is day −719162). */
const DAY_OFFSET = 719162;
