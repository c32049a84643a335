/**
 * Which of a list of needles a text starts with (or ends with): the needles in one hash map, and the text's prefix
 * (suffix) of each needle length looked up in it, so the work follows the number of distinct lengths, not of
 * needles, and the memory is the needles themselves. Code units compare exactly, as `String#startsWith` and
 * `String#endsWith` compare them.
 */
export class AffixIndex {
  readonly #ids = new Map<string, number>();
  /** The needles' distinct lengths, ascending. */
  readonly #lengths: readonly number[];

  /** `needles`: distinct, non-empty; `fromEnd`: match the text's end (ends_with) instead of its start. */
  constructor(needles: readonly string[], readonly fromEnd: boolean) {
    needles.forEach((needle, id) => this.#ids.set(needle, id));
    this.#lengths = [...new Set(needles.map((n) => n.length))].sort((a, b) => a - b);
  }

  /** Appends to `out` from `count` the needles `text` starts (ends) with; returns the new count. */
  scan(text: string, out: Int32Array, count: number): number {
    const lengths = this.#lengths;
    const n = text.length;
    for (let i = 0; i < lengths.length; i++) {
      const length = lengths[i]!;
      if (length > n) break;
      const id = this.#ids.get(this.fromEnd ? text.slice(n - length) : text.slice(0, length));
      if (id !== undefined) out[count++] = id;
    }
    return count;
  }
}
