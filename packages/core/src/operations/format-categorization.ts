/** The CategorizationReport (API.md §10.2) of evaluated transactions. */
import type { CategorizeResult } from "../categorization/categorize-one.ts";
import type { RuleCounts } from "../categorization/categorize-many.ts";
import type { CompiledRules } from "../categorization/compile-rules.ts";

export function formatCategorization(
  compiled: CompiledRules,
  transactions: readonly { readonly id: string | null }[],
  results: readonly CategorizeResult[],
  rules: RuleCounts[],
) {
  let categorized = 0;
  let byRule = 0;
  let kindByRule = 0;
  const rows = results.map((r, index) => {
    if (r.category !== null) categorized++;
    if (r.categorySource === "rule") byRule++;
    if (r.kindSource === "rule") kindByRule++;
    return {
      index,
      id: transactions[index]!.id,
      category: r.category,
      kind: r.kind,
      category_source: r.categorySource,
      category_rule_id: r.categoryRuleIndex === null ? null : compiled.rules[r.categoryRuleIndex]!.id,
      kind_source: r.kindSource,
      kind_rule_id: r.kindRuleIndex === null ? null : compiled.rules[r.kindRuleIndex]!.id,
    };
  });
  return {
    transactions: rows,
    rules,
    totals: {
      transaction_count: results.length,
      categorized_count: categorized,
      uncategorized_count: results.length - categorized,
      categorized_by_rule_count: byRule,
      kind_set_by_rule_count: kindByRule,
    },
  };
}
