import { suggestCategories } from "../categorization/suggest-categories.ts";
import { suggestionGroups } from "../categorization/suggestion-groups.ts";
import { SUGGESTION_RULES } from "../contracts/rule-texts.ts";
import type { CalculationOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { checkCategorizationTransactions } from "./categorization-transactions.ts";
import { ErrorCollector } from "./error-collector.ts";

type C = Schemas["categorization"];

export function calculateCategorizationSuggestionsOperation(schemas: Schemas) {
  const operation: CalculationOperation<C["suggestionsBody"], C["suggestionsReport"]> = {
    kind: "calculation",
    name: "calculate_categorization_suggestions",
    method: "post",
    path: "/v1/analytics/categorization/suggestions",
    tag: "Calculations",
    summary: "Category suggestions learned from the categorized transactions you send, each with a ready rule.",
    description: "Finds the uncategorized transactions whose payee you have categorized consistently before, and " +
      "suggests that category with a rule you can add as it is. `from` and `to` default to the earliest and latest " +
      "input dates; `from` after `to` is 422 `invalid_range`. " + SUGGESTION_RULES + " Deterministic: the same " +
      "body always gives the same response.",
    get input() {
      return schemas.categorization.suggestionsBody;
    },
    get output() {
      return schemas.categorization.suggestionsReport;
    },
    run(input) {
      const errors = new ErrorCollector();
      const transactions = checkCategorizationTransactions(input.transactions, "/transactions", errors);
      errors.throwIfAny();
      let earliest: string | null = null;
      let latest: string | null = null;
      for (const t of transactions) {
        if (earliest === null || t.date < earliest) earliest = t.date;
        if (latest === null || t.date > latest) latest = t.date;
      }
      const from = input.from ?? earliest ?? input.to ?? null;
      const to = input.to ?? latest ?? input.from ?? null;
      if (from !== null && to !== null && from > to) {
        const pointer = input.to !== undefined ? "/to" : "/from";
        errors.at(
          pointer,
          "invalid_range",
          input.to !== undefined && input.from !== undefined
            ? `\`/to\` (${to}) is before \`/from\` (${from}).`
            : input.to !== undefined
            ? `\`/to\` (${to}) is before the earliest transaction date (${from}), the default \`from\`.`
            : `\`/from\` (${from}) is after the latest transaction date (${to}), the default \`to\`.`,
        );
        errors.throwIfAny();
      }
      const suggestions = from === null || to === null
        ? []
        : suggestCategories(suggestionGroups(transactions, from, to));
      return { from, to, suggestions };
    },
  };
  return operation;
}
