/**
 * Finds which of many strings ("needles") occur in a text, in one pass over the text (Aho–Corasick): the needles
 * become a trie whose failure links are resolved into a table of transitions, so each code unit of the text costs
 * one table read, however many needles there are. Code units (UTF-16) are compared exactly, as `String#includes`
 * compares them. The table is states × (the needles' distinct code units + 3); needles that would make it larger than
 * about MAX_TABLE go into further automata (NeedleSearch), so memory stays bounded for any rule list.
 *
 * With `foldAsciiCase`, the text's ASCII capitals A–Z read as a–z (the needles must have none), so a printable-ASCII
 * text is searched as its lower-cased form without building that string.
 */

import { buildNeedleTrie } from "./needle-trie.ts";

/** The largest transition table of one automaton (entries of 4 bytes). */
export const MAX_TABLE = 1 << 20;

/** Table entries needed for `needles` (states × (distinct code units + 1)), an upper bound. */
export function tableSize(states: number, units: number): number {
  return (states + 1) * (units + 1);
}

export class NeedleAutomaton {
  /** Code unit → class (0: in no needle). ASCII in an array, the rest in a map. */
  readonly #ascii: Int32Array;
  readonly #other: Map<number, number>;
  readonly #classes: number;
  /** Offsets in a row of the classes read before and after the text (0: no needle is anchored there). */
  readonly #start: number;
  readonly #end: number;
  /**
   * One row per state, each `classes + 3` entries, states named by the offset of their row: per class the next state;
   * then the state to report from (the state itself when a needle ends there, else the nearest state on its failure
   * chain where one does, else -1); the needle that ends at the state (-1: none); the nearest state on its failure
   * chain where a needle ends (-1: none). One table, so each code unit of the text costs two reads of it.
   */
  readonly #table: Int32Array;

  /**
   * `needles`: non-empty, no two with the same text and anchor; `offset` + the index of each is what `scan` reports;
   * `foldAsciiCase`: read the text's A–Z as a–z (then no needle may contain A–Z); `anchors`: where each needle must
   * occur (needle-trie.ts; anywhere when absent).
   */
  constructor(needles: readonly string[], offset = 0, foldAsciiCase = false, anchors?: ArrayLike<number>) {
    const { ascii, other, classes, children, own, start, end } = buildNeedleTrie(
      needles,
      foldAsciiCase,
      "NeedleAutomaton",
      anchors,
    );
    this.#ascii = ascii;
    this.#other = other;
    this.#classes = classes;
    this.#start = start;
    this.#end = end;
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
    const stride = classes + 3;
    const table = new Int32Array(states * stride);
    for (let st = 0; st < states; st++) {
      const row = st * stride;
      for (let c = 0; c < classes; c++) table[row + c] = next[st * classes + c]! * stride;
      const report = own[st]! >= 0 ? st : link[st]!;
      table[row + classes] = report >= 0 ? report * stride : -1;
      table[row + classes + 1] = own[st]! >= 0 ? offset + own[st]! : -1;
      table[row + classes + 2] = link[st]! >= 0 ? link[st]! * stride : -1;
    }
    this.#table = table;
  }

  /**
   * Whether the text of the last `scan` was clean (field-forms.ts isCleanAscii: printable ASCII, not empty, no
   * leading, trailing or doubled space), read on the same pass: a caller that needs both learns it without reading
   * the text a second time.
   */
  clean = false;

  /**
   * Marks in `seen` (one byte per needle) every needle found in `text` and appends the newly seen ones to `out`
   * from index `count`; returns the new count. Sets `clean`.
   */
  scan(text: string, seen: Uint8Array, out: Int32Array, count: number): number {
    const ascii = this.#ascii;
    const other = this.#other;
    const table = this.#table;
    const report = this.#classes;
    let s = 0;
    if (this.#start !== 0) {
      s = table[this.#start]!;
      count = reportFrom(table, report, s, seen, out, count);
    }
    // isCleanAscii on the way: a space after a space (or at the start) or a character outside ! … ~ spoils it.
    let afterSpace = true;
    let clean = true;
    for (let i = 0; i < text.length; i++) {
      const u = text.charCodeAt(i);
      if (u === SPACE) {
        if (afterSpace) clean = false;
        afterSpace = true;
      } else {
        if (u < EXCLAMATION || u > TILDE) clean = false;
        afterSpace = false;
      }
      s = table[s + (u < 128 ? ascii[u]! : other.get(u) ?? 0)]!;
      if (table[s + report]! >= 0) count = reportFrom(table, report, s, seen, out, count);
    }
    if (this.#end !== 0) count = reportFrom(table, report, table[s + this.#end]!, seen, out, count);
    // A trailing space, or the empty text (which starts "after a space"), is not clean.
    this.clean = clean && !afterSpace;
    return count;
  }
}

/**
 * Marks and appends the needles that end at state `s` (its own, then those on its failure chain); the new count. The
 * table's rows hold, after the `report` classes, the state to report from, the needle ending there and the next state
 * on the chain (see NeedleAutomaton's table).
 */
function reportFrom(
  table: Int32Array,
  report: number,
  s: number,
  seen: Uint8Array,
  out: Int32Array,
  count: number,
): number {
  for (let t = table[s + report]!; t >= 0; t = table[t + report + 2]!) {
    const n = table[t + report + 1]!;
    if (seen[n] === 0) {
      seen[n] = 1;
      out[count++] = n;
    }
  }
  return count;
}

const SPACE = 0x20;
const EXCLAMATION = 0x21;
const TILDE = 0x7e;
