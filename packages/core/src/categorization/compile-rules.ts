/**
 * A validated rule list, compiled once and evaluated for any number of transactions (API.md §10.2): defaults
 * applied (`enabled` true, `match` "all"), values folded, patterns compiled, and every condition indexed by field
 * and operator, so one transaction is tested against all conditions with a few lookups and string scans instead
 * of one test per condition: `equals` and `one_of` values in a hash map of folded text, `key_equals` in a map of
 * keys, the `matches` patterns of a field in one RE2 set.
 */
import { AmountCondition } from "./amount-condition.ts";
import type { AmountOp } from "./decimal-range.ts";
import { compilePatternCached } from "./pattern-cache.ts";
import { foldText } from "./fold.ts";
import { PatternGroup } from "./pattern-group.ts";
import type { Condition, Kind, Rule } from "./rule-schema.ts";

/** Field indexes: description, counterparty, text (counterparty when non-empty, else description), account. */
export const FIELD_INDEX: Readonly<Record<string, number>> = { description: 0, counterparty: 1, text: 2, account: 3 };

/** The conditions of one field, indexed. Each entry names the condition's slot. */
export class FieldConditions {
  used = false;
  readonly equal = new Map<string, number[]>();
  readonly keys = new Map<string, number[]>();
  readonly contains: { value: string; slot: number }[] = [];
  readonly startsWith: { value: string; slot: number }[] = [];
  readonly endsWith: { value: string; slot: number }[] = [];
  readonly patterns = new PatternGroup();
  /** For each slot of `patterns`: the condition slots that use that pattern. */
  readonly patternSlots: number[][] = [];

  static add(map: Map<string, number[]>, value: string, slot: number): void {
    const list = map.get(value);
    if (list === undefined) map.set(value, [slot]);
    else list.push(slot);
  }
}

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
  readonly fields: readonly FieldConditions[];
  readonly amounts: readonly AmountCondition[];
  /** Conditions of all rules, enabled or not (the work bound counts them). */
  readonly conditionCount: number;
  /** Scratch space of the evaluator: one byte per condition slot (evaluation is synchronous). */
  readonly hits: Uint8Array;
}

function index(c: Condition, slot: number, fields: FieldConditions[], amounts: AmountCondition[]): void {
  if (c.field === "amount") {
    amounts.push(new AmountCondition(c.op as AmountOp, c.value, slot));
    return;
  }
  const f = fields[FIELD_INDEX[c.field]!]!;
  f.used = true;
  switch (c.op) {
    case "equals":
      FieldConditions.add(f.equal, foldText(c.value as string), slot);
      return;
    case "one_of":
      for (const v of new Set((c.value as string[]).map(foldText))) FieldConditions.add(f.equal, v, slot);
      return;
    case "key_equals":
      FieldConditions.add(f.keys, c.value as string, slot);
      return;
    case "contains":
      f.contains.push({ value: foldText(c.value as string), slot });
      return;
    case "starts_with":
      f.startsWith.push({ value: foldText(c.value as string), slot });
      return;
    case "ends_with":
      f.endsWith.push({ value: foldText(c.value as string), slot });
      return;
    case "matches": {
      const compiled = compilePatternCached(c.value as string);
      if (!compiled.ok) throw new TypeError(`compileRules: pattern was not validated: ${compiled.message}`);
      const p = f.patterns.add(c.value as string, compiled.regex);
      (f.patternSlots[p] ??= []).push(slot);
      return;
    }
    default:
      throw new TypeError(`compileRules: operator ${c.op} on ${c.field} was not validated`);
  }
}

/** Compiles rules that passed `rulesArraySchema` (or `validateRules`); throws TypeError on anything else. */
export function compileRules(rules: readonly Rule[]): CompiledRules {
  const fields = [new FieldConditions(), new FieldConditions(), new FieldConditions(), new FieldConditions()];
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
  return { rules: compiled, fields, amounts, conditionCount: slot, hits: new Uint8Array(slot) };
}
