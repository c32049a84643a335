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
import { type FieldForms, fieldForms } from "./field-forms.ts";
import type { FieldTextIndex } from "./field-text-index.ts";
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

/** Fills `compiled.matcher.met` with the slots of the conditions `tx` meets; returns how many. */
function collectMet(compiled: CompiledRules, tx: CategorizeTransaction): number {
  const out = compiled.matcher.met;
  const [byDescription, byCounterparty, byText, byAccount] = compiled.fields as [
    FieldTextIndex,
    FieldTextIndex,
    FieldTextIndex,
    FieldTextIndex,
  ];
  const description = typeof tx.description === "string" ? tx.description : null;
  const counterparty = typeof tx.counterparty === "string" ? tx.counterparty : null;
  // Each text is folded once, though `text` reads the counterparty or the description again.
  let descriptionForms: FieldForms | null = null;
  let counterpartyForms: FieldForms | null = null;
  let n = 0;
  if (byDescription.used && description !== null) {
    n = byDescription.collect(descriptionForms = fieldForms(description), out, n);
  }
  if (byCounterparty.used && counterparty !== null) {
    n = byCounterparty.collect(counterpartyForms = fieldForms(counterparty), out, n);
  }
  if (byText.used) {
    if (counterparty !== null && counterparty.length > 0) {
      n = byText.collect(counterpartyForms ??= fieldForms(counterparty), out, n);
    } else if (description !== null) n = byText.collect(descriptionForms ??= fieldForms(description), out, n);
  }
  if (byAccount.used && typeof tx.account === "string") n = byAccount.collect(fieldForms(tx.account), out, n);
  const amounts = compiled.amounts;
  if (amounts.length > 0) {
    let amount = tx.amountMinor;
    if (typeof amount === "bigint" && amount >= -9007199254740991n && amount <= 9007199254740991n) {
      amount = Number(amount);
    }
    for (let i = 0; i < amounts.length; i++) if (amounts[i]!.test(amount, tx.scale)) out[n++] = amounts[i]!.slot;
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
  const matched = compiled.matcher.match(compiled.matcher.met, collectMet(compiled, tx));
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
