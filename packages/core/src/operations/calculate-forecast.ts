import type { CalculationOperation } from "../contracts/operation.ts";
import { FORECAST_RULES, RECURRING_RULES } from "../contracts/rule-texts.ts";
import type { Schemas } from "../contracts/schemas.ts";
import { moneyIssueMessage, parseMinor } from "../money/parse-minor.ts";
import { numberCalculator } from "../money/calculator.ts";
import { trailingWindowStart } from "../services/cash-flow-forecast.ts";
import type { LedgerEntry } from "../services/ledger-entry.ts";
import { forecastReport } from "./forecast-report.ts";
import { locateOverflow } from "./overflow.ts";
import { recurringFromTransactions, validateRecurringBody } from "./recurring-from-transactions.ts";

/** Signed sum of the income and expense amounts dated `from` … `to` (transfers excluded). */
export function trailingNet(entries: readonly LedgerEntry[], from: string, to: string): number {
  let net = 0;
  for (const e of entries) {
    if (e.kind === "transfer" || e.date === null || e.date < from || e.date > to) continue;
    net = numberCalculator.add(net, e.amount);
  }
  return net;
}

export function calculateForecastOperation(schemas: Schemas) {
  const operation: CalculationOperation<Schemas["forecast"]["body"], Schemas["forecast"]["report"]> = {
    kind: "calculation",
    name: "calculate_forecast",
    method: "post",
    path: "/v1/analytics/forecast",
    tag: "Calculations",
    summary: "Cash-flow forecast and runway from the recurring streams in the transactions you send.",
    description: "Projects the recurring streams of your transactions over `horizon_days` (1–366, default 90) " +
      "after `as_of`, from `starting_balance`: the projected events, the end-of-day balances, the lowest balance, " +
      "the first negative date, and the runway from the trailing 90 days. " + FORECAST_RULES +
      "Stream rules: " + RECURRING_RULES + " Deterministic.",
    get input() {
      return schemas.forecast.body;
    },
    get output() {
      return schemas.forecast.report;
    },
    run(input) {
      let startingBalance = 0;
      const { currency, entries } = validateRecurringBody(input, (errors, currency) => {
        if (currency === undefined) return;
        const parsed = parseMinor(input.starting_balance, currency.scale);
        if (typeof parsed === "number") startingBalance = parsed;
        else {
          errors.at(
            "/starting_balance",
            parsed,
            moneyIssueMessage(parsed, "`/starting_balance`", currency.code, currency.scale),
          );
        }
      });
      const asOf = input.as_of;
      const result = recurringFromTransactions(currency.code, asOf, entries, input.transactions);
      const net = locateOverflow("/transactions", () => trailingNet(entries, trailingWindowStart(asOf), asOf));
      return forecastReport({
        currency,
        asOf,
        horizonDays: input.horizon_days ?? 90,
        startingBalance,
        trailingNet: net,
        streams: result.streams,
        where: "body",
      });
    },
  };
  return operation;
}
