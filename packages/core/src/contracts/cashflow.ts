import { z } from "zod";
import type { Limits } from "./limits.ts";
import {
  countOutput,
  currencyInput,
  currencyOutput,
  doc,
  moneyOutput,
  percentOutput,
  queryInteger,
} from "./primitives.ts";
import { transactionsField } from "./transaction.ts";
import { conversionInput, conversionOutput } from "./conversion.ts";
import { convertQueryFields } from "./convert-query.ts";

export function cashflowSchemas(limits: Limits) {
  const body = doc(
    z.strictObject({
      currency: currencyInput(
        "Currency of the calculation; every transaction must be in it, unless `conversion` is sent: then " +
          "transactions in other currencies are converted into it.",
      ),
      year: doc(
        z.int().min(1).max(9999),
        "Calendar year to report. Defaults to the year of the latest transaction (transfers included; with " +
          "`conversion`, of any currency). " +
          "Required when `transactions` is empty (422 `required`), because the API never reads the clock.",
        [2026],
      ).optional(),
      transactions: transactionsField(limits),
      conversion: conversionInput().optional(),
    }),
    "Annual cashflow request. Unknown fields (422 `unknown_field`) and duplicate JSON keys (422 `duplicate_key`) are rejected.",
    [{ currency: "EUR", year: 2026, transactions: [{ date: "2026-01-05", amount: "2500.00" }] }],
  );

  const query = z.strictObject({
    currency: currencyInput(
      "Currency to report. Defaults to the profile's default currency; 422 (`required`) " +
        "when neither is set. Only data in this currency counts.",
    ).optional(),
    year: queryInteger(1, 9999, "Year to report. Defaults to the current year in the profile's time zone.", [2026])
      .optional(),
    ...convertQueryFields(),
  });

  const month = z.object({
    month: doc(z.int().min(1).max(12), "Month number, 1–12.", [1]),
    income: moneyOutput("Income of the month: the sum of `income` amounts (reversals reduce it).", ["2500.00"]),
    expenses: moneyOutput(
      "Expenses of the month as a positive magnitude: spending minus refunds (negative if refunds exceed spending).",
      ["1830.45"],
    ),
    net: moneyOutput("`income − expenses`.", ["669.55"]),
    cumulative_net: moneyOutput("Running sum of `net` from January to this month.", ["669.55"]),
    transaction_count: countOutput("Income and expense transactions of the month (transfers not counted)."),
  });

  const fields = {
    currency: currencyOutput("Currency of every amount."),
    year: doc(z.int(), "The year reported (the default, when none was given).", [2026]),
    months: doc(z.array(month).length(12), "Always 12 entries, January to December, including empty months.", [
      [{
        month: 1,
        income: "2500.00",
        expenses: "1830.45",
        net: "669.55",
        cumulative_net: "669.55",
        transaction_count: 14,
      }],
    ]),
    totals: doc(
      z.object({
        income: moneyOutput("Sum of the months' income.", ["30000.00"]),
        expenses: moneyOutput("Sum of the months' expenses.", ["21965.40"]),
        net: moneyOutput("`income − expenses`.", ["8034.60"]),
        transaction_count: countOutput("Income and expense transactions in the year.", [168]),
      }),
      "Year totals; always equal to the sums of the months.",
    ),
    months_with_activity: doc(
      z.int().min(0).max(12),
      "Months with at least one income or expense transaction (even if they net to zero). Transfers do not " +
        "count as activity.",
      [12],
    ),
    monthly_average: doc(
      z.object({
        income: moneyOutput(
          "`totals.income / months_with_activity`, rounded half-to-even; null when no month " +
            "has activity.",
          ["2500.00"],
        ).nullable(),
        expenses: moneyOutput(
          "`totals.expenses / months_with_activity`, rounded half-to-even; null when no " +
            "month has activity.",
          ["1830.45"],
        ).nullable(),
        net: moneyOutput(
          "`totals.net / months_with_activity`, rounded half-to-even; null when no month has " +
            "activity. (Rounded separately, so it may differ by one minor unit from income − expenses.)",
          ["669.55"],
        )
          .nullable(),
      }),
      "Averages over the months with activity (not over 12), rounded half-to-even to the minor unit.",
    ),
    savings_rate_percent: percentOutput(
      "`totals.net / totals.income × 100`. Null when income is zero; computed as is when income is negative.",
      [26.78],
    ),
    excluded: doc(
      z.object({
        transfer_count: countOutput("Transfers, whatever their date. They never count anywhere else.", [4]),
        outside_period_count: countOutput("Income and expense transactions dated outside `year`.", [0]),
      }),
      "Transactions left out. Every transaction is counted exactly once: in `totals.transaction_count`, " +
        "`transfer_count` or `outside_period_count` (with conversion, a transaction without a usable rate is in " +
        "none of them: it is disclosed in `conversion`).",
    ),
    conversion: conversionOutput.optional(),
  };

  const report = doc(z.object(fields), "Annual cashflow, month by month, in one currency.");
  const accountReport = doc(
    z.object({
      ...fields,
      other_currencies: doc(
        z.array(z.string()),
        "Currencies, other than `currency`, in which you have transactions (of any kind) dated in `year`, sorted. " +
          "They are left out. With `convert=true`: only the currencies with something left unconverted (no usable " +
          "rate).",
        [["USD"]],
      ),
    }),
    "Annual cashflow of your own statement transactions in one currency.",
  );
  return { body, query, report, accountReport };
}
