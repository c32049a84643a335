/**
 * A validated rule list, compiled once and evaluated for any number of transactions (API.md §10.2): defaults
 * applied (`enabled` true, `match` "all"), values folded, patterns compiled into one group per field.
 */
import { compileCondition, type CompiledCondition } from "./compile-condition.ts";
import { PatternGroup } from "./pattern-group.ts";
import type { Kind, Rule } from "./rule-schema.ts";

export interface CompiledRule {
  readonly id: string;
  readonly enabled: boolean;
  readonly any: boolean;
  /** Cheapest first. */
  readonly conditions: readonly CompiledCondition[];
  readonly category: string | undefined;
  readonly kind: Kind | undefined;
}

export interface CompiledRules {
  readonly rules: readonly CompiledRule[];
  /** The `matches` patterns of description, counterparty, text and account (always empty). */
  readonly groups: readonly PatternGroup[];
  /** Conditions of all rules, enabled or not (the work bound counts them). */
  readonly conditionCount: number;
}

/** Compiles rules that passed `rulesArraySchema` (or `validateRules`); throws TypeError on anything else. */
export function compileRules(rules: readonly Rule[]): CompiledRules {
  const groups = [new PatternGroup(), new PatternGroup(), new PatternGroup(), new PatternGroup()];
  let conditionCount = 0;
  const compiled = rules.map((rule): CompiledRule => {
    conditionCount += rule.conditions.length;
    const conditions = rule.conditions.map((c) => compileCondition(c, groups)).sort((a, b) => a.cost - b.cost);
    return {
      id: rule.id,
      enabled: rule.enabled !== false,
      any: rule.match === "any",
      conditions,
      category: rule.set.category,
      kind: rule.set.kind,
    };
  });
  return { rules: compiled, groups, conditionCount };
}
