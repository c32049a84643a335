/**
 * The contract's rule texts: the sentences that the schemas' and the operations' descriptions (OpenAPI, MCP) share.
 * This module imports nothing, so an operation's module can quote them without loading zod or a schema module: a
 * calculation's run path must stay free of both (the first request of a cold function validates with
 * contracts/accept-input.ts and loads zod only when a body is invalid; routes/zod-free_test.ts checks it).
 */
import { NET_WORTH_MAX_MONTHS } from "./limits.ts";

export const RATE_CHOICE_RULES = "Rate choice: to convert an amount from currency C into the report currency R on " +
  "date d, a pair's usable rate is its rate with the latest date on or before d, provided d minus that date is at " +
  "most `max_rate_age_days` days (so a Saturday uses Friday's rate). The direct pair (C, R) is used first (amount × " +
  "rate), then the inverse pair (R, C) (amount ÷ rate), then a cross through a base B with usable rates for (B, C) " +
  "and (B, R) (amount × rate(B, R) ÷ rate(B, C)), trying B in code-point order; the first whose rates are all usable " +
  "wins. When none is usable the amount is not converted (never at 1:1): it is left out of every amount and count " +
  "of the report and disclosed in `conversion`.";

export const ROUNDING_RULES = "Rounding: the conversion is computed exactly, as a rational number, and rounded once, " +
  "half-to-even, to the report currency's minor unit, per unit of conversion. For flows (cashflow, spending, " +
  "budget) the unit is a day group: the transactions of one currency on one date with the same effective kind and " +
  "category, whose exact signed sum is converted and rounded once (so splitting one day group across two requests " +
  "can move its converted total by one minor unit). For balances (net worth) each account's balance on each date " +
  "is converted at that date's rate and rounded once.";

export const DISCLOSURE_RULES = "Disclosure: a converted response carries `conversion` with one entry per currency " +
  "other than the report's that the report counts (only what it counts: transfers and rows outside the period are " +
  "neither converted nor listed), ordered by code: how many transactions (balance points for net worth) were " +
  "converted and their exact sum in that currency, `converted_to` (the sum of the rounded amounts, so it adds up " +
  "with the report), what was not converted for want of a usable rate, and the first and last date, the largest " +
  "age and the route of the rates used (a cross uses two rates: both count). Without conversion there is no " +
  "`conversion` key and the response is exactly as before.";

export const CONVERSION_RULES = `${RATE_CHOICE_RULES} ${ROUNDING_RULES} ${DISCLOSURE_RULES}`;

export const ROLLOVER_RULES = "Rollover policy (default `none`): `none` carries nothing; `positive` carries what is " +
  "left of each category's budget into the next month, never an overspend; `full` also carries overspending " +
  "forward as a negative amount. A category's chain starts at the earliest month, at most 24 months before the " +
  "requested one, that has a budget row for it (its carryover there is zero); each later month's `carryover_in` is " +
  "the previous month's `available` (floored at zero under `positive`); a month without a row for the category " +
  "has `budgeted` 0 and keeps the chain going. `status` and `percent_used` still compare `spent` with the month's " +
  "own `budgeted`. A category that carries a non-zero amount into the month is listed even without a budget or " +
  "spending there (`budgeted` 0, `spent` 0, `percent_used` null, status `unbudgeted`). Any other value is 422.";

export const EVALUATION_RULES = "Evaluation: (1) rules run in array order (stored rules: their position); a " +
  "disabled rule never matches. (2) Conditions read the transaction as given, never another rule's output, so the " +
  "order decides only which rule wins. (3) For each field of `set` (`category`, `kind`), the first matching rule " +
  "that sets it decides it; later rules do not override it. (4) A field the transaction already has is kept and " +
  'no rule is applied to it: a non-empty `category` ("" counts as none and is output as null) or a given ' +
  "`kind`; with `overwrite: true` rules may replace both (a field no matching rule sets keeps the transaction's " +
  "value). (5) The output `kind` is the effective kind after the rules: the rule's, else the transaction's, else " +
  "the sign's (positive `income`, zero or negative `expense`).";

export const SUGGESTION_RULES = "Rules: (1) Uncategorized candidates are the transactions dated `from`…`to` " +
  "whose category is null or empty, whose effective kind (given, else from the sign) is `expense` or `income`, " +
  "with a non-zero amount and a non-empty key. The key is the recurring-stream key of `text` (the counterparty " +
  "when it is a non-empty string, else the description): Unicode NFKC, locale-independent lower case, every run " +
  'of characters that are not letters made one space, trimmed ("NETFLIX.COM 4412" → "netflix com"). Direction is ' +
  "`inflow` (amount > 0) or `outflow` (amount < 0). (2) History: the categorized transactions whose effective kind " +
  "is `expense` or `income` with the same key and direction. (3) The latest 5 of that history are considered (date " +
  "descending, then input position descending; on GET, id descending); a category that at least 3 of them share is " +
  "suggested. Categories compare exactly (case-sensitive). A (key, direction) whose latest 5 agree on no category " +
  "gives no suggestion. (4) Each suggestion carries a ready rule: one `key_equals` condition on `text` with the key, " +
  'one amount condition for the direction (`lt` "0" for outflows, `gt` "0" for inflows), `set.category`, `name` = ' +
  'the key, `enabled` true, `match` "all"; its `id` is `sg_` + the first 16 hex digits of SHA-256 over the UTF-8 ' +
  "text `direction\\nkey`, stable across calls. `evidence.transaction_ids` lists the ids of the considered " +
  "transactions that have one, latest first. (5) Order: `uncategorized_count` descending, then `key` by Unicode " +
  "code point, then direction (`outflow` first). Currencies do not matter: one list for all of them.";

export const STORED_RATES_RULES = "With `convert=true` the report converts data in other currencies into `currency` " +
  "with the exchange rates loaded into the service (for example the European Central Bank's reference rates, with " +
  "`npm run rates`), and the response gains `conversion` (`source`: `stored`); `other_currencies` then lists only the " +
  "currencies with something left unconverted. Without `convert` (or with `convert=false`) the response is exactly " +
  "as without conversion.";

export const TRENDS_RULES = "The window is the `months` calendar months ending with (`year`, `month`). A month's " +
  "value in a category is the negated signed sum of its `expense` transactions (kind given, or inferred from the " +
  "sign): spending is positive, refunds net it, and a month where refunds exceed spending is negative; income and " +
  "transfers never count. A category appears when it has at least one expense transaction in the window; the " +
  "`total` row sums every category. `mean` is over all window months and `median` is the middle month (the mean of " +
  "the two middle months for an even count), both rounded half-to-even to the minor unit. `current` is the last " +
  "month; `trailing_average` is the mean of the up to 3 months before it that lie within the window (1 month for " +
  "a 2-month window), rounded half-to-even. `change_percent` = (current − exact trailing average) ÷ exact trailing " +
  "average × 100, rounded half-to-even to 2 decimals, null when the trailing average is zero. `flag`: `spike` when " +
  "current > 1.5 × the exact trailing average and that average is above zero; `new` when the average is zero and " +
  "current is above zero; `drop` when current < 0.5 × a positive trailing average; otherwise null (also for a " +
  "negative average). Categories are ordered by `current` descending, then by name (Unicode code points), with the " +
  "uncategorized row (null) last whatever its `current`. A window reaching before year 0001 is 422 (`out_of_range` " +
  "on `months`). All arithmetic is exact, in integer minor units.";

export const MONTH_ARITHMETIC_RULE = "Month arithmetic: adding months to a date keeps its day of month, clamped to " +
  "the last day of the target month, and is always computed from the anchor date, never chained (Jan 31 + 1 month " +
  "= Feb 28, or Feb 29 in a leap year such as 2028; Jan 31 + 2 months = Mar 31).";

export const RECURRING_RULES = "Rules: " +
  "(1) Candidates are the transactions whose kind (given, or inferred from the sign) is `income` or `expense`, with " +
  "a non-zero amount, dated on or before `as_of`; transfers never count. " +
  "(2) Key: the `counterparty` when it is a non-empty string, else the `description`, normalized by Unicode NFKC, " +
  "then locale-independent lower case, then every run of characters that are not letters (Unicode general category " +
  'L) replaced by one space, then trimmed ("NETFLIX.COM 4412" → "netflix com"). A counterparty that normalizes to ' +
  "nothing gives an empty key (no fallback to the description); an empty key is not a candidate. Direction: " +
  "`inflow` (amount > 0) or `outflow` (amount < 0). Candidates group by (key, direction). " +
  "(3) Occurrences are a group's distinct dates, ascending; the transactions on one date are one occurrence whose " +
  "amount is their sum. Gaps are the day counts between consecutive occurrences; the median gap of an even count " +
  "is the lower middle one. " +
  "(4) Frequency is the first row whose gap range (days, inclusive) holds the median gap: weekly 5–9, period 7 days, " +
  "grace 3 days, at least 3 occurrences, monthly factor 52/12; biweekly 12–17, 14 days, grace 4, at least 3, factor " +
  "26/12; monthly 26–35, 1 month, grace 6, at least 3, factor 1; quarterly 80–100, 3 months, grace 15, at least 3, " +
  "factor 1/3; annually 340–390, 12 months, grace 30, at least 2, factor 1/12. A group is a stream when its median " +
  "gap has a row, it has at least that row's minimum occurrences, and at least two thirds of its gaps lie in that " +
  "row's range (one missed or doubled occurrence is tolerated). " +
  "(5) `predicted_next_date` = last occurrence + one period. " +
  "(6) `status` at `as_of`: `active` when `as_of` ≤ `predicted_next_date` + grace days; `late` when later, but not " +
  "later than (last occurrence + two periods) + grace days; `ended` otherwise. " +
  "(7) Amounts are signed like the transactions (outflows negative). `average_amount` is the mean of the occurrence " +
  "amounts and `monthly_amount` the exact mean × the monthly factor, each rounded once, half-to-even, to the minor " +
  "unit; `last_amount` is the last occurrence's amount. " +
  "(8) `category` is the most frequent non-null category of the group's transactions; a tie goes to the tied " +
  "category whose latest transaction is latest (by date, then input order); null when none has one. `name` is the " +
  "counterparty or description, as written, of the group's latest transaction (the last in input order among those " +
  "on the latest date). " +
  "(9) `id` is `rs_` + the first 16 hex digits of SHA-256 over the UTF-8 text `CURRENCY\\ndirection\\nkey` " +
  "(currency upper case), so it is stable across calls and equal on POST and GET. `transaction_ids` lists the ids " +
  "of the group's transactions that have one, by date, then input order. " +
  "Order: status (`active`, `late`, `ended`), then direction (`outflow`, `inflow`), then the magnitude of the " +
  "rounded `monthly_amount`, descending, then `key` by Unicode code points. `totals` sums the rounded " +
  "`monthly_amount` of the `active` and `late` streams only: `monthly_inflow` and `monthly_outflow` are positive " +
  "magnitudes and `monthly_net` = inflow − outflow. " + MONTH_ARITHMETIC_RULE +
  " All arithmetic is exact, in integer minor units.";

export const FORECAST_RULES = "Rules: streams are found exactly as by the recurring report at " +
  "`as_of`. Each `active` or `late` stream is projected on last occurrence + k periods (k ≥ 1, month periods from " +
  "the last occurrence as the anchor) for every such date after `as_of` and on or before `end_date` = `as_of` + " +
  "`horizon_days`, with the stream's `average_amount`; `ended` streams are not projected. `events` are ordered by " +
  "date, then `stream_id`. `balances` holds the end-of-day balance of each date that has events, ascending. " +
  "`ending_balance` = starting balance + every event. `projected_inflow` and `projected_outflow` are the positive " +
  "magnitudes of the inflow and outflow events. `lowest_balance` is the minimum of the starting balance and every " +
  "balance; `lowest_balance_date` the earliest date that reaches it (`as_of` when it is the starting balance). " +
  "`first_negative_date` is the first date whose balance is below zero (`as_of` when the starting balance is), " +
  "null if none. Runway: `trailing_90_day_net` is the signed sum of every `income` and `expense` amount (any key, " +
  "transfers excluded) dated from `as_of` − 89 days to `as_of`. The rules apply in order: `runway_days` is null " +
  "when that net is ≥ 0, whatever the balance; otherwise 0 when the starting balance is ≤ 0; otherwise " +
  "floor(starting_balance × 90 ÷ −trailing_90_day_net), in exact integers (a runway beyond 2^53 − 1 days is 422 " +
  "`out_of_range`). `runway_status` is `stable` when `runway_days` is null or ≥ 90, `watch` for 30–89, `urgent` " +
  "below 30. An `end_date` after 9999-12-31 is 422 `out_of_range` on `horizon_days`. ";

export const BALANCE_RULES = "An account is an `account_name` (with its currency on GET) and its statements. " +
  "A statement's span is `statement_start`…`statement_end`; a missing start is its first transaction date, a " +
  "missing end its last one; with no transactions a missing bound equals the other, and a derived bound never " +
  "crosses the given one (a derived end before the start is the start, a derived start after the end is the end). " +
  "A statement with no start, no end and no transactions is excluded and counted in `excluded_statement_count`. " +
  "Its balance on a day of its span is `opening_balance` plus the account's transactions dated from the span's " +
  "start through that day; `computed_closing_balance` is that balance at the span's end. The account's " +
  "transactions are those of all its statements, each counted once: on GET, the stored transactions of every " +
  "import of the account (a line skipped as a duplicate of an earlier import is stored once, under the import that " +
  "first brought it, and still counts for every statement whose span holds its date), so repeated and overlapping " +
  "exports reconcile; on POST, every transaction of the account's statements as sent (send each transaction in one " +
  "statement only). A statement without an opening balance (OFX reports only a closing balance; POST: " +
  "`opening_balance` null or left out) that reports a closing balance has a derived opening balance: closing − the " +
  "account's transactions in its span (`opening_balance_source` `derived`); its `computed_closing_balance` equals " +
  "the reported one and its `difference` is null. With neither balance (QIF, a CSV without a balance column), its " +
  "`opening_balance`, `computed_closing_balance`, `difference` and `opening_balance_source` are null, and the " +
  "account has no balance (null, not counted) inside its span and after it until a later statement starts. An " +
  "account's balance on a date d comes from its statement with the latest start on or before d (ties: the later " +
  "end, then the later `imported_at` on GET or the later position in `statements` on POST): inside that " +
  "statement's span it is the balance above (`balance_date` = d); after it, its reported `closing_balance`, or the " +
  "computed one when none is reported (`balance_date` = the span's end). An account with no statement starting on " +
  "or before d has no balance on d (null) and is not counted. Reconciliation: `difference` = reported − computed " +
  "closing balance (null when none is reported, or the opening balance is derived); `continuity_difference` = the " +
  "statement's opening balance − the previous statement's closing balance (reported, else computed), null for the " +
  "first and when either is unknown. Accounts are ordered by " +
  "name (Unicode code points), each account's statements by start, then end, then `imported_at` or position, so " +
  "the winner of a tie comes last; every statement is listed whatever the window, with its derived bounds. All " +
  "arithmetic is exact, in integer minor units.";

export const SERIES_RULES = "`series` has one point per calendar month from the month of `from` to the month of " +
  "`to`: the month's last day, except that the last point is `to` itself (so the first point is the last day of " +
  "`from`'s month, or `to` when that comes first). Each point's `total` is the sum of the balances on that date of " +
  "the accounts that have one, and `account_count` counts them. `net_worth` is the total on `to`; `change` = last " +
  "point − first point. `from` after `to` is 422 (`invalid_range`); a span longer than " +
  `${NET_WORTH_MAX_MONTHS / 12} years (\`to\` after \`from\` + ${NET_WORTH_MAX_MONTHS} months) is 422 ` +
  "(`out_of_range`).";

export const CONDITION_RULES = "Conditions: `field` is `description`, `counterparty`, `text` (the counterparty " +
  "when it is a non-empty string, else the description), `amount` or `account` (the transaction's account name). " +
  "Text fields take `equals`, `contains`, `starts_with`, `ends_with` (value: a string), `one_of` (value: 1–100 " +
  "strings), `key_equals` (value: a recurring-stream key, compared as written) and `matches` (value: an RE2 " +
  "pattern). `account` takes `equals` and `one_of`. `amount` takes `eq`, `gt`, `gte`, `lt`, `lte` (value: an " +
  "amount) and `between` (value: [low, high], inclusive, low ≤ high). Any other operator on a field is 422 " +
  "`invalid_value`. " +
  "Folding: `equals`, `contains`, `starts_with`, `ends_with` and `one_of` compare both sides after Unicode NFKC, " +
  'locale-independent lower case, every run of white space made one space, and trimming ("ＮＥＴＦＬＩＸ  Inc" ' +
  'equals "netflix inc"; the Turkish "İ" lower-cases to "i" + U+0307, so it equals neither "i" nor "ı"). ' +
  "Condition strings are 1–200 characters and must fold to something (422 `too_short`); a `key_equals` value or a " +
  "`matches` pattern must not be empty or all white space either. A missing, empty or all-white-space field " +
  "matches no text condition at all, `matches` and `key_equals` included. " +
  "`key_equals` compares the field's recurring-stream key (NFKC, lower case, every run of characters that are not " +
  'letters made one space, trimmed: "NETFLIX.COM 4412" → "netflix com") with the value exactly as written. ' +
  "`matches`: at most 200 characters, RE2 syntax, run by a linear-time engine, case-insensitive, searched " +
  "anywhere in the field (anchor with ^ and $) after Unicode NFKC only; back-references and look-around are not " +
  "RE2 and are 422 `invalid_format`, as is any pattern the engine refuses or that compiles to more than 20,000 " +
  "program steps; the patterns of one list compile to at most 100,000 steps in all (422 `too_large` at the pattern " +
  "that passes it: large repeat counts such as {500} cost the most). " +
  'Amounts compare as exact decimals, signed (spending is negative: `lt "-100"` is spending over 100), in the ' +
  "transaction's own currency; the value's number of decimals is not checked against it (at most 15 integer and " +
  '18 fractional digits; `gt "10.005"` on EUR matches 10.01 and above).';

export const RULE_SHAPE_RULES = "Rule: `id` is 1–64 characters of A–Z, a–z, 0–9, `_` and `-`, unique in the list " +
  "(422 `duplicate`). `name` is at most 200 characters. `enabled` defaults to true; a disabled rule never matches. " +
  '`match` is `"all"` (the default: every condition must hold) or `"any"` (at least one). `conditions` holds 1–10 ' +
  "conditions. `set` needs `category` (1–200 characters, no leading or trailing white space) or `kind` " +
  "(`income`, `expense`, `transfer`), or both. Lengths count Unicode code points. Unknown fields are 422 " +
  "`unknown_field`. A list holds at most 200 rules.";
