import { yearOf } from "../calendar/dates.ts";
import type { CalculationOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { cashflow } from "../services/cashflow.ts";
import { ErrorCollector } from "./error-collector.ts";
import { formatCashflow } from "./format-cashflow.ts";
import { normalizeTransactions } from "./normalize-transactions.ts";
import { locateOverflow } from "./overflow.ts";
import { resolveBodyCurrency } from "./resolve-currency.ts";

export function calculateCashflowOperation(schemas: Schemas) {
  const { body, report } = schemas.cashflow;
  const operation: CalculationOperation<typeof body, typeof report> = {
    kind: "calculation",
    name: "calculate_cashflow",
    method: "post",
    path: "/v1/analytics/cashflow",
    tag: "Calculations",
    summary: "Annual cashflow, month by month, from the transactions you send.",
    description: "Computes a year of cashflow in one currency from the transactions in the request: income, " +
      "expenses, net and running net per month, year totals, averages over the months with activity and the " +
      "savings rate. Transfers are left out; refunds reduce expenses and reversals reduce income. `year` " +
      "defaults to the year of the latest transaction. Deterministic: no clock, no database; the same body always " +
      "gives the same response.",
    input: body,
    output: report,
    run(input) {
      const errors = new ErrorCollector();
      const currency = resolveBodyCurrency(input.currency, "/currency", errors);
      if (currency === undefined) throw errors.toError();
      const { entries, latestDate } = normalizeTransactions(input.transactions, currency, "/transactions", errors);
      let year = input.year;
      if (year === undefined) {
        if (latestDate !== null) year = yearOf(latestDate);
        else if (input.transactions.length === 0) {
          errors.at("/year", "required", "`/year` is required when there are no transactions to take it from.");
        }
      }
      errors.throwIfAny();
      const result = locateOverflow("/transactions", () => cashflow(entries, year!));
      return formatCashflow(currency.code, currency.scale, result);
    },
  };
  return operation;
}
