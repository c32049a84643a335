import { isValidDate } from "../calendar/dates.ts";
import type { CalculationOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { moneyIssueMessage, parseMinor } from "../money/parse-minor.ts";
import { type Contribution, goalProgress, summarizeContributions } from "../services/goal-progress.ts";
import { ErrorCollector } from "./error-collector.ts";
import { formatGoal } from "./format-goal.ts";
import { locateOverflow } from "./overflow.ts";
import { resolveBodyCurrency } from "./resolve-currency.ts";

export function calculateGoalProgressOperation(schemas: Schemas) {
  const operation: CalculationOperation<Schemas["goals"]["body"], Schemas["goals"]["report"]> = {
    kind: "calculation",
    name: "calculate_goal_progress",
    method: "post",
    path: "/v1/goals/progress",
    tag: "Calculations",
    summary: "Progress of savings goals at a given date, from the goals and contributions you send.",
    description: "For each goal, at `as_of`: saved (contributions on or before `as_of`), remaining, percent " +
      "complete, months remaining, the monthly contribution required to meet the target date (rounded up), the " +
      "average monthly contribution, a projected completion date and a status. Each goal has its own currency. " +
      "Deterministic.",
    get input() {
      return schemas.goals.body;
    },
    get output() {
      return schemas.goals.report;
    },
    run(input) {
      const errors = new ErrorCollector();
      const asOf = input.as_of;
      const prepared = input.goals.map((g, gi) => {
        const base = `/goals/${gi}`;
        const currency = resolveBodyCurrency(g.currency, `${base}/currency`, errors);
        if (currency === undefined) return undefined;
        const target = parseMinor(g.target_amount, currency.scale);
        if (typeof target !== "number") {
          errors.at(
            `${base}/target_amount`,
            target,
            moneyIssueMessage(target, `\`${base}/target_amount\``, currency.code, currency.scale),
          );
        } else if (target <= 0) {
          errors.at(`${base}/target_amount`, "out_of_range", `\`${base}/target_amount\` must be greater than zero.`);
        }
        const contributions: Contribution[] = new Array(g.contributions.length);
        for (let ci = 0; ci < g.contributions.length; ci++) {
          const c = g.contributions[ci]!;
          const pointer = `${base}/contributions/${ci}`;
          if (!isValidDate(c.date)) {
            errors.at(
              `${pointer}/date`,
              "invalid_date",
              `\`${pointer}/date\` is not a real calendar date ("${c.date}").`,
            );
          }
          const amount = parseMinor(c.amount, currency.scale);
          if (typeof amount !== "number") {
            errors.at(
              `${pointer}/amount`,
              amount,
              moneyIssueMessage(amount, `\`${pointer}/amount\``, currency.code, currency.scale),
            );
          }
          contributions[ci] = { date: c.date, amount: typeof amount === "number" ? amount : 0 };
        }
        return { g, currency, target: typeof target === "number" ? target : 1, contributions, base };
      });
      errors.throwIfAny();
      const goals = prepared.map((p) => {
        const { g, currency, target, contributions, base } = p!;
        const progress = locateOverflow(`${base}/contributions`, () => {
          const summary = summarizeContributions(contributions, asOf);
          return goalProgress({ ...summary, target, target_date: g.target_date ?? null }, asOf);
        });
        return formatGoal({
          id: g.id ?? null,
          name: g.name,
          currency: currency.code,
          scale: currency.scale,
          target,
          target_date: g.target_date ?? null,
        }, progress);
      });
      return { as_of: asOf, goals };
    },
  };
  return operation;
}
