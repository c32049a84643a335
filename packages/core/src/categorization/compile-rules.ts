/**
 * A validated rule list, compiled once and evaluated for any number of transactions (API.md §10.2): defaults
 * applied (`enabled` true, `match` "all"), values folded, patterns compiled, and every condition indexed by field
 * and operator (field-text-index.ts), so one transaction is tested against all conditions with a few lookups and
 * one-pass scans instead of one test per condition, and only the rules whose conditions were met are looked at
 * (rule-matcher.ts).
 */
import { AmountCondition, AmountIndex } from "./amount-condition.ts";
import type { AmountOp } from "./decimal-range.ts";
import { compilePatternCached } from "./pattern-cache.ts";
import { foldText } from "./fold.ts";
import { FieldTextIndex, JointNeedles } from "./field-text-index.ts";
import { RuleMatcher } from "./rule-matcher.ts";
import type { Condition, Kind, Rule } from "./rule-schema.ts";

/** Field indexes: description, counterparty, text (counterparty when non-empty, else description), account. */
export const FIELD_INDEX: Readonly<Record<string, number>> = { description: 0, counterparty: 1, text: 2, account: 3 };

export interface CompiledRule {
  readonly id: string;
  readonly enabled: boolean;
  readonly any: boolean;
  /** The rule's condition slots. */
  readonly slots: readonly number[];
  readonly category: string | undefined;
  readonly kind: Kind | undefined;
}

export interface CompiledRules {
  readonly rules: readonly CompiledRule[];
  readonly fields: readonly FieldTextIndex[];
  /**
   * One search for the needles of `description` and of `text`, for transactions whose `text` is their description;
   * null when either field has no needle.
   */
  readonly descriptionAndText: JointNeedles | null;
  /** The amount conditions of enabled rules. */
  readonly amounts: AmountIndex;
  /** Conditions of all rules, enabled or not (the work bound counts them). */
  readonly conditionCount: number;
  /** Which rules a set of met conditions satisfies. */
  readonly matcher: RuleMatcher;
}

function index(c: Condition, slot: number, fields: FieldTextIndex[], amounts: AmountCondition[]): void {
  if (c.field === "amount") {
    amounts.push(new AmountCondition(c.op as AmountOp, c.value, slot));
    return;
  }
  const f = fields[FIELD_INDEX[c.field]!]!;
  f.used = true;
  switch (c.op) {
    case "equals":
      f.addEquals(foldText(c.value as string), slot);
      return;
    case "one_of":
      for (const v of new Set((c.value as string[]).map(foldText))) f.addEquals(v, slot);
      return;
    case "key_equals":
      f.addKey(c.value as string, slot);
      return;
    case "contains":
      f.addContains(foldText(c.value as string), slot);
      return;
    case "starts_with":
      f.addStartsWith(foldText(c.value as string), slot);
      return;
    case "ends_with":
      f.addEndsWith(foldText(c.value as string), slot);
      return;
    case "matches": {
      const compiled = compilePatternCached(c.value as string);
      if (!compiled.ok) throw new TypeError(`compileRules: pattern was not validated: ${compiled.message}`);
      f.addPattern(c.value as string, compiled.regex, slot);
      return;
    }
    default:
      throw new TypeError(`compileRules: operator ${c.op} on ${c.field} was not validated`);
  }
}

/**
 * A small rule list that builds one object of every class a compiled list holds (field indexes with every kind of
 * search, affix indexes, needle automata, amount conditions, the rule matcher; pattern groups in the second). Kept
 * alive for the process's life, so the hidden classes (maps) of those objects never die: a full garbage collection
 * clears the maps no live object has, and every optimized function that had them embedded (all of the evaluator's
 * hot loop) would be thrown away and compiled again on the next request, which then runs about twice as slowly.
 */
const SHAPE_RULES: readonly Rule[] = [{
  id: "shapes",
  conditions: [
    { field: "text", op: "contains", value: "a" },
    { field: "description", op: "contains", value: "b" },
    { field: "text", op: "equals", value: "a" },
    { field: "text", op: "key_equals", value: "a" },
    { field: "text", op: "starts_with", value: "a" },
    { field: "text", op: "ends_with", value: "a" },
    { field: "amount", op: "gt", value: "0" },
  ],
  set: { category: "shapes" },
}];
const PATTERN_SHAPE_RULES: readonly Rule[] = [{
  id: "pattern shapes",
  conditions: [{ field: "text", op: "matches", value: "a" }, { field: "text", op: "matches", value: "b" }],
  set: { category: "shapes" },
}];
const shapeKeepers: CompiledRules[] = [];
let keptPatternShapes = false;

/** Keeps SHAPE_RULES (and, once patterns are compiled, PATTERN_SHAPE_RULES) compiled and evaluated once. */
function keepShapes(rules: readonly Rule[]): void {
  if (shapeKeepers.length === 0) shapeKeepers.push(compile(SHAPE_RULES));
  if (!keptPatternShapes && rules.some((r) => r.conditions.some((c) => c.op === "matches"))) {
    keptPatternShapes = true;
    shapeKeepers.push(compile(PATTERN_SHAPE_RULES));
  }
}

/** Compiles rules that passed `rulesArraySchema` (or `validateRules`); throws TypeError on anything else. */
export function compileRules(rules: readonly Rule[]): CompiledRules {
  keepShapes(rules);
  return compile(rules);
}

function compile(rules: readonly Rule[]): CompiledRules {
  const fields = [new FieldTextIndex(), new FieldTextIndex(), new FieldTextIndex(), new FieldTextIndex()];
  const amounts: AmountCondition[] = [];
  let slot = 0;
  const compiled = rules.map((rule): CompiledRule => {
    const enabled = rule.enabled !== false;
    const slots: number[] = [];
    for (const c of rule.conditions) {
      // A disabled rule never matches: its conditions are never tested.
      if (enabled) index(c, slot, fields, amounts);
      slots.push(slot++);
    }
    return {
      id: rule.id,
      enabled,
      any: rule.match === "any",
      slots,
      category: rule.set.category,
      kind: rule.set.kind,
    };
  });
  for (const f of fields) f.finish();
  const [description, , text] = fields as [FieldTextIndex, FieldTextIndex, FieldTextIndex];
  return {
    rules: compiled,
    fields,
    descriptionAndText: description.needles.length > 0 && text.needles.length > 0
      ? new JointNeedles(description.needles, text.needles, description.needleAnchors, text.needleAnchors)
      : null,
    amounts: new AmountIndex(amounts),
    conditionCount: slot,
    matcher: new RuleMatcher(compiled, slot),
  };
}
