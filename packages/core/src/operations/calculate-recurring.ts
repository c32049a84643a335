import type { CalculationOperation } from "../contracts/operation.ts";
import { RECURRING_RULES } from "../contracts/rule-texts.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { formatRecurring } from "./format-recurring.ts";
import { recurringFromTransactions, validateRecurringBody } from "./recurring-from-transactions.ts";

export function calculateRecurringOperation(schemas: Schemas) {
  const operation: CalculationOperation<Schemas["recurring"]["body"], Schemas["recurring"]["report"]> = {
    kind: "calculation",
    name: "calculate_recurring",
    method: "post",
    path: "/v1/analytics/recurring",
    tag: "Calculations",
    summary: "Recurring streams (subscriptions, bills, paychecks) in the transactions you send.",
    description: "Finds the recurring streams in your transactions at `as_of`: each with its frequency (weekly, " +
      "biweekly, monthly, quarterly, annually), status (active, late, ended), predicted next date, average, last " +
      "and monthly amounts, category and transaction ids, plus monthly totals. " + RECURRING_RULES +
      " Deterministic: the same body always gives the same response, and the order of the transactions never " +
      "changes it.",
    get input() {
      return schemas.recurring.body;
    },
    get output() {
      return schemas.recurring.report;
    },
    run(input) {
      const { currency, entries } = validateRecurringBody(input);
      const result = recurringFromTransactions(currency.code, input.as_of, entries, input.transactions);
      return formatRecurring(currency.code, currency.scale, input.as_of, result);
    },
  };
  return operation;
}
