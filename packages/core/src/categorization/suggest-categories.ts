/**
 * Suggestions learned from the user's own history (API.md §10.4 rules 3–5): for each (key, direction) with
 * uncategorized transactions, the latest 5 categorized transactions of the same key and direction are considered,
 * and a category that at least 3 of them share is suggested, with a ready rule. Works on groups, so POST (raw
 * transactions) and GET (database aggregates) share it.
 */
import { compareCodePoints } from "../services/code-point-order.ts";
import { suggestionId } from "./suggestion-id.ts";

export type Direction = "inflow" | "outflow";

/** The latest history considered per group, and the agreement a suggestion needs. */
export const CONSIDERED = 5;
export const AGREEING = 3;

export interface SuggestionGroup {
  readonly key: string;
  readonly direction: Direction;
  /** Uncategorized candidates of the group in the period (at least 1). */
  readonly uncategorizedCount: number;
  /** The group's categorized transactions, latest first; only the first 5 are considered. */
  readonly history: readonly { readonly category: string; readonly id: string | null }[];
}

export interface SuggestedRule {
  readonly id: string;
  readonly name: string;
  readonly enabled: true;
  readonly match: "all";
  readonly conditions: [
    { readonly field: "text"; readonly op: "key_equals"; readonly value: string },
    { readonly field: "amount"; readonly op: "lt" | "gt"; readonly value: "0" },
  ];
  readonly set: { readonly category: string };
}

export interface Suggestion {
  readonly key: string;
  readonly direction: Direction;
  readonly category: string;
  readonly uncategorized_count: number;
  readonly evidence: { readonly considered: number; readonly agreeing: number; readonly transaction_ids: string[] };
  readonly rule: SuggestedRule;
}

/** The suggestion of one group, or null when its latest 5 agree on no category. */
function suggestOne(group: SuggestionGroup): Suggestion | null {
  const considered = group.history.slice(0, CONSIDERED);
  const counts = new Map<string, number>();
  for (const h of considered) counts.set(h.category, (counts.get(h.category) ?? 0) + 1);
  let category: string | null = null;
  let agreeing = 0;
  // Of at most 5, only one category can reach 3.
  for (const [c, n] of counts) {
    if (n >= AGREEING) {
      category = c;
      agreeing = n;
    }
  }
  if (category === null) return null;
  const ids: string[] = [];
  for (const h of considered) if (h.id !== null) ids.push(h.id);
  return {
    key: group.key,
    direction: group.direction,
    category,
    uncategorized_count: group.uncategorizedCount,
    evidence: { considered: considered.length, agreeing, transaction_ids: ids },
    rule: {
      id: suggestionId(group.direction, group.key),
      name: group.key,
      enabled: true,
      match: "all",
      conditions: [
        { field: "text", op: "key_equals", value: group.key },
        { field: "amount", op: group.direction === "outflow" ? "lt" : "gt", value: "0" },
      ],
      set: { category },
    },
  };
}

/** Order: `uncategorized_count` descending, then key by code point, then direction (`outflow` first). */
function compareSuggestions(a: Suggestion, b: Suggestion): number {
  return b.uncategorized_count - a.uncategorized_count || compareCodePoints(a.key, b.key) ||
    (a.direction === b.direction ? 0 : a.direction === "outflow" ? -1 : 1);
}

export function suggestCategories(groups: Iterable<SuggestionGroup>): Suggestion[] {
  const out: Suggestion[] = [];
  for (const g of groups) {
    if (g.uncategorizedCount <= 0) continue;
    const s = suggestOne(g);
    if (s !== null) out.push(s);
  }
  return out.sort(compareSuggestions);
}
