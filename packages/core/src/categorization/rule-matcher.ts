/**
 * Which rules a transaction satisfies, from the slots of the conditions it meets: each met slot counts for its rule,
 * and a rule is satisfied when the count reaches what it needs (`all`: every condition, `any`: one). Only rules with
 * a met condition are looked at, so the cost follows what the transaction meets, not the number of rules. Disabled
 * rules have no indexed conditions, so no slot of theirs is ever met.
 */
interface MatchableRule {
  readonly any: boolean;
  readonly slots: readonly number[];
}

export class RuleMatcher {
  /** Per condition slot: its rule. */
  readonly #slotRule: Int32Array;
  /** Per rule: how many met conditions satisfy it. */
  readonly #need: Int32Array;
  /**
   * Whether every rule has at most one indexed condition: then each met slot satisfies its own rule, no two slots
   * share one, and matchInto needs no counting.
   */
  readonly #oneSlotEach: boolean;
  // Scratch (evaluation is synchronous).
  readonly #count: Int32Array;
  readonly #touched: Int32Array;
  /**
   * Per condition slot, its rule, when every rule has at most one indexed condition (each met slot then satisfies its
   * own rule, and no two met slots share one: a caller may read the rules met straight from the slots); else null.
   */
  readonly slotRules: Int32Array | null;
  /** Scratch for the caller: the met slots of one transaction (one entry per condition at most). */
  readonly met: Int32Array;
  /** Scratch for the caller: the rules one transaction satisfies (one entry per rule at most). */
  readonly satisfied: Int32Array;

  constructor(rules: readonly MatchableRule[], conditionCount: number) {
    this.#slotRule = new Int32Array(conditionCount);
    this.#need = new Int32Array(rules.length);
    rules.forEach((rule, r) => {
      for (const slot of rule.slots) this.#slotRule[slot] = r;
      this.#need[r] = rule.any ? 1 : rule.slots.length;
    });
    this.#oneSlotEach = rules.every((rule) => rule.slots.length <= 1);
    this.slotRules = this.#oneSlotEach ? this.#slotRule : null;
    this.#count = new Int32Array(rules.length);
    this.#touched = new Int32Array(rules.length);
    this.met = new Int32Array(conditionCount);
    this.satisfied = new Int32Array(rules.length);
  }

  /** The rules satisfied by the distinct met slots `met[0…n)`, ascending. */
  match(met: Int32Array, n: number): number[] {
    const t = this.matchInto(met, n, this.#touched);
    const matched: number[] = [];
    for (let i = 0; i < t; i++) {
      const r = this.#touched[i]!;
      // Insertion keeps the list ascending (it is short: the rules one transaction satisfies).
      let j = matched.length;
      matched.push(r);
      while (j > 0 && matched[j - 1]! > r) {
        matched[j] = matched[j - 1]!;
        j--;
      }
      matched[j] = r;
    }
    return matched;
  }

  /**
   * Writes to `out` from 0 the rules satisfied by the distinct met slots `met[0…n)`, in no particular order; returns
   * how many. `out` needs room for one entry per rule (`out` may be the matcher's own scratch, as `match` uses it).
   */
  matchInto(met: Int32Array, n: number, out: Int32Array): number {
    const count = this.#count;
    const touched = this.#touched;
    const slotRule = this.#slotRule;
    if (this.#oneSlotEach) {
      for (let i = 0; i < n; i++) out[i] = slotRule[met[i]!]!;
      return n;
    }
    let t = 0;
    for (let i = 0; i < n; i++) {
      const r = slotRule[met[i]!]!;
      if (count[r]!++ === 0) touched[t++] = r;
    }
    let m = 0;
    for (let i = 0; i < t; i++) {
      const r = touched[i]!;
      if (count[r]! >= this.#need[r]!) out[m++] = r; // m <= i: writing into `touched` itself is safe
      count[r] = 0;
    }
    return m;
  }
}
