import type { z } from "zod";
import { categorizeColumns } from "../categorization/categorize-columns.ts";
import { withCompiledRules } from "../categorization/rules-cache.ts";
import { ensureRe2 } from "../categorization/re2.ts";
import { CONDITION_RULES, RULE_SHAPE_RULES } from "../contracts/rule-texts.ts";
import { RULE_LIMITS } from "../contracts/limits.ts";
import { EVALUATION_RULES } from "../contracts/rule-texts.ts";
import type { CalculationOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { checkCategorizationAmounts } from "./categorization-transactions.ts";
import { ErrorCollector } from "./error-collector.ts";
import { categorizationJson } from "./categorization-json.ts";
import { formatCategorization } from "./format-categorization.ts";

type C = Schemas["categorization"];

export function categorizeTransactionsOperation(schemas: Schemas) {
  const operation: CalculationOperation<C["body"], C["report"]> = {
    kind: "calculation",
    name: "categorize_transactions",
    method: "post",
    path: "/v1/analytics/categorize",
    tag: "Calculations",
    summary: "Apply categorization rules to transactions: each one's category and kind, and which rule set them.",
    description: "Runs your rules over your transactions and explains every result: the category and the " +
      "effective kind of each transaction, whether each came from the transaction itself, a rule (with its id) or " +
      "the sign, and per rule how many transactions it matched and how many it decided. " + EVALUATION_RULES + " " +
      RULE_SHAPE_RULES + " " + CONDITION_RULES + ` Work bound: transactions × the conditions of all rules (enabled ` +
      `or not) ≤ ${
        String(RULE_LIMITS.work).replace(/\B(?=(\d{3})+$)/g, ",")
      }, else 422 \`too_large\` at \`/rules\`. Deterministic: ` +
      "the same body always gives the same response.",
    prepare: ensureRe2,
    get input() {
      return schemas.categorization.body;
    },
    get output() {
      return schemas.categorization.report;
    },
    run(input) {
      const { compiled, amountMinor, columns } = evaluate(input);
      return formatCategorization(compiled, input.transactions, amountMinor, columns);
    },
    runJsonChunks(input) {
      const { compiled, amountMinor, columns } = evaluate(input);
      return categorizationJson(compiled, input.transactions, amountMinor, columns);
    },
  };
  return operation;
}

/** The body checked (the work bound, dates, currencies, amounts) and evaluated: the report's columns. */
function evaluate(input: z.output<C["body"]>) {
  const errors = new ErrorCollector();
  let conditions = 0;
  for (const rule of input.rules) conditions += rule.conditions.length;
  const work = conditions * input.transactions.length;
  if (work > RULE_LIMITS.work) {
    errors.at(
      "/rules",
      "too_large",
      `${input.transactions.length} transactions × ${conditions} conditions is ${work} condition tests; one ` +
        `request may ask for at most ${RULE_LIMITS.work}. Send fewer transactions per request.`,
    );
  }
  const { amountMinor, scale } = checkCategorizationAmounts(input.transactions, "/transactions", errors);
  errors.throwIfAny();
  return withCompiledRules(input.rules, (compiled) => ({
    compiled,
    amountMinor,
    columns: categorizeColumns(compiled, input.transactions, amountMinor, scale, {
      overwrite: input.overwrite === true,
    }),
  }));
}
