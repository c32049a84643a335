/** The CategorizationReport (API.md §10.2) of evaluated transactions, read from the evaluator's columns. */
import type { CategorizedColumns, TransactionFields } from "../categorization/categorize-columns.ts";
import type { RuleCounts } from "../categorization/categorize-many.ts";
import type { CompiledRules } from "../categorization/compile-rules.ts";
import type { Kind } from "../categorization/rule-schema.ts";

export interface ReportTransaction extends TransactionFields {
  readonly id?: string | null | undefined;
}

export function formatCategorization(
  compiled: CompiledRules,
  transactions: readonly ReportTransaction[],
  amountMinor: ArrayLike<number>,
  columns: CategorizedColumns,
) {
  const rules = compiled.rules;
  const { categoryRule, kindRule } = columns;
  let categorized = 0;
  let byRule = 0;
  let kindByRule = 0;
  const rows = new Array(transactions.length);
  for (let index = 0; index < transactions.length; index++) {
    const t = transactions[index]!;
    const c = categoryRule[index]!;
    const k = kindRule[index]!;
    let category: string | null;
    let categorySource: "input" | "rule" | null;
    let categoryRuleId: string | null = null;
    if (c >= 0) {
      const rule = rules[c]!;
      category = rule.category!;
      categorySource = "rule";
      categoryRuleId = rule.id;
      byRule++;
    } else if (typeof t.category === "string" && t.category.length > 0) {
      category = t.category;
      categorySource = "input";
    } else {
      category = null;
      categorySource = null;
    }
    if (category !== null) categorized++;
    let kind: Kind;
    let kindSource: "input" | "rule" | "default";
    let kindRuleId: string | null = null;
    if (k >= 0) {
      const rule = rules[k]!;
      kind = rule.kind!;
      kindSource = "rule";
      kindRuleId = rule.id;
      kindByRule++;
    } else if (t.kind !== undefined && t.kind !== null) {
      kind = t.kind;
      kindSource = "input";
    } else {
      kind = amountMinor[index]! > 0 ? "income" : "expense";
      kindSource = "default";
    }
    rows[index] = {
      index,
      id: t.id ?? null,
      category,
      kind,
      category_source: categorySource,
      category_rule_id: categoryRuleId,
      kind_source: kindSource,
      kind_rule_id: kindRuleId,
    };
  }
  return {
    transactions: rows,
    ...reportSummary(compiled, columns, transactions.length, categorized, byRule, kindByRule),
  };
}

/**
 * The report's `rules` (each rule's matched and applied counts) and `totals`, from the evaluator's columns and the
 * rows' counts: shared by the report's objects (above) and its JSON text (categorization-json.ts).
 */
export function reportSummary(
  compiled: CompiledRules,
  columns: CategorizedColumns,
  transactionCount: number,
  categorized: number,
  byRule: number,
  kindByRule: number,
) {
  return {
    rules: compiled.rules.map((r, i): RuleCounts => ({
      id: r.id,
      matched_count: columns.matched[i]!,
      applied_count: columns.applied[i]!,
    })),
    totals: {
      transaction_count: transactionCount,
      categorized_count: categorized,
      uncategorized_count: transactionCount - categorized,
      categorized_by_rule_count: byRule,
      kind_set_by_rule_count: kindByRule,
    },
  };
}
