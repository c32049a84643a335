/**
 * Which of a list of needles a text starts with (or ends with): the needles bucketed by their first (last) code unit,
 * so a text is compared only with the needles that share its first (last) code unit, and nothing is allocated per
 * text. Code units compare exactly, as `String#startsWith` and `String#endsWith` compare them.
 */
export class AffixIndex {
  readonly #needles: readonly string[];
  /** First (last) code unit → the ids of the needles that start (end) with it. */
  readonly #buckets = new Map<number, number[]>();

  /** `needles`: distinct, non-empty; `fromEnd`: match the text's end (ends_with) instead of its start. */
  constructor(needles: readonly string[], readonly fromEnd: boolean) {
    this.#needles = needles;
    needles.forEach((needle, id) => {
      const unit = needle.charCodeAt(fromEnd ? needle.length - 1 : 0);
      const bucket = this.#buckets.get(unit);
      if (bucket === undefined) this.#buckets.set(unit, [id]);
      else bucket.push(id);
    });
  }

  /** Appends to `out` from `count` the needles `text` starts (ends) with; returns the new count. */
  scan(text: string, out: Int32Array, count: number): number {
    if (text.length === 0) return count;
    const bucket = this.#buckets.get(text.charCodeAt(this.fromEnd ? text.length - 1 : 0));
    if (bucket === undefined) return count;
    for (let i = 0; i < bucket.length; i++) {
      const needle = this.#needles[bucket[i]!]!;
      if (this.fromEnd ? text.endsWith(needle) : text.startsWith(needle)) out[count++] = bucket[i]!;
    }
    return count;
  }
}
