/**
 * The evaluator of categorize-one.ts over a whole list at once, its answers as columns instead of one result object
 * per transaction (POST categorize reads them straight into its report): per transaction the rule that set its
 * category and the rule that set its kind (-1: none), per rule `matched_count` and `applied_count` (API.md §10.2).
 * The same conditions, the same rules met (collectMet, RuleMatcher) and the same choice: for each field the first
 * satisfied rule that sets it, when the field is open (the transaction lacks it, or `overwrite`).
 */
import type { CategorizeOptions } from "./categorize-one.ts";
import { collectMet } from "./categorize-one.ts";
import type { CompiledRules } from "./compile-rules.ts";

/** What the evaluator reads of a transaction besides its amount. */
export interface TransactionFields {
  readonly description?: string | null | undefined;
  readonly counterparty?: string | null | undefined;
  readonly account?: string | null | undefined;
  /** The transaction's own category; null, missing or "" is none. */
  readonly category?: string | null | undefined;
  /** The transaction's own kind; null or missing is none. */
  readonly kind?: "income" | "expense" | "transfer" | null | undefined;
}

export interface CategorizedColumns {
  /** Per transaction: the index of the rule that set its category, or -1. */
  readonly categoryRule: Int32Array;
  /** Per transaction: the index of the rule that set its kind, or -1. */
  readonly kindRule: Int32Array;
  /** Per rule: the transactions whose conditions it met. */
  readonly matched: Int32Array;
  /** Per rule: the transactions where it set at least one field. */
  readonly applied: Int32Array;
}

/**
 * Evaluates `transactions[i]` with amount `amountMinor[i]` (a safe integer, minor units of `scale[i]` decimals) for
 * every i.
 */
export function categorizeColumns(
  compiled: CompiledRules,
  transactions: readonly TransactionFields[],
  amountMinor: ArrayLike<number>,
  scale: ArrayLike<number>,
  opts: CategorizeOptions,
): CategorizedColumns {
  const rules = compiled.rules;
  const ruleCount = rules.length;
  const setsCategory = Uint8Array.from(rules, (r) => (r.category !== undefined ? 1 : 0));
  const setsKind = Uint8Array.from(rules, (r) => (r.kind !== undefined ? 1 : 0));
  const matcher = compiled.matcher;
  const met = matcher.met;
  const satisfied = matcher.satisfied;
  // With one indexed condition per rule, the met slots name the rules satisfied: read them there (matchInto would
  // only copy them over).
  const slotRules = matcher.slotRules;
  const count = transactions.length;
  const categoryRule = new Int32Array(count);
  const kindRule = new Int32Array(count);
  const matched = new Int32Array(ruleCount);
  const applied = new Int32Array(ruleCount);
  const overwrite = opts.overwrite;
  for (let i = 0; i < count; i++) {
    const t = transactions[i]!;
    const category = t.category;
    const categoryOpen = overwrite || typeof category !== "string" || category.length === 0;
    const kindOpen = overwrite || t.kind === undefined || t.kind === null;
    const n = collectMet(compiled, t.description, t.counterparty, t.account, amountMinor[i]!, scale[i]!);
    const m = slotRules !== null ? n : matcher.matchInto(met, n, satisfied);
    const rulesMet = slotRules !== null ? met : satisfied;
    let c = ruleCount;
    let k = ruleCount;
    for (let j = 0; j < m; j++) {
      const r = slotRules !== null ? slotRules[rulesMet[j]!]! : rulesMet[j]!;
      matched[r]!++;
      if (r < c && categoryOpen && setsCategory[r] === 1) c = r;
      if (r < k && kindOpen && setsKind[r] === 1) k = r;
    }
    if (c < ruleCount) {
      categoryRule[i] = c;
      applied[c]!++;
    } else categoryRule[i] = -1;
    if (k < ruleCount) {
      kindRule[i] = k;
      if (k !== c) applied[k]!++;
    } else kindRule[i] = -1;
  }
  return { categoryRule, kindRule, matched, applied };
}
