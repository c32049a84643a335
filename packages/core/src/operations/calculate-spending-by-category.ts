import type { CalculationOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { spendingByCategory } from "../services/spending-by-category.ts";
import { ErrorCollector } from "./error-collector.ts";
import { formatSpending } from "./format-spending.ts";
import { normalizeTransactions } from "./normalize-transactions.ts";
import { locateOverflow } from "./overflow.ts";
import { resolveBodyCurrency } from "./resolve-currency.ts";
import { convertedReports, prepareConversion } from "./converted-on-demand.ts";
import { CONVERSION_RULES } from "../contracts/rule-texts.ts";

export function calculateSpendingByCategoryOperation(schemas: Schemas) {
  const operation: CalculationOperation<Schemas["spending"]["body"], Schemas["spending"]["report"]> = {
    kind: "calculation",
    name: "calculate_spending_by_category",
    method: "post",
    path: "/v1/analytics/spending-by-category",
    tag: "Calculations",
    summary: "Spending totals by category over a period, from the transactions you send.",
    description: "Totals `expense` transactions by category within [from, to] (both optional and inclusive; an " +
      "omitted bound is open and echoed as null). Refunds (positive expenses) reduce their category. Income and " +
      "transfers are counted in `excluded`. Categories are sorted by total descending, then by name, " +
      "uncategorized (null) after a named category with the same total. `share_percent` is null when the report " +
      "total is zero or less (refunds equal or exceed spending). Deterministic.\n\nConversion: with " +
      "`conversion`, transactions in other currencies are converted into `currency` and the response gains " +
      `\`conversion\`. ${CONVERSION_RULES}`,
    prepare: prepareConversion,
    get input() {
      return schemas.spending.body;
    },
    get output() {
      return schemas.spending.report;
    },
    run(input) {
      const errors = new ErrorCollector();
      const currency = resolveBodyCurrency(input.currency, "/currency", errors);
      if (currency === undefined) throw errors.toError();
      const from = input.from ?? null;
      const to = input.to ?? null;
      if (from !== null && to !== null && to < from) {
        errors.at("/to", "invalid_range", `\`/to\` (${to}) is before \`/from\` (${from}).`);
      }
      if (input.conversion !== undefined) {
        return convertedReports().convertedSpending(
          { ...input, conversion: input.conversion },
          from,
          to,
          currency,
          errors,
        );
      }
      const { entries } = normalizeTransactions(input.transactions, currency, "/transactions", errors);
      errors.throwIfAny();
      const result = locateOverflow("/transactions", () => spendingByCategory(entries, from, to));
      return formatSpending(currency.code, currency.scale, from, to, result);
    },
  };
  return operation;
}
