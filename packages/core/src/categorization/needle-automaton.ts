/**
 * Finds which of many strings ("needles") occur in a text, in one pass over the text (Aho–Corasick): the needles
 * become a trie whose failure links are resolved into a table of transitions, so each code unit of the text costs
 * one table read, however many needles there are. Code units (UTF-16) are compared exactly, as `String#includes`
 * compares them. The table is states × the needles' distinct code units; needles that would make it larger than
 * MAX_TABLE go into further automata (NeedleSearch), so memory stays bounded for any rule list.
 *
 * With `foldAsciiCase`, the text's ASCII capitals A–Z read as a–z (the needles must have none), so a printable-ASCII
 * text is searched as its lower-cased form without building that string.
 */

/** The largest transition table of one automaton (entries of 4 bytes). */
export const MAX_TABLE = 1 << 20;

/** Table entries needed for `needles` (states × (distinct code units + 1)), an upper bound. */
export function tableSize(states: number, units: number): number {
  return (states + 1) * (units + 1);
}

export class NeedleAutomaton {
  /** Code unit → class (0: in no needle). ASCII in an array, the rest in a map. */
  readonly #ascii = new Int32Array(128);
  readonly #other = new Map<number, number>();
  readonly #classes: number;
  /** states × classes: the next state. */
  readonly #next: Int32Array;
  /** Per state: the needle that ends there, or -1. */
  readonly #own: Int32Array;
  /** Per state: the nearest state on its failure chain where a needle ends, or -1. */
  readonly #link: Int32Array;

  /**
   * `needles`: distinct, non-empty; `offset` + the index of each is what `scan` reports; `foldAsciiCase`: read the
   * text's A–Z as a–z (then no needle may contain A–Z).
   */
  constructor(needles: readonly string[], offset = 0, foldAsciiCase = false) {
    let classes = 1;
    const classOf = (u: number, add: boolean): number => {
      if (u < 128) {
        if (this.#ascii[u] === 0 && add) this.#ascii[u] = classes++;
        return this.#ascii[u]!;
      }
      let c = this.#other.get(u);
      if (c === undefined && add) this.#other.set(u, c = classes++);
      return c ?? 0;
    };
    // The trie, with children in maps while building.
    const children: Map<number, number>[] = [new Map()];
    const own: number[] = [-1];
    needles.forEach((needle, id) => {
      let s = 0;
      for (let i = 0; i < needle.length; i++) {
        const c = classOf(needle.charCodeAt(i), true);
        let t = children[s]!.get(c);
        if (t === undefined) {
          t = children.length;
          children.push(new Map());
          own.push(-1);
          children[s]!.set(c, t);
        }
        s = t;
      }
      own[s] = offset + id;
    });
    if (foldAsciiCase) {
      for (let u = 65; u <= 90; u++) {
        if (this.#ascii[u] !== 0) throw new TypeError("NeedleAutomaton: a needle has a capital A–Z");
        this.#ascii[u] = this.#ascii[u + 32]!;
      }
    }
    this.#classes = classes;
    const states = children.length;
    const next = new Int32Array(states * classes);
    const fail = new Int32Array(states);
    const link = new Int32Array(states).fill(-1);
    // Breadth first: a state's failure target is shallower, so its row is complete when the state is reached.
    const queue: number[] = [];
    for (const [c, t] of children[0]!) {
      next[c] = t;
      queue.push(t);
    }
    for (let q = 0; q < queue.length; q++) {
      const s = queue[q]!;
      const f = fail[s]!;
      link[s] = own[f]! >= 0 ? f : link[f]!;
      const row = s * classes;
      next.set(next.subarray(f * classes, f * classes + classes), row);
      for (const [c, t] of children[s]!) {
        fail[t] = next[f * classes + c]!;
        next[row + c] = t;
        queue.push(t);
      }
    }
    this.#next = next;
    this.#own = Int32Array.from(own);
    this.#link = link;
  }

  /**
   * Marks in `seen` (one byte per needle) every needle found in `text` and appends the newly seen ones to `out`
   * from index `count`; returns the new count.
   */
  scan(text: string, seen: Uint8Array, out: Int32Array, count: number): number {
    const ascii = this.#ascii;
    const other = this.#other;
    const next = this.#next;
    const own = this.#own;
    const link = this.#link;
    const classes = this.#classes;
    let s = 0;
    for (let i = 0; i < text.length; i++) {
      const u = text.charCodeAt(i);
      const c = u < 128 ? ascii[u]! : other.get(u) ?? 0;
      s = next[s * classes + c]!;
      let t = own[s]! >= 0 ? s : link[s]!;
      while (t >= 0) {
        const n = own[t]!;
        if (seen[n] === 0) {
          seen[n] = 1;
          out[count++] = n;
        }
        t = link[t]!;
      }
    }
    return count;
  }
}
