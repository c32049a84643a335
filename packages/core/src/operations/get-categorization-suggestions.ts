import { addDays } from "../calendar/day-number.ts";
import { addMonths } from "../calendar/months.ts";
import { suggestCategories, type SuggestionGroup } from "../categorization/suggest-categories.ts";
import type { SuggestionInputRow } from "../contracts/account-data.ts";
import { SUGGESTION_RULES } from "../contracts/rule-texts.ts";
import type { AccountOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { ValidationError } from "../problem/validation-error.ts";
import { accountDefaults } from "./account-defaults.ts";

type C = Schemas["categorization"];

/** The suggestion groups of the database's rows: candidates with their counts, history by `rn`. */
export function groupsFromInputs(rows: readonly SuggestionInputRow[]): SuggestionGroup[] {
  const groups = new Map<
    string,
    { g: SuggestionGroup; history: { rn: number; category: string; id: string | null }[] }
  >();
  const at = (key: string, direction: "inflow" | "outflow") => `${direction}\n${key}`;
  for (const r of rows) {
    if (r.kind !== "candidate") continue;
    groups.set(at(r.key, r.direction), {
      g: { key: r.key, direction: r.direction, uncategorizedCount: r.txn_count, history: [] },
      history: [],
    });
  }
  for (const r of rows) {
    if (r.kind !== "history" || r.category === null || r.category === "") continue;
    groups.get(at(r.key, r.direction))?.history.push({ rn: r.rn ?? 0, category: r.category, id: r.id });
  }
  return [...groups.values()].map(({ g, history }) => ({
    ...g,
    history: history.sort((a, b) => a.rn - b.rn).map(({ category, id }) => ({ category, id })),
  }));
}

export function getCategorizationSuggestionsOperation(schemas: Schemas) {
  const operation: AccountOperation<C["suggestionsQuery"], C["suggestionsReport"]> = {
    kind: "account",
    name: "get_categorization_suggestions",
    method: "get",
    path: "/v1/me/categorization/suggestions",
    tag: "Account",
    summary: "Category suggestions learned from your own categorized statement transactions.",
    description: "The same calculation as `calculate_categorization_suggestions`, over your statement " +
      "transactions: candidates dated `from` … `to` (default: `to` today in your profile's time zone, `from` the " +
      "day after `to` − 12 months; `from` after `to` is 422 `invalid_range`), history dated after `to` − 25 months " +
      "and on or before `to`, ties of the latest 5 broken by id, descending. The database groups the candidates and " +
      "returns at most 5 history rows per group. Requires a bearer token. " + SUGGESTION_RULES,
    get input() {
      return schemas.categorization.suggestionsQuery;
    },
    get output() {
      return schemas.categorization.suggestionsReport;
    },
    async run(input, ctx) {
      let to = input.to;
      if (to === undefined) to = (await accountDefaults(ctx)).today;
      let from = input.from;
      if (from === undefined) {
        const back = addMonths(to, -12);
        from = back === undefined ? "0001-01-01" : addDays(back, 1);
      }
      if (from > to) {
        throw new ValidationError([{
          parameter: input.to === undefined ? "from" : "to",
          code: "invalid_range",
          message: input.to === undefined
            ? `Parameter \`from\` (${from}) is after today (${to}), the default \`to\`.`
            : `Parameter \`to\` (${to}) is before \`from\` (${from}).`,
        }]);
      }
      const rows = await ctx.data.categorizationSuggestionInputs(from, to);
      return { from, to, suggestions: suggestCategories(groupsFromInputs(rows)) };
    },
  };
  return operation;
}
