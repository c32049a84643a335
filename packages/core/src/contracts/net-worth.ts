import { z } from "zod";
import type { Limits } from "./limits.ts";
import {
  countOutput,
  currencyInput,
  currencyOutput,
  dateField,
  dateOutput,
  doc,
  moneyInput,
  moneyOutput,
  text,
} from "./primitives.ts";
import { withFastArrayParse } from "./fast-array.ts";
import { transactionsArray } from "./transaction.ts";
import { conversionInput, conversionOutput } from "./conversion.ts";
import { convertQueryFields } from "./convert-query.ts";

export function netWorthSchemas(limits: Limits) {
  const statement = doc(
    z.strictObject({
      account_name: text(limits.text, "Name of the account the statement belongs to.", ["Checking"]),
      currency: currencyInput(
        "Currency of the statement and of its transactions (they inherit it). Omitted: the request's `currency`. " +
          "Another currency than the request's needs `conversion` (otherwise 422 `currency_mismatch`). An account " +
          "is an `account_name` in one currency.",
      ).optional(),
      statement_start: dateField(
        "First day the statement covers. Omitted or null: the first transaction date (or `statement_end` without " +
          "transactions).",
        ["2026-01-01"],
      ).nullable().optional(),
      statement_end: dateField(
        "Last day the statement covers; not before `statement_start` (422 `invalid_range`). Omitted or null: the " +
          "last transaction date (or `statement_start` without transactions).",
        ["2026-01-31"],
      ).nullable().optional(),
      opening_balance: moneyInput(
        "Balance at the start of the statement's first day, before its transactions. Omitted or null: none given " +
          "(OFX, QIF, a CSV without a balance column); with a `closing_balance` it is derived (closing − the " +
          "account's transactions in the span), without one the statement's balances are unknown.",
        ["1520.00"],
      ).nullable().optional(),
      closing_balance: moneyInput(
        "Closing balance the statement reports. Omitted or null: none reported (the computed one is used).",
        ["1780.35"],
      ).nullable().optional(),
      transactions: withFastArrayParse(
        doc(
          transactionsArray(limits),
          `The statement's transactions, in any order. At most ${limits.transactions} over all statements ` +
            "together (422 `too_many_items` at `/statements`). Only `date` and `amount` count; `kind` and " +
            "`category` are accepted and ignored. Every statement of an account counts the transactions of all the " +
            "account's statements dated in its span, so send each transaction in one statement only.",
        ),
      ),
    }),
    "One statement of an account.",
  );
  const body = doc(
    z.strictObject({
      currency: currencyInput(
        "Currency of the calculation; every statement must be in it, unless `conversion` is sent: then balances " +
          "in other currencies are converted into it.",
      ),
      from: dateField("First day of the series.", ["2026-01-01"]),
      to: dateField("Last day of the series: the date of `net_worth` and of each account's balance.", ["2026-03-31"]),
      statements: doc(
        z.array(statement).max(limits.statements),
        `The statements, at most ${limits.statements} (422 \`too_many_items\`), in any order except that a later ` +
          "position wins a tie between statements with the same start and end.",
      ),
      conversion: conversionInput().optional(),
    }),
    "Net-worth request. Unknown fields (422 `unknown_field`) and duplicate JSON keys (422 `duplicate_key`) are " +
      "rejected.",
    [{
      currency: "EUR",
      from: "2026-01-01",
      to: "2026-02-28",
      statements: [
        {
          account_name: "Checking",
          statement_start: "2026-01-01",
          statement_end: "2026-01-31",
          opening_balance: "1000.00",
          closing_balance: "1209.90",
          transactions: [{ date: "2026-01-05", amount: "250.00" }, { date: "2026-01-20", amount: "-40.10" }],
        },
        {
          account_name: "Visa",
          statement_start: "2026-02-01",
          statement_end: "2026-02-28",
          opening_balance: "-200.00",
          closing_balance: "-350.00",
          transactions: [{ date: "2026-02-12", amount: "-150.00" }],
        },
      ],
    }],
  );
  const query = z.strictObject({
    currency: currencyInput(
      "Currency to report. Defaults to the profile's default currency; 422 (`required`) when neither is set. Only " +
        "statements in this currency count; others are left out.",
    ).optional(),
    from: dateField("First day of the series. Defaults to 1 January of the year of `to`.", ["2026-01-01"]).optional(),
    to: dateField("Last day of the series. Defaults to today in the profile's time zone.", ["2026-03-31"])
      .optional(),
    ...convertQueryFields(),
  });

  const reconciliation = z.object({
    statement_start: dateOutput("First day of the span (given or derived).", ["2026-01-01"]),
    statement_end: dateOutput("Last day of the span (given or derived).", ["2026-01-31"]),
    opening_balance: moneyOutput(
      "Opening balance: the reported one, else derived from the reported closing balance (closing − the account's " +
        "transactions in the span); null when the statement gives neither.",
      ["1000.00"],
    ).nullable(),
    opening_balance_source: doc(
      z.enum(["reported", "derived"]).nullable(),
      "`reported` when the statement gives its opening balance, `derived` when it is computed from the reported " +
        "closing balance, null when it is unknown.",
      ["reported"],
    ),
    computed_closing_balance: moneyOutput(
      "Opening balance plus the account's transactions dated in the span (equal to the reported closing balance " +
        "when the opening balance is derived); null without an opening balance.",
      ["1209.90"],
    ).nullable(),
    reported_closing_balance: moneyOutput("Closing balance the statement reports; null when none.", ["1209.90"])
      .nullable(),
    difference: moneyOutput(
      "Reported − computed closing balance; null when none is reported, or when the opening balance is derived " +
        "(nothing independent to compare) or unknown.",
      ["0.00"],
    ).nullable(),
    continuity_difference: moneyOutput(
      "Opening balance − the previous statement's closing balance (reported, else computed); null for the first, " +
        "and when either balance is unknown.",
      ["0.00"],
    ).nullable(),
  });
  const account = z.object({
    account_name: doc(z.string(), "Account name.", ["Checking"]),
    balance: moneyOutput(
      "Balance on `to`; null when no statement starts on or before it, or when the statement that decides it gives " +
        "neither an opening nor a closing balance.",
      ["1209.90"],
    ).nullable(),
    balance_date: dateOutput(
      "The date the balance refers to: `to` inside the chosen statement's span, otherwise its span's end; null " +
        "with `balance`.",
      ["2026-01-31"],
    ).nullable(),
    converted_balance: moneyOutput(
      "Only with conversion: the balance on `to` converted into the report currency at the rate of `to` (not of " +
        "`balance_date`), rounded once half-to-even; equal to `balance` for an account in the report currency; null " +
        "without a balance or without a usable rate (the account is then left out of `net_worth` and disclosed in " +
        "`conversion`).",
      ["1118.42"],
    ).nullable().optional(),
    statements: doc(z.array(reconciliation), "Every statement of the account, by start, then end, then tie order."),
  });
  const report = doc(
    z.object({
      currency: currencyOutput("Currency of every amount."),
      from: dateOutput("First day of the series (as used).", ["2026-01-01"]),
      to: dateOutput("Last day of the series (as used).", ["2026-02-28"]),
      net_worth: moneyOutput("Total of the account balances on `to` (the last point).", ["859.90"]),
      change: moneyOutput("Last point − first point of the series.", ["-350.00"]),
      series: doc(
        z.array(z.object({
          date: dateOutput("Month end, or `to` for the last point.", ["2026-01-31"]),
          total: moneyOutput("Sum of the balances on `date` of the accounts that have one.", ["1209.90"]),
          account_count: countOutput("Accounts with a balance on `date`.", [1]),
        })),
        "One point per calendar month from `from` to `to`, oldest first.",
      ),
      accounts: doc(
        z.array(account),
        "Every account with at least one statement that is not excluded, by name (then by currency, when accounts " +
          "in several currencies share a name).",
      ),
      excluded_statement_count: countOutput("Statements left out because nothing dates them.", [0]),
      conversion: conversionOutput.optional(),
    }),
    "Net worth month by month, the accounts' balances on `to`, and the reconciliation of every statement.",
  );

  const accountsQuery = z.strictObject({
    currency: currencyInput(
      "Only accounts in this currency. Unlike the other account endpoints there is no default: omitted, every " +
        "currency is listed.",
    ).optional(),
    as_of: dateField("Date of the balances. Defaults to today in the profile's time zone.", ["2026-03-31"])
      .optional(),
    ...convertQueryFields(),
  });
  const accountsReport = doc(
    z.object({
      as_of: dateOutput("Date of the balances (as used).", ["2026-03-31"]),
      currency: currencyOutput(
        "Only with `convert=true`: the currency of every `converted_balance` (the `currency` parameter, default " +
          "the profile's default currency).",
      ).optional(),
      accounts: doc(
        z.array(z.object({
          account_name: doc(z.string(), "Account name.", ["Checking"]),
          currency: currencyOutput("Currency of the account."),
          balance: moneyOutput(
            "Balance on `as_of`; null when no statement starts on or before it, or when the statement that decides " +
              "it gives neither an opening nor a closing balance.",
            ["1209.90"],
          ).nullable(),
          balance_date: dateOutput(
            "The date the balance refers to: `as_of` inside the chosen statement's span, otherwise its span's end; " +
              "null with `balance`.",
            ["2026-01-31"],
          ).nullable(),
          converted_balance: moneyOutput(
            "Only with `convert=true`: `balance` converted into the response's `currency` at the rate of `as_of` " +
              "(not of `balance_date`), rounded once half-to-even; equal to `balance` for an account in that " +
              "currency; null without a balance or without a usable rate (disclosed in `conversion`).",
            ["1118.42"],
          ).nullable().optional(),
          statement_count: countOutput(
            "Statements of the account that start on or before `as_of` (excluded statements and `processing` or " +
              "`failed` imports left out).",
            [3],
          ),
          reconciled: doc(
            z.boolean().nullable(),
            "Whether the `difference` of the statement chosen for the balance is zero; null when that statement " +
              "reports no closing balance, or its opening balance is derived from that closing balance (nothing " +
              "independent to compare) or unknown, or there is no such statement.",
            [true],
          ),
        })),
        "Every account (name and currency) with at least one statement that is not excluded, by name, then " +
          "currency.",
      ),
      conversion: conversionOutput.optional(),
    }),
    "Each account's balance on `as_of`, and whether its statement reconciles.",
  );
  return { body, query, report, accountsQuery, accountsReport };
}
