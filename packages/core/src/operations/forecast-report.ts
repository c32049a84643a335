/** The forecast of POST and GET alike: end date, projection, runway, formatted as a ForecastReport. */
import { dayNumber, fromDayNumber } from "../calendar/day-number.ts";
import { MAX_DATE } from "../calendar/months.ts";
import { numberCalculator } from "../money/calculator.ts";
import { ValidationError } from "../problem/validation-error.ts";
import { cashFlowForecast, type ProjectedStream } from "../services/cash-flow-forecast.ts";
import { formatForecast } from "./format-forecast.ts";
import { locateOverflow } from "./overflow.ts";
import type { ResolvedCurrency } from "./resolve-currency.ts";

export interface ForecastArguments {
  readonly currency: ResolvedCurrency;
  readonly asOf: string;
  readonly horizonDays: number;
  readonly startingBalance: number;
  readonly trailingNet: number;
  readonly streams: readonly ProjectedStream[];
  /** Where an end date past 9999-12-31 is reported: the body field or the query parameter. */
  readonly where: "body" | "query";
}

export function forecastReport(a: ForecastArguments) {
  const end = dayNumber(a.asOf) + a.horizonDays;
  if (end > dayNumber(MAX_DATE)) {
    const message = `\`as_of\` + \`horizon_days\` is after ${MAX_DATE}, the last date this API represents.`;
    throw new ValidationError([
      a.where === "body"
        ? { pointer: "/horizon_days", code: "out_of_range", message }
        : { parameter: "horizon_days", code: "out_of_range", message },
    ]);
  }
  const endDate = fromDayNumber(end);
  const result = locateOverflow(a.where === "body" ? "/starting_balance" : "", () =>
    cashFlowForecast({
      asOf: a.asOf,
      endDate,
      startingBalance: a.startingBalance,
      trailingNet: a.trailingNet,
      streams: a.streams,
    }, numberCalculator));
  return formatForecast({
    currency: a.currency.code,
    scale: a.currency.scale,
    asOf: a.asOf,
    endDate,
    horizonDays: a.horizonDays,
    startingBalance: a.startingBalance,
    trailingNet: a.trailingNet,
  }, result);
}
