/**
 * The evaluator over a list of transactions, with the per-rule diagnostics of API.md §10.2: `matched_count`
 * (transactions whose conditions the rule met; disabled rules 0) and `applied_count` (transactions where it decided
 * at least one field).
 */
import { categorizeOne, type CategorizeOptions, type CategorizeResult } from "./categorize-one.ts";
import type { CompiledRules } from "./compile-rules.ts";
import type { CategorizeTransaction } from "./transaction-view.ts";

export interface RuleCounts {
  readonly id: string;
  readonly matched_count: number;
  readonly applied_count: number;
}

/** Counts per rule, fed one result at a time (the importer feeds them as it streams lines). */
export class RuleCounter {
  readonly #matched: Int32Array;
  readonly #applied: Int32Array;

  constructor(readonly compiled: CompiledRules) {
    this.#matched = new Int32Array(compiled.rules.length);
    this.#applied = new Int32Array(compiled.rules.length);
  }

  add(result: CategorizeResult): void {
    for (const i of result.matchedRuleIndexes) this.#matched[i]!++;
    const c = result.categoryRuleIndex;
    const k = result.kindRuleIndex;
    if (c !== null) this.#applied[c]!++;
    if (k !== null && k !== c) this.#applied[k]!++;
  }

  counts(): RuleCounts[] {
    return this.compiled.rules.map((r, i) => ({
      id: r.id,
      matched_count: this.#matched[i]!,
      applied_count: this.#applied[i]!,
    }));
  }
}

export function categorizeMany(
  compiled: CompiledRules,
  transactions: readonly CategorizeTransaction[],
  opts: CategorizeOptions,
): { results: CategorizeResult[]; rules: RuleCounts[] } {
  const counter = new RuleCounter(compiled);
  const results = new Array<CategorizeResult>(transactions.length);
  for (let i = 0; i < transactions.length; i++) {
    const r = categorizeOne(compiled, transactions[i]!, opts);
    counter.add(r);
    results[i] = r;
  }
  return { results, rules: counter.counts() };
}
