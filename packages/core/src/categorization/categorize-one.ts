/**
 * The evaluator (API.md §10.2), the one used by POST categorize, the importer and the re-apply command:
 *
 * 1. rules run in order; disabled rules never match;
 * 2. conditions read the transaction as given, never another rule's output;
 * 3. for `category` and for `kind`, the first matching rule that sets it decides it;
 * 4. a field the transaction already has (a non-empty category, a given kind) is kept, unless `overwrite`;
 * 5. the result's kind is the effective kind: the rule's, else the given one, else the sign's (positive is
 *    `income`, zero or negative `expense`).
 */
import type { CompiledRule, CompiledRules } from "./compile-rules.ts";
import type { Kind } from "./rule-schema.ts";
import { type CategorizeTransaction, TransactionView } from "./transaction-view.ts";

export interface CategorizeOptions {
  /** Let rules replace the transaction's own category and kind. */
  readonly overwrite: boolean;
}

export interface CategorizeResult {
  readonly category: string | null;
  readonly categorySource: "input" | "rule" | null;
  /** Index in the rule list of the rule that set the category. */
  readonly categoryRuleIndex: number | null;
  readonly kind: Kind;
  readonly kindSource: "input" | "rule" | "default";
  readonly kindRuleIndex: number | null;
  /** Indexes of the enabled rules whose conditions the transaction meets, ascending. */
  readonly matchedRuleIndexes: readonly number[];
}

function ruleMatches(rule: CompiledRule, view: TransactionView): boolean {
  const conditions = rule.conditions;
  if (rule.any) {
    for (let i = 0; i < conditions.length; i++) if (conditions[i]!.test(view)) return true;
    return false;
  }
  for (let i = 0; i < conditions.length; i++) if (!conditions[i]!.test(view)) return false;
  return true;
}

function signKind(tx: CategorizeTransaction): Kind {
  return tx.amountMinor > 0 ? "income" : "expense";
}

export function categorizeOne(
  compiled: CompiledRules,
  tx: CategorizeTransaction,
  opts: CategorizeOptions,
): CategorizeResult {
  const view = new TransactionView(tx, compiled.groups);
  const ownCategory = typeof tx.category === "string" && tx.category.length > 0 ? tx.category : null;
  const ownKind = tx.kind ?? null;
  const categoryOpen = ownCategory === null || opts.overwrite;
  const kindOpen = ownKind === null || opts.overwrite;
  let categoryRule = -1;
  let kindRule = -1;
  const matched: number[] = [];
  const rules = compiled.rules;
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    if (!rule.enabled || !ruleMatches(rule, view)) continue;
    matched.push(i);
    if (categoryRule < 0 && categoryOpen && rule.category !== undefined) categoryRule = i;
    if (kindRule < 0 && kindOpen && rule.kind !== undefined) kindRule = i;
  }
  return {
    category: categoryRule >= 0 ? rules[categoryRule]!.category! : ownCategory,
    categorySource: categoryRule >= 0 ? "rule" : ownCategory !== null ? "input" : null,
    categoryRuleIndex: categoryRule >= 0 ? categoryRule : null,
    kind: kindRule >= 0 ? rules[kindRule]!.kind! : ownKind ?? signKind(tx),
    kindSource: kindRule >= 0 ? "rule" : ownKind !== null ? "input" : "default",
    kindRuleIndex: kindRule >= 0 ? kindRule : null,
    matchedRuleIndexes: matched,
  };
}
