import { RULE_SHAPE_RULES } from "../contracts/rule-texts.ts";
import type { CategorizationRuleRow } from "../contracts/account-data.ts";
import type { AccountOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";

type C = Schemas["categorization"];

/** A stored row as the Rule shape: `id` is the stored UUID, the rest as validated when stored. */
export function storedRule(row: CategorizationRuleRow) {
  return {
    id: row.id,
    name: row.name,
    enabled: row.enabled,
    match: row.match,
    conditions: row.conditions as { field: "text"; op: string; value: string }[],
    set: row.set as { category?: string; kind?: "income" | "expense" | "transfer" },
  };
}

export function listCategorizationRulesOperation(schemas: Schemas) {
  const operation: AccountOperation<C["rulesQuery"], C["rulesList"]> = {
    kind: "account",
    name: "list_categorization_rules",
    method: "get",
    path: "/v1/me/categorization/rules",
    tag: "Account",
    summary: "Your stored categorization rules, in the order they run.",
    description:
      "Lists the rules that the import applies to your statement lines (and that `categorize_transactions` " +
      "takes as `rules`), in position order. Each rule's `id` is its stored UUID: the UUID v5 (RFC 9562) of the " +
      "rule's `id` in the rules file, in the namespace of your user id, so it stays the same when the list is set " +
      "again with that `id`; a transaction's `category_rule_id` and `kind_rule_id` refer to it. Rules are set by " +
      "the trusted pipeline (`npm run rules`), never through the API. Requires a bearer token. " + RULE_SHAPE_RULES,
    get input() {
      return schemas.categorization.rulesQuery;
    },
    get output() {
      return schemas.categorization.rulesList;
    },
    async run(_input, ctx) {
      const rows = await ctx.data.categorizationRules();
      return { data: rows.map(storedRule) };
    },
  };
  return operation;
}
