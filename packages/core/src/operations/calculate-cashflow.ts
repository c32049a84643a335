import { yearOf } from "../calendar/dates.ts";
import type { CalculationOperation } from "../contracts/operation.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { OverflowError } from "../problem/validation-error.ts";
import { cashflow, cashflowOf, CashflowSums } from "../services/cashflow.ts";
import { ErrorCollector } from "./error-collector.ts";
import { formatCashflow } from "./format-cashflow.ts";
import { normalizeTransactions, visitTransactions } from "./normalize-transactions.ts";
import { locateOverflow } from "./overflow.ts";
import { resolveBodyCurrency } from "./resolve-currency.ts";
import { convertedReports, prepareConversion } from "./converted-on-demand.ts";
import { CONVERSION_RULES } from "../contracts/rule-texts.ts";
import { cleanCashflowSums } from "./clean-cashflow-sums.ts";
import { keepAlive } from "./keep-alive.ts";

export function calculateCashflowOperation(schemas: Schemas) {
  const operation: CalculationOperation<Schemas["cashflow"]["body"], Schemas["cashflow"]["report"]> = {
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
      "gives the same response.\n\nConversion: with `conversion`, transactions in other currencies are converted into " +
      "`currency` and the response gains `conversion`; `year` then defaults to the year of the latest transaction of " +
      `any currency. ${CONVERSION_RULES}`,
    prepare: prepareConversion,
    get input() {
      return schemas.cashflow.body;
    },
    get output() {
      return schemas.cashflow.report;
    },
    run(input) {
      const errors = new ErrorCollector();
      const currency = resolveBodyCurrency(input.currency, "/currency", errors);
      if (currency === undefined) throw errors.toError();
      if (input.conversion !== undefined) {
        return convertedReports().convertedCashflow({ ...input, conversion: input.conversion }, currency, errors);
      }
      if (input.year !== undefined) {
        // The common case first: every transaction clean (one tight loop); otherwise the general path below.
        const clean = cleanCashflowSums(input.transactions, currency, input.year);
        keepAlive("cashflow", [errors, clean]);
        if (clean !== undefined) {
          return formatCashflow(
            currency.code,
            currency.scale,
            locateOverflow("/transactions", () => cashflowOf(clean)),
          );
        }
        // The year is known: validate and sum in one pass over the transactions (no entry objects). An overflow
        // is reported only after every validation error, as the two-pass path below does.
        const sums = new CashflowSums(input.year);
        let overflow = false;
        visitTransactions(input.transactions, currency, "/transactions", errors, (date, amount, kind) => {
          if (overflow) return;
          try {
            sums.add(date, amount, kind, 1);
          } catch (error) {
            if (!(error instanceof OverflowError)) throw error;
            overflow = true;
          }
        });
        errors.throwIfAny();
        if (overflow) throw new OverflowError("/transactions");
        return formatCashflow(currency.code, currency.scale, locateOverflow("/transactions", () => cashflowOf(sums)));
      }
      const { entries, latestDate } = normalizeTransactions(input.transactions, currency, "/transactions", errors);
      let year: number | undefined;
      if (latestDate !== null) year = yearOf(latestDate);
      else if (input.transactions.length === 0) {
        errors.at("/year", "required", "`/year` is required when there are no transactions to take it from.");
      }
      errors.throwIfAny();
      const result = locateOverflow("/transactions", () => cashflow(entries, year!));
      return formatCashflow(currency.code, currency.scale, result);
    },
  };
  return operation;
}
