/**
 * Which of a list of needles a text starts with (or ends with): per needle length, the needles in a hash map keyed by
 * a rolling hash of their code units. One walk over the text's first (last) code units, as far as the longest
 * needle, hashes each of its prefixes (suffixes) on the way; at each needle length the text's hash is looked up and
 * the needles found there are compared exactly, as `String#startsWith` and `String#endsWith` compare. Nothing is
 * allocated per text, and needles sharing a long prefix ("card payment 1", "card payment 2") cost one lookup each
 * length, not one comparison each. With `foldAsciiCase` the text's A–Z read as a–z (the needles have none), so a
 * printable-ASCII text is matched as its lower-cased form without building that string.
 */
/** A 30-bit rolling hash (a small integer, so the map's keys are never boxed). */
function step(hash: number, unit: number): number {
  return (Math.imul(hash, 31) + unit) & 0x3fffffff;
}

/** The code unit with A–Z read as a–z. */
function lowerUnit(u: number): number {
  return u >= 65 && u <= 90 ? u + 32 : u;
}

/** Whether `text` from `at` reads as `needle` (A–Z in the text read as a–z). */
function matchesAt(text: string, at: number, needle: string): boolean {
  for (let k = 0; k < needle.length; k++) if (lowerUnit(text.charCodeAt(at + k)) !== needle.charCodeAt(k)) return false;
  return true;
}

export class AffixIndex {
  readonly #needles: readonly string[];
  /** Per needle length (indexed by length): hash → ids, or undefined when no needle has that length. */
  readonly #byLength: (Map<number, number[]> | undefined)[] = [];
  readonly #longest: number;

  /**
   * `needles`: distinct, non-empty; `fromEnd`: match the text's end (ends_with) instead of its start;
   * `foldAsciiCase`: read the text's A–Z as a–z (then no needle may contain A–Z).
   */
  constructor(needles: readonly string[], readonly fromEnd: boolean, readonly foldAsciiCase = false) {
    if (foldAsciiCase && needles.some((n) => /[A-Z]/.test(n))) throw new TypeError("AffixIndex: a needle has A–Z");
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
    const fold = this.foldAsciiCase;
    let hash = 0;
    for (let k = 0; k < last; k++) {
      const u = text.charCodeAt(this.fromEnd ? n - 1 - k : k);
      hash = step(hash, fold ? lowerUnit(u) : u);
      const map = this.#byLength[k + 1];
      if (map === undefined) continue;
      const ids = map.get(hash);
      if (ids === undefined) continue;
      for (let i = 0; i < ids.length; i++) {
        const needle = this.#needles[ids[i]!]!;
        const at = this.fromEnd ? n - needle.length : 0;
        if (fold ? matchesAt(text, at, needle) : this.fromEnd ? text.endsWith(needle) : text.startsWith(needle)) {
          out[count++] = ids[i]!;
        }
      }
    }
    return count;
  }
}
