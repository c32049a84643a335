/**
 * The shared read of GET recurring and GET forecast: the user's occurrences in the 25-month window up to `as_of`
 * (grouped and keyed by the database), the streams among them, then the member transactions of those streams only.
 */
import { addDays } from "../calendar/day-number.ts";
import { addMonths } from "../calendar/months.ts";
import type { AccountData } from "../contracts/account-data.ts";
import { numberCalculator } from "../money/calculator.ts";
import { trailingWindowStart } from "../services/cash-flow-forecast.ts";
import { detectStream, type OccurrenceGroup } from "../services/recurring-detection.ts";
import {
  type DetectedStream,
  type RecurringResult,
  recurringStreams,
  type StreamMember,
} from "../services/recurring-streams.ts";

/** First day of GET's window: the day after `asOf` − 25 months (0001-01-01 when that is earlier). */
export function recurringWindowStart(asOf: string): string {
  const back = addMonths(asOf, -25);
  return back === undefined ? "0001-01-01" : addDays(back, 1);
}

export interface LoadedRecurring {
  readonly result: RecurringResult;
  /** Signed sum of the income and expense amounts dated `asOf` − 89 days … `asOf`. */
  readonly trailingNet: number;
}

export async function loadRecurring(data: AccountData, currency: string, asOf: string): Promise<LoadedRecurring> {
  const from = recurringWindowStart(asOf);
  const rows = await data.recurringOccurrences(currency, from, asOf);
  const calc = numberCalculator;
  const trailingFrom = trailingWindowStart(asOf);
  let trailingNet = 0;
  const groups = new Map<
    string,
    { key: string; direction: OccurrenceGroup["direction"]; dates: string[]; amounts: number[] }
  >();
  for (const r of rows) {
    if (r.date >= trailingFrom) trailingNet = calc.add(trailingNet, r.amount_minor);
    if (r.key.length === 0) continue;
    const id = `${r.direction}\n${r.key}`;
    let g = groups.get(id);
    if (g === undefined) {
      g = { key: r.key, direction: r.direction, dates: [], amounts: [] };
      groups.set(id, g);
    }
    g.dates.push(r.date);
    g.amounts.push(r.amount_minor);
  }
  const found: { group: OccurrenceGroup; schedule: NonNullable<ReturnType<typeof detectStream>> }[] = [];
  for (const group of groups.values()) {
    const schedule = detectStream(group, asOf, calc);
    if (schedule !== null) found.push({ group, schedule });
  }
  const members = new Map<string, StreamMember[]>();
  if (found.length > 0) {
    const picked = found.map(({ group }) => ({ key: group.key, direction: group.direction }));
    for (const m of await data.recurringMembers(currency, from, asOf, picked)) {
      const id = `${m.direction}\n${m.key}`;
      let list = members.get(id);
      if (list === undefined) members.set(id, list = []);
      list.push({ id: m.id, category: m.category, name: m.name });
    }
  }
  const detected: DetectedStream[] = found.map(({ group, schedule }) => ({
    group,
    schedule,
    members: members.get(`${group.direction}\n${group.key}`) ?? [],
  }));
  return { result: recurringStreams(currency, detected, calc), trailingNet };
}
