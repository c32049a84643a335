/**
 * The suggestion groups of raw transactions (API.md §10.4 rules 1–2, POST): candidates are the transactions dated
 * `from`…`to` with no category (null or ""), effective kind `expense` or `income`, a non-zero amount and a
 * non-empty recurring key of `text`; the history is every categorized transaction of the input (any date) with
 * the same key and direction and an `expense` or `income` effective kind, latest first (date descending, then
 * input position descending).
 */
import { recurringKey } from "../services/recurring-key.ts";
import type { Direction, SuggestionGroup } from "./suggest-categories.ts";

export interface SuggestionTransaction {
  readonly id?: string | null | undefined;
  readonly date: string;
  /** Signed minor units (any scale: only the sign is read). */
  readonly amountMinor: number | bigint;
  readonly category?: string | null | undefined;
  readonly kind?: "income" | "expense" | "transfer" | null | undefined;
  readonly description?: string | null | undefined;
  readonly counterparty?: string | null | undefined;
}

interface Builder {
  key: string;
  direction: Direction;
  count: number;
  history: { date: string; position: number; category: string; id: string | null }[];
}

export function suggestionGroups(
  transactions: readonly SuggestionTransaction[],
  from: string,
  to: string,
): SuggestionGroup[] {
  const groups = new Map<string, Builder>();
  for (let i = 0; i < transactions.length; i++) {
    const t = transactions[i]!;
    const amount = t.amountMinor;
    if (amount == 0) continue;
    const kind = t.kind ?? (amount > 0 ? "income" : "expense");
    if (kind === "transfer") continue;
    const counterparty = typeof t.counterparty === "string" ? t.counterparty : "";
    const text = counterparty.length > 0 ? counterparty : typeof t.description === "string" ? t.description : "";
    const key = recurringKey(text);
    if (key === "") continue;
    const direction: Direction = amount > 0 ? "inflow" : "outflow";
    const id = `${direction}\n${key}`;
    let g = groups.get(id);
    if (g === undefined) {
      g = { key, direction, count: 0, history: [] };
      groups.set(id, g);
    }
    const category = typeof t.category === "string" && t.category.length > 0 ? t.category : null;
    if (category === null) {
      if (t.date >= from && t.date <= to) g.count++;
    } else {
      g.history.push({ date: t.date, position: i, category, id: typeof t.id === "string" ? t.id : null });
    }
  }
  const out: SuggestionGroup[] = [];
  for (const g of groups.values()) {
    if (g.count === 0) continue;
    g.history.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : b.position - a.position));
    out.push({ key: g.key, direction: g.direction, uncategorizedCount: g.count, history: g.history.slice(0, 5) });
  }
  return out;
}
