/**
 * Which of a list of needles a text starts with (or, built from the ends, ends with): a trie of the needles' code
 * units walked from the text's first (or last) code unit, so one walk no longer than the longest needle answers all
 * of them. Code units compare exactly, as `String#startsWith` and `String#endsWith` compare them.
 */
export class AffixTrie {
  readonly #children: Map<number, number>[] = [new Map()];
  /** Per node: the needle that ends there, or -1. */
  readonly #own: number[] = [-1];

  /** `needles`: distinct, non-empty; `fromEnd`: match the text's end (ends_with) instead of its start. */
  constructor(needles: readonly string[], readonly fromEnd: boolean) {
    needles.forEach((needle, id) => {
      let s = 0;
      for (let k = 0; k < needle.length; k++) {
        const u = needle.charCodeAt(fromEnd ? needle.length - 1 - k : k);
        let t = this.#children[s]!.get(u);
        if (t === undefined) {
          t = this.#children.length;
          this.#children.push(new Map());
          this.#own.push(-1);
          this.#children[s]!.set(u, t);
        }
        s = t;
      }
      this.#own[s] = id;
    });
  }

  /** Appends to `out` from `count` the needles `text` starts (ends) with; returns the new count. */
  scan(text: string, out: Int32Array, count: number): number {
    const n = text.length;
    let s = 0;
    for (let k = 0; k < n; k++) {
      const t = this.#children[s]!.get(text.charCodeAt(this.fromEnd ? n - 1 - k : k));
      if (t === undefined) break;
      s = t;
      const id = this.#own[s]!;
      if (id >= 0) out[count++] = id;
    }
    return count;
  }
}
