import { z } from "zod";
import type { Limits } from "./limits.ts";
import {
  categoryOutput,
  countOutput,
  currencyInput,
  currencyOutput,
  dateField,
  dateOutput,
  doc,
  moneyInput,
  moneyOutput,
  queryInteger,
} from "./primitives.ts";
import { transactionsField } from "./transaction.ts";

const SAME_DATE_ORDER =
  " Exception: among transactions on the same date, their input order decides a stream's `name`, " +
  "a category tie and the order of `transaction_ids`.";

const HORIZON_RULE = "Days to project after `as_of`, 1–366; default 90.";

const streamExample = {
  id: "rs_3f0d5c1a9b2e4d70",
  name: "NETFLIX.COM 4412",
  key: "netflix com",
  direction: "outflow",
  category: "subscriptions",
  frequency: "monthly",
  status: "active",
  first_date: "2026-01-05",
  last_date: "2026-03-05",
  predicted_next_date: "2026-04-05",
  occurrence_count: 3,
  average_amount: "-15.99",
  last_amount: "-15.99",
  monthly_amount: "-15.99",
  transaction_ids: ["tx-1", "tx-2", "tx-3"],
};

const exampleTransactions = [
  { id: "tx-1", date: "2026-01-05", amount: "-15.99", description: "NETFLIX.COM 4412", category: "subscriptions" },
  { id: "tx-2", date: "2026-02-05", amount: "-15.99", description: "NETFLIX.COM 4412", category: "subscriptions" },
  { id: "tx-3", date: "2026-03-05", amount: "-15.99", description: "NETFLIX.COM 4412", category: "subscriptions" },
];

export function recurringSchemas(limits: Limits) {
  const asOf = dateField("The date the streams are judged at; transactions after it are ignored.", ["2026-03-20"]);
  const body = doc(
    z.strictObject({
      currency: currencyInput("Currency of the calculation; every transaction must be in it."),
      as_of: asOf,
      transactions: transactionsField(limits, SAME_DATE_ORDER),
    }),
    "Recurring streams request. Unknown fields (422 `unknown_field`) and duplicate JSON keys (422 `duplicate_key`) " +
      "are rejected.",
    [{ currency: "EUR", as_of: "2026-03-20", transactions: exampleTransactions }],
  );
  const query = z.strictObject({
    currency: currencyInput(
      "Currency to report. Defaults to the profile's default currency; 422 (`required`) when neither is set. Only " +
        "transactions in this currency count; others are left out.",
    ).optional(),
    as_of: dateField(
      "The date the streams are judged at. Defaults to today in the profile's time zone. Reads the transactions " +
        "dated after `as_of` − 25 months and on or before `as_of`.",
      ["2026-03-20"],
    ).optional(),
  });
  const stream = doc(
    z.object({
      id: doc(z.string().regex(/^rs_[0-9a-f]{16}$/), "Stable id: `rs_` + 16 hex digits of SHA-256.", [
        "rs_3f0d5c1a9b2e4d70",
      ]),
      name: doc(z.string(), "Counterparty or description as written on the latest transaction.", ["NETFLIX.COM 4412"]),
      key: doc(z.string().min(1), "The normalized grouping key.", ["netflix com"]),
      direction: doc(z.enum(["inflow", "outflow"]), "`inflow` (money in) or `outflow` (money out).", ["outflow"]),
      category: categoryOutput,
      frequency: doc(
        z.enum(["weekly", "biweekly", "monthly", "quarterly", "annually"]),
        "Row of the frequency table.",
        ["monthly"],
      ),
      status: doc(z.enum(["active", "late", "ended"]), "Status at `as_of`.", ["active"]),
      first_date: dateOutput("First occurrence.", ["2026-01-05"]),
      last_date: dateOutput("Last occurrence on or before `as_of`.", ["2026-03-05"]),
      predicted_next_date: dateOutput("Last occurrence + one period.", ["2026-04-05"]),
      occurrence_count: countOutput("Distinct dates of the stream.", [3]),
      average_amount: moneyOutput("Mean occurrence amount, signed, rounded half-to-even.", ["-15.99"]),
      last_amount: moneyOutput("Amount of the last occurrence, signed.", ["-15.99"]),
      monthly_amount: moneyOutput("Exact mean × monthly factor, signed, rounded half-to-even.", ["-15.99"]),
      transaction_ids: doc(z.array(z.string()), "Ids of the stream's transactions that have one, by date.", [[
        "tx-1",
      ]]),
    }),
    "One recurring stream.",
    [streamExample],
  );
  const report = doc(
    z.object({
      currency: currencyOutput("Currency of every amount."),
      as_of: dateOutput("The date the streams were judged at (as used).", ["2026-03-20"]),
      streams: doc(z.array(stream), "The streams, in the documented order."),
      totals: doc(
        z.object({
          monthly_inflow: moneyOutput("Sum of the `monthly_amount` of active and late inflow streams.", ["2500.00"]),
          monthly_outflow: moneyOutput("Magnitude of the sum for active and late outflow streams.", ["15.99"]),
          monthly_net: moneyOutput("`monthly_inflow` − `monthly_outflow`.", ["2484.01"]),
          active_count: countOutput("Active streams.", [1]),
          late_count: countOutput("Late streams.", [0]),
          ended_count: countOutput("Ended streams.", [0]),
        }),
        "Monthly totals of the active and late streams, and the count of each status.",
      ),
    }),
    "Recurring streams (subscriptions, bills, paychecks) with frequency, status and predicted next date.",
  );
  return { body, query, report };
}

export function forecastSchemas(limits: Limits) {
  const body = doc(
    z.strictObject({
      currency: currencyInput("Currency of the calculation; every transaction must be in it."),
      as_of: dateField("The forecast's start date; transactions after it are ignored.", ["2026-03-20"]),
      starting_balance: moneyInput("Balance at the end of `as_of`, signed."),
      horizon_days: doc(z.int().min(1).max(366), HORIZON_RULE, [90]).optional(),
      transactions: transactionsField(limits, SAME_DATE_ORDER),
    }),
    "Forecast request. Unknown fields (422 `unknown_field`) and duplicate JSON keys (422 `duplicate_key`) are " +
      "rejected.",
    [{
      currency: "EUR",
      as_of: "2026-03-20",
      starting_balance: "1200.00",
      horizon_days: 30,
      transactions: exampleTransactions,
    }],
  );
  const query = z.strictObject({
    currency: currencyInput(
      "Currency to forecast. Defaults to the profile's default currency; 422 (`required`) when neither is set. " +
        "Only transactions and statements in this currency count.",
    ).optional(),
    as_of: dateField(
      "The forecast's start date. Defaults to today in the profile's time zone. Streams come from the " +
        "transactions dated after `as_of` − 25 months and on or before `as_of`.",
      ["2026-03-20"],
    ).optional(),
    horizon_days: queryInteger(1, 366, HORIZON_RULE, [90]).optional(),
  });
  const report = doc(
    z.object({
      currency: currencyOutput("Currency of every amount."),
      as_of: dateOutput("Start date (as used).", ["2026-03-20"]),
      end_date: dateOutput("`as_of` + `horizon_days`.", ["2026-04-19"]),
      horizon_days: doc(z.int().min(1).max(366), "Horizon (as used).", [30]),
      starting_balance: moneyOutput("Balance at the end of `as_of`.", ["1200.00"]),
      ending_balance: moneyOutput("Starting balance + every event.", ["1184.01"]),
      projected_inflow: moneyOutput("Sum of the inflow events (positive).", ["0.00"]),
      projected_outflow: moneyOutput("Magnitude of the outflow events (positive).", ["15.99"]),
      lowest_balance: moneyOutput("Minimum of the starting balance and every end-of-day balance.", ["1184.01"]),
      lowest_balance_date: dateOutput("Earliest date that reaches the lowest balance.", ["2026-04-05"]),
      first_negative_date: doc(
        z.string().regex(/^\d{4}-\d{2}-\d{2}$/).nullable(),
        "First date whose balance is below zero (`as_of` when the starting balance is); null if none.",
        [null],
      ),
      trailing_90_day_net: moneyOutput("Signed income + expense over `as_of` − 89 days … `as_of`.", ["-47.97"]),
      runway_days: doc(
        z.int().min(0).nullable(),
        "floor(starting_balance × 90 ÷ −trailing_90_day_net); null when the net is ≥ 0; 0 when the balance is ≤ 0.",
        [2251],
      ),
      runway_status: doc(z.enum(["stable", "watch", "urgent"]), "`stable` (null or ≥ 90), `watch` (30–89), `urgent`.", [
        "stable",
      ]),
      events: doc(
        z.array(z.object({
          date: dateOutput("Projected date.", ["2026-04-05"]),
          stream_id: doc(z.string(), "The stream's `id`.", ["rs_3f0d5c1a9b2e4d70"]),
          name: doc(z.string(), "The stream's `name`.", ["NETFLIX.COM 4412"]),
          amount: moneyOutput("The stream's `average_amount`, signed.", ["-15.99"]),
        })),
        "Projected events, by date, then `stream_id`.",
      ),
      balances: doc(
        z.array(z.object({
          date: dateOutput("A date with events.", ["2026-04-05"]),
          balance: moneyOutput("End-of-day balance.", ["1184.01"]),
        })),
        "End-of-day balance of each date with events, ascending.",
      ),
    }),
    "Projected cash flow from the recurring streams, with the lowest balance and the runway.",
  );
  return { body, query, report };
}
