/**
 * Which of a list of needles a text starts with (or ends with): per needle length, the needles in a hash map keyed by
 * a rolling hash of their code units. One walk over the text's first (last) code units, as far as the longest
 * needle, hashes each of its prefixes (suffixes) on the way; at each needle length the text's hash is looked up and
 * the needles found there are compared exactly, as `String#startsWith` and `String#endsWith` compare. Nothing is
 * allocated per text, and needles sharing a long prefix ("card payment 1", "card payment 2") cost one lookup each
 * length, not one comparison each.
 */
function step(hash: number, unit: number): number {
  return (Math.imul(hash, 31) + unit) | 0;
}

export class AffixIndex {
  readonly #needles: readonly string[];
  /** Per needle length (indexed by length): hash → ids, or undefined when no needle has that length. */
  readonly #byLength: (Map<number, number[]> | undefined)[] = [];
  readonly #longest: number;

  /** `needles`: distinct, non-empty; `fromEnd`: match the text's end (ends_with) instead of its start. */
  constructor(needles: readonly string[], readonly fromEnd: boolean) {
    this.#needles = needles;
    let longest = 0;
    needles.forEach((needle, id) => {
      const n = needle.length;
      let hash = 0;
      for (let k = 0; k < n; k++) hash = step(hash, needle.charCodeAt(fromEnd ? n - 1 - k : k));
      const map = this.#byLength[n] ??= new Map();
      const ids = map.get(hash);
      if (ids === undefined) map.set(hash, [id]);
      else ids.push(id);
      longest = Math.max(longest, n);
    });
    this.#longest = longest;
  }

  /** Appends to `out` from `count` the needles `text` starts (ends) with; returns the new count. */
  scan(text: string, out: Int32Array, count: number): number {
    const n = text.length;
    const last = Math.min(n, this.#longest);
    let hash = 0;
    for (let k = 0; k < last; k++) {
      hash = step(hash, text.charCodeAt(this.fromEnd ? n - 1 - k : k));
      const map = this.#byLength[k + 1];
      if (map === undefined) continue;
      const ids = map.get(hash);
      if (ids === undefined) continue;
      for (let i = 0; i < ids.length; i++) {
        const needle = this.#needles[ids[i]!]!;
        if (this.fromEnd ? text.endsWith(needle) : text.startsWith(needle)) out[count++] = ids[i]!;
      }
    }
    return count;
  }
}
