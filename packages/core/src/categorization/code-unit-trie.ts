/**
 * A trie of code units, walked one code unit at a time by its caller: the `key_equals` keys (field-text-index.ts
 * keyOfCleanIn feeds it a text's key as it reads the text, and stops at the first code unit no key has there).
 * Code units are compared exactly; nothing is allocated per step.
 */

import { buildNeedleTrie } from "./needle-trie.ts";

/** Per state and class the next state (0: none), per state the needle ending there (-1: none). */
export class CodeUnitTrie {
  /** Code unit → class (0: in no needle). ASCII in an array, the rest in a map. */
  readonly #ascii: Int32Array;
  readonly #other: Map<number, number>;
  readonly #classes: number;
  readonly #next: Int32Array;
  readonly #own: Int32Array;

  /** `needles`: distinct, non-empty. */
  constructor(needles: readonly string[]) {
    const { ascii, other, classes, children, own } = buildNeedleTrie(needles, false, "CodeUnitTrie");
    this.#ascii = ascii;
    this.#other = other;
    this.#classes = classes;
    this.#next = new Int32Array(children.length * classes);
    children.forEach((map, s) => {
      for (const [c, t] of map) this.#next[s * classes + c] = t;
    });
    this.#own = Int32Array.from(own);
  }

  /** The state after `unit` from `state` (0: no needle goes on so; the start is 0 too). */
  step(state: number, unit: number): number {
    const c = unit < 128 ? this.#ascii[unit]! : this.#other.get(unit) ?? 0;
    return c === 0 ? 0 : this.#next[state * this.#classes + c]!;
  }

  /** The needle that ends at `state`, or -1. */
  own(state: number): number {
    return this.#own[state]!;
  }
}
