/**
 * The CategorizationReport of format-categorization.ts written straight as JSON text, equal character for character
 * to `JSON.stringify(formatCategorization(…))` (the tests hold the two together), without building one object per
 * transaction. A row is its index, its id and a tail that depends only on which rule (or the transaction itself, or
 * the sign) decided its category and its kind: the tails repeat, so each is written once and reused, and the rows are
 * joined as one string. On 50,000 transactions this takes a fraction of the objects' JSON.stringify.
 */
import type { CategorizedColumns } from "../categorization/categorize-columns.ts";
import type { CompiledRules } from "../categorization/compile-rules.ts";
import type { Kind } from "../categorization/rule-schema.ts";
import { reportSummary, type ReportTransaction } from "./format-categorization.ts";

export function categorizationJson(
  compiled: CompiledRules,
  transactions: readonly ReportTransaction[],
  amountMinor: ArrayLike<number>,
  columns: CategorizedColumns,
): string {
  const rules = compiled.rules;
  const ruleCount = rules.length;
  const { categoryRule, kindRule } = columns;
  // A kind's state: a rule's index, else KIND_STATES past the rules (the transaction's own kind, or the sign's).
  const kindStates = ruleCount + KIND_STATES.length;
  /** Tails by category state (a rule's index, or ruleCount: none) × kind state. */
  const tails = new Map<number, string>();
  /** Tails after an input category's JSON, by kind state. */
  const afterInputCategory = new Map<number, string>();
  const quoted = new Map<string, string>();
  let categorized = 0;
  let byRule = 0;
  let kindByRule = 0;
  let out = '{"transactions":[';
  for (let index = 0; index < transactions.length; index++) {
    const t = transactions[index]!;
    const c = categoryRule[index]!;
    const k = kindRule[index]!;
    let kindState: number;
    if (k >= 0) {
      kindState = k;
      kindByRule++;
    } else if (t.kind !== undefined && t.kind !== null) kindState = ruleCount + KIND_STATES.indexOf(t.kind);
    else kindState = ruleCount + (amountMinor[index]! > 0 ? INCOME : EXPENSE);
    const id = t.id;
    out += (index === 0 ? '{"index":' : ',{"index":') + index +
      (id === undefined || id === null ? ',"id":null,' : `,"id":${JSON.stringify(id)},`);
    if (c < 0 && typeof t.category === "string" && t.category.length > 0) {
      categorized++;
      let category = quoted.get(t.category);
      if (category === undefined) quoted.set(t.category, category = JSON.stringify(t.category));
      let tail = afterInputCategory.get(kindState);
      if (tail === undefined) afterInputCategory.set(kindState, tail = rowTail(rules, ruleCount, kindState, "input"));
      out += '"category":' + category + tail;
      continue;
    }
    if (c >= 0) {
      categorized++;
      byRule++;
    }
    const key = (c >= 0 ? c : ruleCount) * kindStates + kindState;
    let tail = tails.get(key);
    if (tail === undefined) {
      const category = c >= 0 ? rules[c]!.category! : null;
      tails.set(key, tail = `"category":${JSON.stringify(category)}${rowTail(rules, c, kindState, null)}`);
    }
    out += tail;
  }
  const summary = reportSummary(compiled, columns, transactions.length, categorized, byRule, kindByRule);
  return out + '],"rules":' + JSON.stringify(summary.rules) + ',"totals":' + JSON.stringify(summary.totals) + "}";
}

/** The kinds a transaction may give itself, then the two the sign gives, in the order of the kind states. */
const KIND_STATES: readonly Kind[] = ["income", "expense", "transfer", "income", "expense"];
const INCOME = 3;
const EXPENSE = 4;

/**
 * A row after its category's value: its kind, the category's source and rule, the kind's source and rule, and the
 * row's closing brace. `categoryRule`: the index of the rule that set the category (no rule did when it is not an
 * index of `rules`); `input`: the category is the transaction's own.
 */
function rowTail(
  rules: CompiledRules["rules"],
  categoryRule: number,
  kindState: number,
  input: "input" | null,
): string {
  const ruleCount = rules.length;
  const categoryByRule = input === null && categoryRule >= 0 && categoryRule < ruleCount;
  const kindByRule = kindState < ruleCount;
  const row = {
    kind: kindByRule ? rules[kindState]!.kind! : KIND_STATES[kindState - ruleCount]!,
    category_source: categoryByRule ? "rule" : input,
    category_rule_id: categoryByRule ? rules[categoryRule]!.id : null,
    kind_source: kindByRule ? "rule" : kindState - ruleCount < INCOME ? "input" : "default",
    kind_rule_id: kindByRule ? rules[kindState]!.id : null,
  };
  // `{"kind":…}` without its opening brace, after the category's member.
  return "," + JSON.stringify(row).slice(1);
}
