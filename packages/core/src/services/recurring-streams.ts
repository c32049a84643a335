/**
 * Recurring streams from occurrence groups (API.md §9.1 rules 8–9 and the report's order and totals): each stream's
 * id, name, category and transaction ids from its member transactions, the stream order, and the totals.
 */
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import type { Calculator } from "../money/calculator.ts";
import { compareCodePoints } from "./code-point-order.ts";
import type { Direction, OccurrenceGroup, StreamSchedule, StreamStatus } from "./recurring-detection.ts";

/** One transaction of a stream, in the stream's order: by date, then input order (GET: id). */
export interface StreamMember {
  readonly id: string | null;
  readonly category: string | null;
  /** The counterparty, or else the description, as written. */
  readonly name: string;
}

export interface RecurringStream extends StreamSchedule {
  readonly id: string;
  readonly name: string;
  readonly key: string;
  readonly direction: Direction;
  readonly category: string | null;
  readonly transaction_ids: string[];
}

export interface RecurringTotals {
  readonly monthly_inflow: number;
  readonly monthly_outflow: number;
  readonly monthly_net: number;
  readonly active_count: number;
  readonly late_count: number;
  readonly ended_count: number;
}

export interface RecurringResult {
  readonly streams: RecurringStream[];
  readonly totals: RecurringTotals;
}

/**
 * `rs_` + the first 16 hex digits of SHA-256 over `currency \n direction \n key` (UTF-8). `@noble/hashes` rather
 * than `node:crypto`: the core stays runtime-agnostic, and loading Deno's Node crypto layer cost about 100 ms of
 * the function's cold start.
 */
export function streamId(currency: string, direction: Direction, key: string): string {
  return "rs_" + bytesToHex(sha256(utf8ToBytes(`${currency}\n${direction}\n${key}`))).slice(0, 16);
}

/**
 * The stream's name (its latest member's), its category (the most frequent non-null one; a tie goes to the tied
 * category whose latest member is latest) and the ids of the members that have one, in member order.
 */
export function streamDetails(
  members: readonly StreamMember[],
): { name: string; category: string | null; transaction_ids: string[] } {
  const counts = new Map<string, { count: number; last: number }>();
  const ids: string[] = [];
  for (let i = 0; i < members.length; i++) {
    const m = members[i]!;
    if (m.id !== null) ids.push(m.id);
    if (m.category === null) continue;
    const c = counts.get(m.category);
    if (c === undefined) counts.set(m.category, { count: 1, last: i });
    else {
      c.count++;
      c.last = i;
    }
  }
  let category: string | null = null;
  let best = { count: 0, last: -1 };
  for (const [name, c] of counts) {
    if (c.count > best.count || (c.count === best.count && c.last > best.last)) {
      category = name;
      best = c;
    }
  }
  return { name: members[members.length - 1]?.name ?? "", category, transaction_ids: ids };
}

export interface DetectedStream {
  readonly group: OccurrenceGroup;
  readonly schedule: StreamSchedule;
  readonly members: readonly StreamMember[];
}

const STATUS_RANK: Record<StreamStatus, number> = { active: 0, late: 1, ended: 2 };

/** Orders the streams (status, direction with outflow first, |monthly_amount| descending, key) and sums totals. */
export function recurringStreams(
  currency: string,
  detected: readonly DetectedStream[],
  calc: Calculator,
): RecurringResult {
  const streams: RecurringStream[] = detected.map(({ group, schedule, members }) => ({
    ...schedule,
    id: streamId(currency, group.direction, group.key),
    key: group.key,
    direction: group.direction,
    ...streamDetails(members),
  }));
  streams.sort((a, b) =>
    STATUS_RANK[a.status] - STATUS_RANK[b.status] ||
    (a.direction === b.direction ? 0 : a.direction === "outflow" ? -1 : 1) ||
    Math.abs(b.monthly_amount) - Math.abs(a.monthly_amount) ||
    compareCodePoints(a.key, b.key)
  );
  let inflow = 0;
  let outflow = 0;
  const counts = { active: 0, late: 0, ended: 0 };
  for (const s of streams) {
    counts[s.status]++;
    if (s.status === "ended") continue;
    if (s.direction === "inflow") inflow = calc.add(inflow, s.monthly_amount);
    else outflow = calc.subtract(outflow, s.monthly_amount);
  }
  return {
    streams,
    totals: {
      monthly_inflow: inflow,
      monthly_outflow: outflow,
      monthly_net: calc.subtract(inflow, outflow),
      active_count: counts.active,
      late_count: counts.late,
      ended_count: counts.ended,
    },
  };
}
