/**
 * Applies a user's stored rules to one statement line before it is stored (API.md §10.3), through the one evaluator
 * of @pfa/core (categorizeOne): the line's own category or kind counts as given (the file's) unless `overwrite`.
 * Returns the values to store and where they came from. Without rules (none enabled, or --no-rules) the engine is
 * not called: the file's values are stored as the file's.
 */
import { categorizeOne, type CompiledRules } from "@pfa/core";
import type { Kind } from "../types.ts";
import type { StoredRules } from "./stored-rules.ts";

export interface LineValues {
  readonly description: string | null;
  readonly counterparty: string | null;
  /** The statement's account name (the `account` field of the rules). */
  readonly account: string;
  readonly amountMinor: number;
  /** Decimals of `amountMinor` (the currency's minor unit). */
  readonly scale: number;
  readonly category: string | null;
  readonly kind: Kind | null;
}

/** What is stored: the category, the kind as given (null = the sign decides), and their sources. */
export interface Categorized {
  readonly category: string | null;
  readonly categorySource: "file" | "rule" | null;
  readonly categoryRuleId: string | null;
  readonly kind: Kind | null;
  readonly kindSource: "file" | "rule" | "default";
  readonly kindRuleId: string | null;
}

export class LineCategorizer {
  readonly #compiled: CompiledRules | null;
  readonly #options: { overwrite: boolean };

  /** `rules` null: no rules (the file's values only). */
  constructor(rules: StoredRules | null, overwrite: boolean) {
    this.#compiled = rules !== null && rules.anyEnabled ? rules.compiled : null;
    this.#options = { overwrite };
  }

  apply(line: LineValues): Categorized {
    const category = line.category !== null && line.category.length > 0 ? line.category : null;
    // Without rules, or when the file gives both fields and rules may not replace them (API.md §10.2 rule 4),
    // nothing a rule matches can change what is stored: the engine is not called.
    if (this.#compiled === null || (category !== null && line.kind !== null && !this.#options.overwrite)) {
      return fileValues(category, line.kind);
    }
    const result = categorizeOne(this.#compiled, {
      description: line.description,
      counterparty: line.counterparty,
      account: line.account,
      amountMinor: line.amountMinor,
      scale: line.scale,
      category,
      kind: line.kind,
    }, this.#options);
    const rules = this.#compiled.rules;
    return {
      category: result.category,
      categorySource: result.categorySource === "input" ? "file" : result.categorySource,
      categoryRuleId: result.categoryRuleIndex === null ? null : rules[result.categoryRuleIndex]!.id,
      kind: result.kindSource === "default" ? null : result.kind,
      kindSource: result.kindSource === "input" ? "file" : result.kindSource,
      kindRuleId: result.kindRuleIndex === null ? null : rules[result.kindRuleIndex]!.id,
    };
  }
}

function fileValues(category: string | null, kind: Kind | null): Categorized {
  return {
    category,
    categorySource: category === null ? null : "file",
    categoryRuleId: null,
    kind,
    kindSource: kind === null ? "default" : "file",
    kindRuleId: null,
  };
}
