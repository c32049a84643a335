import { z } from "zod";
import type { Limits } from "./limits.ts";
import {
  categoryOutput,
  currencyInput,
  currencyOutput,
  dateOutput,
  doc,
  moneyInput,
  moneyOutput,
  percentOutput,
  queryInteger,
  text,
} from "./primitives.ts";
import { transactionsField } from "./transaction.ts";
import { conversionInput, conversionOutput } from "./conversion.ts";
import { convertQueryFields } from "./convert-query.ts";
import { ROLLOVER_RULES } from "./rule-texts.ts";

/** At most this many earlier months in POST `history`; GET reads as many months back (API.md §9.4). */
export const MAX_HISTORY_MONTHS = 24;

const rolloverField = doc(z.enum(["none", "positive", "full"]), ROLLOVER_RULES, ["positive"]);

export function budgetSchemas(limits: Limits) {
  const budget = doc(
    z.strictObject({
      category: text(
        limits.text,
        "Category the budget applies to, matched exactly (case-sensitive). Each category " +
          "at most once (422 `duplicate`).",
        ["groceries"],
      ),
      amount: moneyInput("Budgeted spending for the month; zero or positive (422 `out_of_range` if negative).", [
        "400.00",
      ]),
    }),
    "A monthly budget for one category.",
  );
  const historyMonth = doc(
    z.strictObject({
      year: doc(z.int().min(1).max(9999), "Year of the earlier month.", [2026]),
      month: doc(z.int().min(1).max(12), "Earlier month, 1–12.", [2]),
      budgets: doc(
        z.array(budget).max(limits.budgets),
        `Budgets of that month, at most ${limits.budgets}; each category at most once (422 \`duplicate\`).`,
      ),
    }),
    "The budget rows of one earlier month, for rollover.",
  );
  const body = doc(
    z.strictObject({
      currency: currencyInput(
        "Currency of the calculation; every budget is in it, and every transaction unless `conversion` is " +
          "sent: then transactions in other currencies are converted into it (budgets never are).",
      ),
      year: doc(z.int().min(1).max(9999), "Year of the month.", [2026]),
      month: doc(z.int().min(1).max(12), "Month, 1–12.", [3]),
      budgets: doc(z.array(budget).max(limits.budgets), `Budgets of the month, at most ${limits.budgets}.`),
      rollover: rolloverField.optional(),
      history: doc(
        z.array(historyMonth).max(MAX_HISTORY_MONTHS),
        `Budget rows of earlier months, for rollover: at most ${MAX_HISTORY_MONTHS} entries, each month at most ` +
          "once (422 `duplicate`), strictly before the requested month and within the 24 months before it (422 " +
          "`out_of_range`). An earlier month that is not listed has no budget rows. The spending of earlier months " +
          "comes from `transactions`. Optional (default none); ignored when `rollover` is `none`, but still validated.",
      ).optional(),
      transactions: transactionsField(
        limits,
        " Transactions outside the month are ignored, except that with rollover the spending of the 24 months before " +
          "it feeds the carryover.",
      ),
      conversion: conversionInput().optional(),
    }),
    "Budget summary request. Unknown fields (422 `unknown_field`) and duplicate JSON keys (422 `duplicate_key`) are rejected.",
    [{
      currency: "EUR",
      year: 2026,
      month: 3,
      budgets: [{ category: "groceries", amount: "400.00" }],
      transactions: [{ date: "2026-03-07", amount: "-42.10", category: "groceries" }],
    }],
  );
  const query = z.strictObject({
    month: queryInteger(1, 12, "Month. Defaults to the current month in the profile's time zone.", [3]).optional(),
    year: queryInteger(1, 9999, "Year. Defaults to the current year in the profile's time zone.", [2026]).optional(),
    currency: currencyInput(
      "Currency to report. Defaults to the profile's default currency; 422 (`required`) " +
        "when neither is set. Only budgets and transactions in this currency count.",
    ).optional(),
    rollover: rolloverField.optional(),
    ...convertQueryFields(),
  });

  const category = z.object({
    category: categoryOutput,
    budgeted: moneyOutput("The budget; 0 when the category has none.", ["400.00"]),
    spent: moneyOutput("Expense spending minus refunds in this category and month.", ["372.15"]),
    remaining: moneyOutput("`budgeted − spent` (negative when over budget).", ["27.85"]),
    percent_used: percentOutput("`spent / budgeted × 100`; null when `budgeted` is zero.", [93.04]),
    status: doc(
      z.enum(["under", "near", "over", "unbudgeted"]),
      "`unbudgeted`: no budget for this category (always so for the uncategorized row). `over`: spent > budgeted. " +
        "`near`: `percent_used` (as rounded and shown) ≥ 90 and spent ≤ budgeted. `under`: otherwise, including a " +
        "zero budget with nothing spent.",
      ["near"],
    ),
    carryover_in: moneyOutput(
      "What the category's chain carries into this month: the previous month's `available`, floored at zero under " +
        "`positive`, negative when overspending carries forward under `full`; zero with `none`, for the " +
        "uncategorized row and for a category without a budget row in the 24 months before the month.",
      ["12.50"],
    ),
    available: moneyOutput("`budgeted + carryover_in − spent`; equals `remaining` with `none`.", ["40.35"]),
  });
  const fields = {
    currency: currencyOutput("Currency of every amount."),
    year: doc(z.int(), "Year of the month (as used).", [2026]),
    month: doc(z.int().min(1).max(12), "Month (as used).", [3]),
    period_start: dateOutput("First day of the month.", ["2026-03-01"]),
    period_end: dateOutput("Last day of the month.", ["2026-03-31"]),
    income: moneyOutput("Income in the month (reversals reduce it).", ["2500.00"]),
    budgeted: moneyOutput("Sum of the budgets.", ["1200.00"]),
    spent: moneyOutput("All expense spending in the month minus refunds, budgeted categories or not.", ["1105.40"]),
    remaining: moneyOutput("`budgeted − spent`.", ["94.60"]),
    unbudgeted_spent: moneyOutput("The part of `spent` in categories without a budget (uncategorized included).", [
      "63.20",
    ]),
    carryover_in: moneyOutput("Sum of the categories' `carryover_in` (zero with `none`).", ["12.50"]),
    available: moneyOutput("Sum of the categories' `available` (= budgeted + carryover_in − spent).", ["107.10"]),
    categories: doc(
      z.array(category),
      "Every budgeted category, plus every category with at least one expense transaction in the month " +
        "(status `unbudgeted` when it has no budget), plus, with rollover, every category carrying a non-zero " +
        "`carryover_in`. Sorted by name (Unicode code points), uncategorized (null) last.",
    ),
    conversion: conversionOutput.optional(),
  };
  const report = doc(z.object(fields), "Budget versus actual spending for one month, in one currency.");
  const accountReport = doc(
    z.object({
      ...fields,
      other_currencies: doc(
        z.array(z.string()),
        "Currencies, other than `currency`, with transactions dated in the month or budgets for it, sorted. " +
          "They are left out. With `convert=true`: only the currencies with transactions left unconverted (no " +
          "usable rate) or budgets (budgets are never converted).",
        [["USD"]],
      ),
    }),
    "Budget versus actual spending of your own data for one month.",
  );
  return { body, query, report, accountReport };
}
