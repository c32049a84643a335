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
  moneyOutput,
  percentOutput,
} from "./primitives.ts";
import { transactionsField } from "./transaction.ts";
import { conversionInput, conversionOutput } from "./conversion.ts";
import { convertQueryFields } from "./convert-query.ts";

const CATEGORY_ORDER = "Sorted by `total` descending, then by category name ascending (by Unicode code points, " +
  "not locale), with the uncategorized group (null) after any named category with the same total.";

export function spendingSchemas(limits: Limits) {
  const body = doc(
    z.strictObject({
      currency: currencyInput(
        "Currency of the calculation; every transaction must be in it, unless `conversion` is sent: then " +
          "transactions in other currencies are converted into it.",
      ),
      from: dateField("First day of the period, inclusive. Omitted: no lower bound (echoed as null).", [
        "2026-01-01",
      ]).optional(),
      to: dateField(
        "Last day of the period, inclusive. Omitted: no upper bound (echoed as null). Must not be " +
          "before `from` (422 `invalid_range`).",
        ["2026-03-31"],
      ).optional(),
      transactions: transactionsField(limits),
      conversion: conversionInput().optional(),
    }),
    "Spending-by-category request. Unknown fields (422 `unknown_field`) and duplicate JSON keys (422 `duplicate_key`) are rejected.",
    [{
      currency: "EUR",
      from: "2026-01-01",
      to: "2026-03-31",
      transactions: [{ date: "2026-01-07", amount: "-42.10" }],
    }],
  );

  const query = z.strictObject({
    currency: currencyInput(
      "Currency to report. Defaults to the profile's default currency; 422 (`required`) " +
        "when neither is set. Only data in this currency counts.",
    ).optional(),
    from: dateField("First day, inclusive. Defaults to 1 January of the year of `to`.", ["2026-01-01"]).optional(),
    to: dateField(
      "Last day, inclusive. Defaults to today in the profile's time zone. Must not be before `from` " +
        "(422 `invalid_range`).",
      ["2026-03-31"],
    ).optional(),
    ...convertQueryFields(),
  });

  const category = z.object({
    category: categoryOutput,
    total: moneyOutput(
      "Spending minus refunds in this category (positive magnitude; negative if refunds exceed " +
        "spending).",
      ["412.80"],
    ),
    share_percent: percentOutput(
      "`total / report total × 100`, rounded half to even to 2 decimals, so the shares sum to 100 (within " +
        "rounding). Null for every category when the report total is zero or less (refunds equal or exceed " +
        "spending: a share of a non-positive total means nothing). A category whose refunds exceed its spending " +
        "while the report total is positive has a negative share.",
      [37.5],
    ),
    transaction_count: countOutput("Expense transactions (refunds included) in this category and period."),
  });

  const fields = {
    currency: currencyOutput("Currency of every amount."),
    from: dateOutput("The period's first day as used; null when unbounded (POST without `from`).", ["2026-01-01"])
      .nullable(),
    to: dateOutput("The period's last day as used; null when unbounded (POST without `to`).", ["2026-03-31"])
      .nullable(),
    total: moneyOutput("All expense spending in the period minus refunds; the sum of the categories' totals.", [
      "1100.80",
    ]),
    categories: doc(
      z.array(category),
      `One entry per category with at least one expense in the period. ${CATEGORY_ORDER}`,
    ),
    excluded: doc(
      z.object({
        income_count: countOutput("Income transactions (any date); only expenses count here.", [2]),
        transfer_count: countOutput("Transfers (any date).", [1]),
        outside_period_count: countOutput("Expense transactions dated outside the period.", [0]),
      }),
      "Transactions left out. Every transaction is counted once: in a category, or in one of these (with " +
        "conversion, a transaction without a usable rate is in none of them: it is disclosed in `conversion`).",
    ),
    conversion: conversionOutput.optional(),
  };
  const report = doc(
    z.object(fields),
    "Spending by category over a period, in one currency. Only `expense` " +
      "transactions count.",
  );
  const accountReport = doc(
    z.object({
      ...fields,
      from: dateOutput("The period's first day as used.", ["2026-01-01"]),
      to: dateOutput("The period's last day as used.", ["2026-03-31"]),
      other_currencies: doc(
        z.array(z.string()),
        "Currencies, other than `currency`, in which you have transactions (of any kind) dated in the period, " +
          "sorted. They are left out. With `convert=true`: only the currencies with something left unconverted " +
          "(no usable rate).",
        [["USD"]],
      ),
    }),
    "Spending by category of your own statement transactions.",
  );
  return { body, query, report, accountReport };
}
