import { z } from "zod";
import type { Limits } from "./limits.ts";
import {
  categoryOutput,
  currencyInput,
  currencyOutput,
  dateOutput,
  doc,
  moneyOutput,
  percentOutput,
  queryInteger,
} from "./primitives.ts";
import { transactionsField } from "./transaction.ts";

const MONTHS_RULE = "Number of calendar months in the window, 2–24; default 12.";

export function trendsSchemas(limits: Limits) {
  const body = doc(
    z.strictObject({
      currency: currencyInput("Currency of the calculation; every transaction must be in it."),
      year: doc(z.int().min(1).max(9999), "Year of the last month of the window.", [2026]),
      month: doc(z.int().min(1).max(12), "Last month of the window, 1–12.", [3]),
      months: doc(z.int().min(2).max(24), MONTHS_RULE, [12]).optional(),
      transactions: transactionsField(limits, " Transactions outside the window are ignored."),
    }),
    "Spending trends request. Unknown fields (422 `unknown_field`) and duplicate JSON keys (422 `duplicate_key`) " +
      "are rejected.",
    [{
      currency: "EUR",
      year: 2026,
      month: 3,
      months: 3,
      transactions: [
        { date: "2026-01-07", amount: "-40.00", category: "dining" },
        { date: "2026-02-07", amount: "-40.00", category: "dining" },
        { date: "2026-03-07", amount: "-90.00", category: "dining" },
      ],
    }],
  );
  const query = z.strictObject({
    currency: currencyInput(
      "Currency to report. Defaults to the profile's default currency; 422 (`required`) when neither is set. Only " +
        "transactions in this currency count; others are left out.",
    ).optional(),
    year: queryInteger(1, 9999, "Year of the last month. Defaults to the current year in the profile's time zone.", [
      2026,
    ]).optional(),
    month: queryInteger(1, 12, "Last month. Defaults to the current month in the profile's time zone.", [3])
      .optional(),
    months: queryInteger(2, 24, MONTHS_RULE, [12]).optional(),
  });
  const series = {
    monthly: doc(
      z.array(moneyOutput("Spending of one window month.", ["40.00"])),
      "One amount per window month, " +
        "oldest first; zero where there was nothing.",
      [["40.00", "40.00", "90.00"]],
    ),
    mean: moneyOutput("Mean over all window months, rounded half-to-even.", ["56.67"]),
    median: moneyOutput(
      "Median of the window months (mean of the two middle ones for an even count), rounded " +
        "half-to-even.",
      ["40.00"],
    ),
    current: moneyOutput("The last month of the window.", ["90.00"]),
    trailing_average: moneyOutput(
      "Mean of the up to 3 months before the last one within the window, rounded " +
        "half-to-even.",
      ["40.00"],
    ),
    change_percent: percentOutput(
      "(current − exact trailing average) ÷ exact trailing average × 100; null when " +
        "the trailing average is zero.",
      [125],
    ),
    flag: doc(
      z.enum(["spike", "new", "drop"]).nullable(),
      "`spike`: current > 1.5 × a positive trailing average. `new`: trailing average zero, current above zero. " +
        "`drop`: current < 0.5 × a positive trailing average. Otherwise null.",
      ["spike"],
    ),
  };
  const report = doc(
    z.object({
      currency: currencyOutput("Currency of every amount."),
      year: doc(z.int(), "Year of the last month (as used).", [2026]),
      month: doc(z.int().min(1).max(12), "Last month of the window (as used).", [3]),
      months: doc(z.int().min(2).max(24), "Months in the window (as used).", [3]),
      window_start: dateOutput("First day of the first window month.", ["2026-01-01"]),
      window_end: dateOutput("Last day of the last window month.", ["2026-03-31"]),
      total: doc(z.object(series), "The same statistics over all categories together."),
      categories: doc(
        z.array(z.object({ category: categoryOutput, ...series })),
        "One row per category with at least one expense transaction in the window: by `current` descending, then " +
          "by name (Unicode code points), uncategorized (null) last.",
      ),
    }),
    "Monthly spending per category over a window, with the last month compared against the months before it.",
  );
  return { body, query, report };
}
