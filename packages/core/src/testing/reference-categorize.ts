/**
 * Test support (not exported from mod.ts): the evaluator of API.md §10.2 written the straightforward way, one test
 * per condition per rule, with no index, no prefilter and no memo: fold the field, compare; compile each pattern with
 * re2js and search; compare amounts as exact decimals. The fast evaluator (categorize-one.ts) must agree with it on
 * every transaction.
 */
import { RE2JS } from "re2js";
import { compareDecimals, type Decimal, parseDecimal } from "../categorization/decimal-range.ts";
import { foldText } from "../categorization/fold.ts";
import type { Condition, Kind, Rule } from "../categorization/rule-schema.ts";
import type { CategorizeTransaction } from "../categorization/transaction-view.ts";
import { recurringKey } from "../services/recurring-key.ts";

export interface ReferenceResult {
  readonly category: string | null;
  readonly categorySource: "input" | "rule" | null;
  readonly categoryRuleIndex: number | null;
  readonly kind: Kind;
  readonly kindSource: "input" | "rule" | "default";
  readonly kindRuleIndex: number | null;
  readonly matchedRuleIndexes: readonly number[];
}

function fieldRaw(tx: CategorizeTransaction, field: string): string | null {
  const s = (v: unknown) => (typeof v === "string" ? v : null);
  if (field === "description") return s(tx.description);
  if (field === "counterparty") return s(tx.counterparty);
  if (field === "account") return s(tx.account);
  const counterparty = s(tx.counterparty);
  return counterparty !== null && counterparty !== "" ? counterparty : s(tx.description);
}

function decimal(value: unknown): Decimal {
  const d = parseDecimal(value);
  if (typeof d === "string") throw new TypeError(`reference: bad amount ${String(value)}`);
  return d;
}

function amountMet(c: Condition, tx: CategorizeTransaction): boolean {
  const amount: Decimal = { units: BigInt(tx.amountMinor), scale: tx.scale };
  if (c.op === "between") {
    const [lo, hi] = (c.value as unknown[]).map(decimal);
    return compareDecimals(amount, lo!) >= 0 && compareDecimals(amount, hi!) <= 0;
  }
  const cmp = compareDecimals(amount, decimal(c.value));
  switch (c.op) {
    case "eq":
      return cmp === 0;
    case "gt":
      return cmp > 0;
    case "gte":
      return cmp >= 0;
    case "lt":
      return cmp < 0;
    case "lte":
      return cmp <= 0;
  }
  throw new TypeError(`reference: amount operator ${c.op}`);
}

function textMet(c: Condition, raw: string | null): boolean {
  if (raw === null) return false;
  const folded = foldText(raw);
  if (folded === "") return false;
  switch (c.op) {
    case "equals":
      return folded === foldText(c.value as string);
    case "one_of":
      return (c.value as string[]).some((v) => folded === foldText(v));
    case "contains":
      return folded.includes(foldText(c.value as string));
    case "starts_with":
      return folded.startsWith(foldText(c.value as string));
    case "ends_with":
      return folded.endsWith(foldText(c.value as string));
    case "key_equals":
      return recurringKey(raw) === c.value;
    case "matches":
      return RE2JS.compile(c.value as string, RE2JS.CASE_INSENSITIVE).matcher(raw.normalize("NFKC")).find();
  }
  throw new TypeError(`reference: text operator ${c.op}`);
}

function conditionMet(c: Condition, tx: CategorizeTransaction): boolean {
  return c.field === "amount" ? amountMet(c, tx) : textMet(c, fieldRaw(tx, c.field));
}

/** Rules as validated (defaults may be missing); one result per transaction. */
export function referenceCategorize(
  rules: readonly Rule[],
  tx: CategorizeTransaction,
  overwrite: boolean,
): ReferenceResult {
  const ownCategory = typeof tx.category === "string" && tx.category !== "" ? tx.category : null;
  const ownKind = tx.kind ?? null;
  const matched: number[] = [];
  let categoryRule: number | null = null;
  let kindRule: number | null = null;
  rules.forEach((rule, i) => {
    if (rule.enabled === false) return;
    const met = rule.match === "any"
      ? rule.conditions.some((c) => conditionMet(c, tx))
      : rule.conditions.every((c) => conditionMet(c, tx));
    if (!met) return;
    matched.push(i);
    if (categoryRule === null && (ownCategory === null || overwrite) && rule.set.category !== undefined) {
      categoryRule = i;
    }
    if (kindRule === null && (ownKind === null || overwrite) && rule.set.kind !== undefined) kindRule = i;
  });
  const categoryFromRule = categoryRule === null ? null : rules[categoryRule]!.set.category!;
  const kindFromRule = kindRule === null ? null : rules[kindRule]!.set.kind!;
  return {
    category: categoryFromRule ?? ownCategory,
    categorySource: categoryFromRule !== null ? "rule" : ownCategory !== null ? "input" : null,
    categoryRuleIndex: categoryRule,
    kind: kindFromRule ?? ownKind ?? (tx.amountMinor > 0 ? "income" : "expense"),
    kindSource: kindFromRule !== null ? "rule" : ownKind !== null ? "input" : "default",
    kindRuleIndex: kindRule,
    matchedRuleIndexes: matched,
  };
}
