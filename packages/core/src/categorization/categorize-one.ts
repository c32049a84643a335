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
import type { CompiledRules, FieldConditions } from "./compile-rules.ts";
import type { Kind } from "./rule-schema.ts";
import { type CategorizeTransaction, fieldText } from "./transaction-view.ts";
import { fieldForms, keyOf } from "./field-forms.ts";

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
 * The condition slots of one field that `raw` meets (a missing, empty or all-white-space field meets none). (The
 * patterns' answers are remembered per text by their PatternGroup; the cheap operators are not: a memo of every
 * text cost more than it saved on statements whose descriptions carry references.)
 */
function fieldHits(conditions: FieldConditions, raw: string): readonly number[] {
  const out: number[] = [];
  const forms = fieldForms(raw);
  const folded = forms.folded;
  if (folded !== "") {
    const equal = conditions.equal.get(folded);
    if (equal !== undefined) out.push(...equal);
    for (const c of conditions.contains) if (folded.includes(c.value)) out.push(c.slot);
    for (const c of conditions.startsWith) if (folded.startsWith(c.value)) out.push(c.slot);
    for (const c of conditions.endsWith) if (folded.endsWith(c.value)) out.push(c.slot);
    if (conditions.keys.size > 0) {
      const key = conditions.keys.get(keyOf(forms));
      if (key !== undefined) out.push(...key);
    }
    if (conditions.patterns.size > 0) {
      const found = conditions.patterns.search(forms.nfkc);
      for (let p = 0; p < found.length; p++) if (found[p] === 1) out.push(...conditions.patternSlots[p]!);
    }
  }
  return out;
}

/** Fills `compiled.hits` for one transaction: 1 for every condition it meets. */
function markConditions(compiled: CompiledRules, tx: CategorizeTransaction): Uint8Array {
  const hits = compiled.hits;
  hits.fill(0);
  const fields = compiled.fields;
  for (let f = 0; f < fields.length; f++) {
    if (!fields[f]!.used) continue;
    const raw = fieldText(tx, f);
    if (raw === null) continue;
    const slots = fieldHits(fields[f]!, raw);
    for (let i = 0; i < slots.length; i++) hits[slots[i]!] = 1;
  }
  let amount = tx.amountMinor;
  if (typeof amount === "bigint" && amount >= -9007199254740991n && amount <= 9007199254740991n) {
    amount = Number(amount);
  }
  for (const c of compiled.amounts) if (c.test(amount, tx.scale)) hits[c.slot] = 1;
  return hits;
}

function signKind(tx: CategorizeTransaction): Kind {
  return tx.amountMinor > 0 ? "income" : "expense";
}

export function categorizeOne(
  compiled: CompiledRules,
  tx: CategorizeTransaction,
  opts: CategorizeOptions,
): CategorizeResult {
  const hits = markConditions(compiled, tx);
  const ownCategory = typeof tx.category === "string" && tx.category.length > 0 ? tx.category : null;
  const ownKind = tx.kind ?? null;
  const categoryOpen = ownCategory === null || opts.overwrite;
  const kindOpen = ownKind === null || opts.overwrite;
  let categoryRule = -1;
  let kindRule = -1;
  const matched: number[] = [];
  const rules = compiled.rules;
  for (let i = 0; i < rules.length; i++) {
    const rule = rules[i]!;
    if (!rule.enabled) continue;
    const slots = rule.slots;
    let met: boolean;
    if (rule.any) {
      met = false;
      for (let j = 0; j < slots.length; j++) {
        if (hits[slots[j]!] === 1) {
          met = true;
          break;
        }
      }
    } else {
      met = true;
      for (let j = 0; j < slots.length; j++) {
        if (hits[slots[j]!] !== 1) {
          met = false;
          break;
        }
      }
    }
    if (!met) continue;
    matched.push(i);
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
