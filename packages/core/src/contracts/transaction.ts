import { z } from "zod";
import type { Limits } from "./limits.ts";
import { withFastArrayParse } from "./fast-array.ts";
import { currencyInput, dateField, doc, kindSchema, maxCharacters, moneyInput, text } from "./primitives.ts";

/** Transaction (input), API.md §2. */
export function transactionSchema(limits: Limits) {
  return doc(
    z.strictObject({
      id: text(limits.text, "Your own identifier; not used in calculations. Null means the same as leaving it out.", [
        "tx-0001",
      ]).nullable().optional(),
      date: dateField("Booking date.", undefined, true),
      amount: moneyInput("Signed amount from the account holder's view: positive is money in, negative money out."),
      currency: currencyInput(
        "Optional; when given it must equal the request's `currency` (422 `currency_mismatch`). The reports that " +
          "accept `conversion` (cashflow, spending by category, budget summary, net worth) take any known currency " +
          "when it is sent, and convert it.",
      )
        .optional(),
      category: text(
        limits.text,
        "Category, matched exactly (case-sensitive, not trimmed). Omitted or null = uncategorized.",
        [
          "groceries",
        ],
      ).nullable().optional(),
      kind: kindSchema.optional(),
      description: doc(
        maxCharacters(z.string(), limits.text),
        `Free text. Recurring streams and the forecast key a transaction by it when \`counterparty\` is absent, ` +
          `null or empty; the other calculations ignore it. At most ${limits.text} characters. Null means the ` +
          `same as leaving it out.`,
        [
          "Supermarket",
        ],
      ).nullable().optional(),
      counterparty: doc(
        maxCharacters(z.string(), limits.text),
        "Who was paid or who paid (merchant, employer, landlord). Recurring streams and the forecast key a " +
          "transaction by it when it is non-empty (an empty string or null counts as absent and the description is " +
          `used); the other calculations ignore it. At most ${limits.text} characters. Null means the same as ` +
          `leaving it out.`,
        ["Netflix"],
      ).nullable().optional(),
    }),
    "One transaction. Unknown fields are rejected (422 `unknown_field`) so that a misspelled field such as " +
      "`ammount` is never silently ignored. The optional text fields `id`, `description`, `counterparty` and " +
      "`category` may be null, which means the same as leaving them out: a row of " +
      "`GET /v1/me/statements/transactions` can be sent back with its null fields as it was read, without its " +
      "`statement_import_id` (not a field of this object).",
    [{ date: "2026-03-14", amount: "-42.10", category: "groceries" }],
  );
}

/** The plain zod array of transactions (the reference the fast validator is tested against). */
export function transactionsArray(limits: Limits) {
  return z.array(transactionSchema(limits)).max(limits.transactions);
}

export function transactionsField(limits: Limits, extra = "") {
  return withFastArrayParse(
    doc(
      transactionsArray(limits),
      `The transactions, at most ${limits.transactions}, in any order (the order never ` +
        `changes the result).${extra}`,
      [[{ date: "2026-01-05", amount: "2500.00", category: "salary" }, {
        date: "2026-01-07",
        amount: "-42.10",
        category: "groceries",
      }]],
    ),
  );
}
