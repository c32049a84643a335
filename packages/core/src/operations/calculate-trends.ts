import type { CalculationOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { TRENDS_RULES } from "../contracts/rule-texts.ts";
import { spendingTrends } from "../services/spending-trends.ts";
import { ErrorCollector } from "./error-collector.ts";
import { formatTrends } from "./format-trends.ts";
import { normalizeTransactions } from "./normalize-transactions.ts";
import { locateOverflow } from "./overflow.ts";
import { resolveBodyCurrency } from "./resolve-currency.ts";
import { trendsWindowStart } from "./trends-window.ts";

export function calculateTrendsOperation(schemas: Schemas) {
  const operation: CalculationOperation<Schemas["trends"]["body"], Schemas["trends"]["report"]> = {
    kind: "calculation",
    name: "calculate_trends",
    method: "post",
    path: "/v1/analytics/trends",
    tag: "Calculations",
    summary: "Monthly spending trends per category, with spikes, drops and new categories flagged.",
    description: "Spending per category and month over a window of 2–24 months (default 12) ending with `year` " +
      "and `month`, from the transactions you send, with each category's mean, median, last month, trailing " +
      "average and change, and a `total` row. " + TRENDS_RULES + " Deterministic.",
    get input() {
      return schemas.trends.body;
    },
    get output() {
      return schemas.trends.report;
    },
    run(input) {
      const errors = new ErrorCollector();
      const currency = resolveBodyCurrency(input.currency, "/currency", errors);
      if (currency === undefined) throw errors.toError();
      const months = input.months ?? 12;
      trendsWindowStart(input.year, input.month, months, "body");
      const { entries } = normalizeTransactions(input.transactions, currency, "/transactions", errors);
      errors.throwIfAny();
      const result = locateOverflow("/transactions", () => spendingTrends(entries, input.year, input.month, months));
      return formatTrends(currency.code, currency.scale, result);
    },
  };
  return operation;
}
