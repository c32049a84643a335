/**
 * Request and response schemas of categorization (API.md §10): POST categorize, POST and GET suggestions, GET rules.
 * The rule schema itself lives with the engine (categorization/rule-schema.ts), so the rules file is validated by
 * the very same object.
 */
import { z } from "zod";
import { rulesArraySchema } from "../categorization/rule-schema.ts";
import { CONDITION_RULES, RULE_SHAPE_RULES } from "./rule-texts.ts";
import { withFastArrayParse } from "./fast-array.ts";
import type { Limits } from "./limits.ts";
import {
  countOutput,
  currencyInput,
  dateField,
  doc,
  kindSchema,
  maxCharacters,
  moneyInput,
  text,
} from "./primitives.ts";

const AMOUNT_RULE = "A transaction's amount is checked against its own `currency` when given (at most that " +
  "currency's decimals); without a currency it may have up to 4 fractional digits.";

function categorizeTransaction(limits: Limits) {
  const optionalText = (description: string, examples: readonly unknown[]) =>
    doc(
      maxCharacters(z.string(), limits.text),
      `${description} At most ${limits.text} characters; null is the same as leaving it out.`,
      examples,
    ).nullable().optional();
  return doc(
    z.strictObject({
      id: text(limits.text, "Your own identifier, echoed in the output.", ["tx-0001"]).nullable().optional(),
      date: dateField("Booking date.", undefined, true),
      amount: moneyInput(`Signed amount: positive is money in, negative money out. ${AMOUNT_RULE}`),
      currency: currencyInput("The transaction's own currency, any currency (optional).").optional(),
      category: optionalText(
        "The transaction's own category: kept unless `overwrite`. An empty string counts as none (output null).",
        ["groceries"],
      ),
      kind: kindSchema.optional(),
      description: optionalText("Free text, read by `description` and (without a counterparty) `text` conditions.", [
        "CARD PAYMENT TESCO STORES 3312",
      ]),
      counterparty: optionalText("Who was paid or who paid, read by `counterparty` and `text` conditions.", [
        "Tesco",
      ]),
      account: optionalText("The account's name, read by `account` conditions.", ["Current account"]),
    }),
    "One transaction, in any currency. Unknown fields are rejected (422 `unknown_field`).",
    [{ date: "2026-03-14", amount: "-42.10", description: "CARD PAYMENT TESCO STORES 3312" }],
  );
}

function transactionsOf(limits: Limits) {
  return withFastArrayParse(
    doc(
      z.array(categorizeTransaction(limits)).max(limits.transactions),
      `The transactions, at most ${limits.transactions}, of any currencies.`,
      [[{ id: "t1", date: "2026-03-14", amount: "-42.10", description: "CARD PAYMENT TESCO STORES 3312" }]],
    ),
  );
}

function ruleOutput() {
  const condition = doc(
    z.object({
      field: doc(z.enum(["description", "counterparty", "text", "amount", "account"]), "The field read.", ["text"]),
      op: doc(z.string(), "The operator.", ["key_equals"]),
      value: doc(
        z.union([z.string(), z.number(), z.array(z.union([z.string(), z.number()]))]),
        "The value as written.",
        ["netflix"],
      ),
    }),
    `A condition. ${CONDITION_RULES}`,
  );
  return doc(
    z.object({
      id: doc(z.string(), "The rule's id.", ["groceries"]),
      name: doc(z.string(), "The rule's name.", ["Groceries"]),
      enabled: doc(z.boolean(), "Whether the rule runs.", [true]),
      match: doc(z.enum(["all", "any"]), "`all` or `any` of the conditions.", ["all"]),
      conditions: doc(z.array(condition), "1–10 conditions."),
      set: doc(
        z.object({
          category: doc(z.string(), "The category set.", ["groceries"]).optional(),
          kind: doc(z.enum(["income", "expense", "transfer"]), "The kind set.", ["transfer"]).optional(),
        }),
        "What the rule sets.",
      ),
    }),
    `A rule. ${RULE_SHAPE_RULES}`,
  );
}

export function categorizationSchemas(limits: Limits) {
  const body = doc(
    z.strictObject({
      rules: rulesArraySchema(),
      transactions: transactionsOf(limits),
      overwrite: doc(
        z.boolean(),
        "Let rules replace the transactions' own category and kind (default false: they are kept).",
        [false],
      ).optional(),
    }),
    "Categorize request. Work bound: the number of transactions × the number of conditions of all rules (enabled " +
      "or not) is at most 5,000,000, else 422 with an `errors[]` item of code `too_large` at pointer `/rules`. " +
      "Unknown fields (422 `unknown_field`) and duplicate JSON keys (422 `duplicate_key`) are rejected.",
    [{
      rules: [
        {
          id: "groceries",
          conditions: [{ field: "text", op: "one_of", value: ["tesco", "aldi"] }],
          set: { category: "groceries" },
        },
        {
          id: "savings",
          name: "To my savings account",
          conditions: [{ field: "description", op: "matches", value: "^transfer to (savings|isa)\\b" }],
          set: { kind: "transfer", category: "savings" },
        },
      ],
      transactions: [
        { id: "t1", date: "2026-03-14", amount: "-42.10", counterparty: "TESCO" },
        { id: "t2", date: "2026-03-15", amount: "-500.00", description: "Transfer to savings 7781" },
        { id: "t3", date: "2026-03-16", amount: "-3.20", description: "Bakery", category: "treats" },
      ],
    }],
  );
  const source = (values: readonly [string, ...string[]], description: string, nullable: boolean) =>
    nullable ? doc(z.enum(values).nullable(), description, [values[0]]) : doc(z.enum(values), description, [values[0]]);
  const report = doc(
    z.object({
      transactions: doc(
        z.array(z.object({
          index: countOutput("0-based position of the transaction in the request.", [0]),
          id: doc(z.string().nullable(), "The transaction's `id`, or null.", ["t1"]),
          category: doc(z.string().nullable(), "The category after the rules; null when none.", ["groceries"]),
          kind: doc(z.enum(["income", "expense", "transfer"]), "The effective kind after the rules.", ["expense"]),
          category_source: source(
            ["input", "rule"],
            "`input` when the transaction's own category was kept, `rule` when a rule set it, null when none.",
            true,
          ),
          category_rule_id: doc(z.string().nullable(), "The id of the rule that set the category, else null.", [
            "groceries",
          ]),
          kind_source: source(
            ["input", "rule", "default"],
            "`input` (the transaction's own kind), `rule`, or `default` (from the sign).",
            false,
          ),
          kind_rule_id: doc(z.string().nullable(), "The id of the rule that set the kind, else null.", [null]),
        })),
        "One row per transaction, in input order.",
      ),
      rules: doc(
        z.array(z.object({
          id: doc(z.string(), "The rule's id.", ["groceries"]),
          matched_count: countOutput("Transactions whose conditions the rule matched (disabled rules: 0).", [1]),
          applied_count: countOutput(
            "Transactions where the rule decided at least one field. A rule that matches but never applies is " +
              "shadowed by earlier rules or by the transactions' own fields.",
            [1],
          ),
        })),
        "One row per rule, in rule order.",
      ),
      totals: doc(
        z.object({
          transaction_count: countOutput("Transactions.", [3]),
          categorized_count: countOutput("Transactions with a category after the rules (any source).", [3]),
          uncategorized_count: countOutput("Transactions without one.", [0]),
          categorized_by_rule_count: countOutput("Transactions whose category a rule set.", [2]),
          kind_set_by_rule_count: countOutput("Transactions whose kind a rule set.", [1]),
        }),
        "Totals over the transactions.",
      ),
    }),
    "Which rule set each transaction's category and kind, and what every rule did.",
  );

  const suggestionsBody = doc(
    z.strictObject({
      from: dateField("First date of the candidates. Default: the earliest input date.", ["2026-01-01"]).optional(),
      to: dateField("Last date of the candidates. Default: the latest input date.", ["2026-03-31"]).optional(),
      transactions: transactionsOf(limits),
    }),
    "Suggestions request: the candidates and the history are both taken from `transactions` (the history from " +
      "any date). `from` after `to` is 422 `invalid_range`. Unknown fields (422 `unknown_field`) are rejected.",
    [{
      transactions: [
        { id: "a", date: "2026-01-03", amount: "-9.99", description: "SPOTIFY P1234", category: "subscriptions" },
        { id: "b", date: "2026-02-03", amount: "-9.99", description: "SPOTIFY P2345", category: "subscriptions" },
        { id: "c", date: "2026-03-03", amount: "-9.99", description: "SPOTIFY P3456", category: "subscriptions" },
        { id: "d", date: "2026-04-03", amount: "-9.99", description: "SPOTIFY P4567" },
      ],
    }],
  );
  const suggestionsQuery = z.strictObject({
    from: dateField("First date of the candidates. Default: the day after `to` − 12 months.", ["2025-04-01"])
      .optional(),
    to: dateField(
      "Last date of the candidates. Default: today in the profile's time zone. The history is read from the " +
        "transactions dated after `to` − 25 months and on or before `to`.",
      ["2026-03-31"],
    ).optional(),
  });
  const rule = ruleOutput();
  const suggestion = doc(
    z.object({
      key: doc(z.string().min(1), "The normalized key.", ["spotify p"]),
      direction: doc(z.enum(["inflow", "outflow"]), "`inflow` (money in) or `outflow` (money out).", ["outflow"]),
      category: doc(z.string(), "The suggested category.", ["subscriptions"]),
      uncategorized_count: countOutput("Uncategorized candidates of this key and direction in the period.", [1]),
      evidence: doc(
        z.object({
          considered: countOutput("Categorized transactions considered (the latest, at most 5).", [3]),
          agreeing: countOutput("How many of them have the suggested category (at least 3).", [3]),
          transaction_ids: doc(
            z.array(z.string()),
            "Ids of the considered transactions that have one, latest " +
              "first.",
            [["c", "b", "a"]],
          ),
        }),
        "Why: the history that agrees.",
      ),
      rule: doc(rule, "A ready rule that applies the suggestion; add it to your rules as it is."),
    }),
    "One suggestion.",
  );
  const suggestionsReport = doc(
    z.object({
      from: doc(
        z.string().nullable(),
        "First date of the candidates (as used); null when there are no " +
          "transactions and no `from`.",
        ["2026-01-03"],
      ),
      to: doc(z.string().nullable(), "Last date of the candidates (as used); null likewise.", ["2026-04-03"]),
      suggestions: doc(z.array(suggestion), "The suggestions, in the documented order."),
    }),
    "Categories learned from your own history.",
  );
  const rulesQuery = z.strictObject({});
  const rulesList = doc(
    z.object({ data: doc(z.array(rule), "Your rules in position order; `id` is the stored rule's UUID.") }),
    "Your stored categorization rules.",
  );
  return { body, report, suggestionsBody, suggestionsQuery, suggestionsReport, rulesQuery, rulesList, rule };
}
