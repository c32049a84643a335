/**
 * Which of a list of needles a text starts with (or ends with, or equals): the needles in a trie of code units, walked
 * from the text's first (last) code unit as long as the trie goes on. Every needle ending on the way is one the text
 * starts (ends) with, compared exactly as `String#startsWith` (`String#endsWith`) compares; the walk stops at the
 * first code unit no needle has there, so most texts cost a step or two. Nothing is allocated per text. With
 * `foldAsciiCase` the text's A–Z read as a–z (the needles have none), so a printable-ASCII text is matched as its
 * lower-cased form without building that string.
 */

import { buildNeedleTrie } from "./needle-trie.ts";

/** A trie of code units: per state and class the next state (0: none), per state the needle ending there (-1: none). */
export class CodeUnitTrie {
  /** Code unit → class (0: in no needle). ASCII in an array, the rest in a map. */
  readonly #ascii: Int32Array;
  readonly #other: Map<number, number>;
  readonly #classes: number;
  readonly #next: Int32Array;
  readonly #own: Int32Array;

  /**
   * `needles`: distinct, non-empty, each read from its end when `reversed`; `foldAsciiCase`: read the text's A–Z as
   * a–z (then no needle may contain A–Z).
   */
  constructor(needles: readonly string[], reversed = false, foldAsciiCase = false) {
    const { ascii, other, classes, children, own } = buildNeedleTrie(needles, reversed, foldAsciiCase, "CodeUnitTrie");
    this.#ascii = ascii;
    this.#other = other;
    this.#classes = classes;
    this.#next = new Int32Array(children.length * classes);
    children.forEach((map, s) => {
      for (const [c, t] of map) this.#next[s * classes + c] = t;
    });
    this.#own = Int32Array.from(own);
  }

  /** The state after `unit` from `state` (0: no needle goes on so). */
  step(state: number, unit: number): number {
    const c = unit < 128 ? this.#ascii[unit]! : this.#other.get(unit) ?? 0;
    return c === 0 ? 0 : this.#next[state * this.#classes + c]!;
  }

  /** The needle that ends at `state`, or -1. */
  own(state: number): number {
    return this.#own[state]!;
  }

  /** Appends to `out` from `count` the needles `text` starts (`fromEnd`: ends) with; returns the new count. */
  scanAffixes(text: string, fromEnd: boolean, out: Int32Array, count: number): number {
    const ascii = this.#ascii;
    const next = this.#next;
    const own = this.#own;
    const classes = this.#classes;
    const n = text.length;
    let s = 0;
    for (let k = 0; k < n; k++) {
      const u = text.charCodeAt(fromEnd ? n - 1 - k : k);
      const c = u < 128 ? ascii[u]! : this.#other.get(u) ?? 0;
      if (c === 0) break;
      s = next[s * classes + c]!;
      if (s === 0) break;
      if (own[s]! >= 0) out[count++] = own[s]!;
    }
    return count;
  }

  /** The needle `text` equals, or -1. */
  find(text: string): number {
    const ascii = this.#ascii;
    const next = this.#next;
    const classes = this.#classes;
    let s = 0;
    for (let k = 0; k < text.length; k++) {
      const u = text.charCodeAt(k);
      const c = u < 128 ? ascii[u]! : this.#other.get(u) ?? 0;
      if (c === 0) return -1;
      s = next[s * classes + c]!;
      if (s === 0) return -1;
    }
    return this.#own[s]!;
  }
}

export class AffixIndex {
  readonly #trie: CodeUnitTrie;

  /**
   * `needles`: distinct, non-empty; `fromEnd`: match the text's end (ends_with) instead of its start;
   * `foldAsciiCase`: read the text's A–Z as a–z (then no needle may contain A–Z).
   */
  constructor(needles: readonly string[], readonly fromEnd: boolean, foldAsciiCase = false) {
    if (foldAsciiCase && needles.some((n) => /[A-Z]/.test(n))) throw new TypeError("AffixIndex: a needle has A–Z");
    this.#trie = new CodeUnitTrie(needles, fromEnd, foldAsciiCase);
  }

  /** Appends to `out` from `count` the needles `text` starts (ends) with; returns the new count. */
  scan(text: string, out: Int32Array, count: number): number {
    return this.#trie.scanAffixes(text, this.fromEnd, out, count);
  }
}
