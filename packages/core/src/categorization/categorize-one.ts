/**
 * The evaluator (API.md §10.2), the one used by POST categorize, the importer and the re-apply command:
 *
 * 1. rules run in order; disabled rules never match;
 * 2. conditions read the transaction as given, never another rule's output;
 * 3. for `category` and for `kind`, the first matching rule that sets it decides it;
 * 4. a field the transaction already has (a non-empty category, a given kind) is kept, unless `overwrite`;
 * 5. the result's kind is the effective kind: the rule's, else the given one, else the sign's (positive is
 *    `income`, zero or negative `expense`).
 */
import type { CompiledRules } from "./compile-rules.ts";
import { type FieldForms, fieldForms, isCleanAscii } from "./field-forms.ts";
import type { Kind } from "./rule-schema.ts";
import type { CategorizeTransaction } from "./transaction-view.ts";

export interface CategorizeOptions {
  /** Let rules replace the transaction's own category and kind. */
  readonly overwrite: boolean;
}

export interface CategorizeResult {
  readonly category: string | null;
  readonly categorySource: "input" | "rule" | null;
  /** Index in the rule list of the rule that set the category. */
  readonly categoryRuleIndex: number | null;
  readonly kind: Kind;
  readonly kindSource: "input" | "rule" | "default";
  readonly kindRuleIndex: number | null;
  /** Indexes of the enabled rules whose conditions the transaction meets, ascending. */
  readonly matchedRuleIndexes: readonly number[];
}

/**
 * Fills `compiled.matcher.met` with the slots of the conditions a transaction's fields meet; returns how many. Each
 * text is classified (isCleanAscii) and, if need be, folded once, though `text` reads the counterparty or the
 * description again.
 */
export function collectMet(
  compiled: CompiledRules,
  descriptionValue: unknown,
  counterpartyValue: unknown,
  accountValue: unknown,
  amountMinor: number | bigint,
  scale: number,
): number {
  const out = compiled.matcher.met;
  const fields = compiled.fields;
  const byDescription = fields[0]!;
  const byCounterparty = fields[1]!;
  const byText = fields[2]!;
  const byAccount = fields[3]!;
  const description = typeof descriptionValue === "string" ? descriptionValue : null;
  const counterparty = typeof counterpartyValue === "string" ? counterpartyValue : null;
  // Whether each text is clean (isCleanAscii), and its forms when it is not: each worked out once, on first use. The
  // description's cleanness is read by its needle search on the same pass when it has one (undefined until known).
  let descriptionClean: boolean | undefined;
  // The counterparty's, by the first field that reads it (a text its memo holds is known clean without a read).
  let counterpartyClean: boolean | undefined;
  let descriptionForms: FieldForms | null = null;
  let counterpartyForms: FieldForms | null = null;
  let n = 0;
  // `text` reads the counterparty when it is a non-empty string, else the description.
  const textOfCounterparty = counterparty !== null && counterparty.length > 0;
  const joint = compiled.descriptionAndText;
  if (joint !== null && description !== null && !textOfCounterparty && byDescription.used && byText.used) {
    // Both fields read the same description: one search for the needles of both, which also tells whether it is
    // clean; when it is not, its findings are dropped and each field reads the folded forms below.
    descriptionClean = joint.scan(description);
    if (descriptionClean) {
      n = byDescription.collectCleanFound(description, joint.firstFound, joint.firstCount, out, n);
      n = byText.collectCleanFound(description, joint.secondFound, joint.secondCount, out, n);
    }
  }
  if (descriptionClean !== true) {
    if (byDescription.used && description !== null) {
      if (descriptionClean === undefined) {
        const found = byDescription.collectIfClean(description, out, n);
        descriptionClean = found >= 0;
        if (descriptionClean) n = found;
      }
      if (!descriptionClean) n = byDescription.collect(descriptionForms = fieldForms(description), out, n);
    }
    if (byText.used) {
      if (textOfCounterparty) {
        const found = byText.collectMemoIfClean(counterparty!, out, n);
        counterpartyClean = found >= 0;
        n = counterpartyClean ? found : byText.collect(counterpartyForms = fieldForms(counterparty!), out, n);
      } else if (description !== null) {
        descriptionClean ??= isCleanAscii(description);
        n = descriptionClean
          ? byText.collectClean(description, out, n)
          : byText.collect(descriptionForms ??= fieldForms(description), out, n);
      }
    }
  }
  if (byCounterparty.used && counterparty !== null) {
    const found = counterpartyClean === false ? -1 : byCounterparty.collectMemoIfClean(counterparty, out, n);
    n = found >= 0 ? found : byCounterparty.collect(counterpartyForms ??= fieldForms(counterparty), out, n);
  }
  if (byAccount.used && typeof accountValue === "string") {
    const found = byAccount.collectMemoIfClean(accountValue, out, n);
    n = found >= 0 ? found : byAccount.collect(fieldForms(accountValue), out, n);
  }
  const amounts = compiled.amounts;
  if (amounts.size > 0) {
    let amount = amountMinor;
    if (typeof amount === "bigint" && amount >= -9007199254740991n && amount <= 9007199254740991n) {
      amount = Number(amount);
    }
    n = amounts.collect(amount, scale, out, n);
  }
  return n;
}

function signKind(tx: CategorizeTransaction): Kind {
  return tx.amountMinor > 0 ? "income" : "expense";
}

export function categorizeOne(
  compiled: CompiledRules,
  tx: CategorizeTransaction,
  opts: CategorizeOptions,
): CategorizeResult {
  const ownCategory = typeof tx.category === "string" && tx.category.length > 0 ? tx.category : null;
  const ownKind = tx.kind ?? null;
  const categoryOpen = ownCategory === null || opts.overwrite;
  const kindOpen = ownKind === null || opts.overwrite;
  let categoryRule = -1;
  let kindRule = -1;
  const met = collectMet(compiled, tx.description, tx.counterparty, tx.account, tx.amountMinor, tx.scale);
  const matched = compiled.matcher.match(compiled.matcher.met, met);
  const rules = compiled.rules;
  for (let m = 0; m < matched.length && (categoryRule < 0 || kindRule < 0); m++) {
    const i = matched[m]!;
    const rule = rules[i]!;
    if (categoryRule < 0 && categoryOpen && rule.category !== undefined) categoryRule = i;
    if (kindRule < 0 && kindOpen && rule.kind !== undefined) kindRule = i;
  }
  return {
    category: categoryRule >= 0 ? rules[categoryRule]!.category! : ownCategory,
    categorySource: categoryRule >= 0 ? "rule" : ownCategory !== null ? "input" : null,
    categoryRuleIndex: categoryRule >= 0 ? categoryRule : null,
    kind: kindRule >= 0 ? rules[kindRule]!.kind! : ownKind ?? signKind(tx),
    kindSource: kindRule >= 0 ? "rule" : ownKind !== null ? "input" : "default",
    kindRuleIndex: kindRule >= 0 ? kindRule : null,
    matchedRuleIndexes: matched,
  };
}
