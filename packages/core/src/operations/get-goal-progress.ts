import type { AccountOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { goalProgress } from "../services/goal-progress.ts";
import { accountDefaults } from "./account-defaults.ts";
import { formatGoal } from "./format-goal.ts";
import { storedScale } from "./format-statements.ts";

export function getGoalProgressOperation(schemas: Schemas) {
  const operation: AccountOperation<Schemas["goals"]["query"], Schemas["goals"]["accountReport"]> = {
    kind: "account",
    name: "get_goal_progress",
    method: "get",
    path: "/v1/me/goals/progress",
    tag: "Account",
    summary: "Progress of your own savings goals today.",
    description: "The same calculation as `calculate_goal_progress`, over your goals and their contributions, " +
      "with `as_of` = today in your profile's time zone. Goals are sorted by name, then id. Requires a bearer token.",
    get input() {
      return schemas.goals.query;
    },
    get output() {
      return schemas.goals.accountReport;
    },
    async run(_input, ctx) {
      const { today } = await accountDefaults(ctx);
      const rows = [...await ctx.data.goals(today)].sort((a, b) =>
        a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : a.id > b.id ? 1 : 0
      );
      const goals = rows.map((row) => {
        const progress = goalProgress({
          target: row.target_minor,
          target_date: row.target_date,
          saved: row.saved_minor,
          first_contribution_date: row.first_contribution_date,
          count: row.contribution_count,
        }, today);
        return formatGoal({
          id: row.id,
          name: row.name,
          currency: row.currency,
          scale: storedScale(row.currency),
          target: row.target_minor,
          target_date: row.target_date,
        }, progress);
      });
      return { as_of: today, goals };
    },
  };
  return operation;
}
