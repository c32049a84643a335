/**
 * Finds which of many strings ("needles") occur in a text, in one pass over the text (Aho–Corasick): the needles
 * become a trie whose failure links are resolved into a table of transitions, so each code unit of the text costs
 * one table read, however many needles there are. Code units (UTF-16) are compared exactly, as `String#includes`
 * compares them. The table is states × (the needles' distinct code units + 3), its two needles of dirt included
 * (`clean`); needles that would make it larger than about MAX_TABLE go into further automata (NeedleSearch), so
 * memory stays bounded for any rule list.
 *
 * With `foldAsciiCase`, the text's ASCII capitals A–Z read as a–z (the needles must have none), so a printable-ASCII
 * text is searched as its lower-cased form without building that string.
 */

import { isCleanAscii } from "./field-forms.ts";
import { ANYWHERE, buildNeedleTrie } from "./needle-trie.ts";

/** The largest transition table of one automaton (entries of 4 bytes). */
export const MAX_TABLE = 1 << 20;

/**
 * Table entries needed for needles of `states` states and `units` distinct code units, an upper bound: it counts the
 * two needles every automaton adds to tell whether a text is clean (see NeedleAutomaton `clean`).
 */
export function tableSize(states: number, units: number): number {
  return (states + 1 + CLEANNESS_STATES) * (units + 1 + CLEANNESS_UNITS);
}

/**
 * What tells a dirty text (field-forms.ts isCleanAscii: printable ASCII, not empty, no leading, trailing or doubled
 * space) in the automaton's own pass, without a test per code unit: two needles of its own, a doubled space and a
 * control character (every code unit below the space, and DEL, read as one class), found like any other needle, and
 * reported as dirt instead of as a needle. A needle list that holds either itself (no folded rule value does) is
 * told cleanness by isCleanAscii instead, a second read of the text.
 */
const DOUBLE_SPACE = "  ";
const CONTROL = "\u0000";
const CLEANNESS_STATES = 3;
const CLEANNESS_UNITS = 2;
/** The needle column's value for the two needles of dirt. */
const DIRT = -2;

function isControl(u: number): boolean {
  return u < SPACE || u === DEL;
}

/** Whether a needle would stand in the way of the two needles of dirt (then `scan` calls isCleanAscii). */
function holdsDirt(needle: string): boolean {
  if (needle.includes(DOUBLE_SPACE)) return true;
  for (let k = 0; k < needle.length; k++) if (isControl(needle.charCodeAt(k))) return true;
  return false;
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
   * One row per state, each `classes + 3` entries, states named by the offset of their row: per class the next state,
   * bitwise inverted (`~`, a negative number) when a needle ends there or on its failure chain, so each code unit of
   * the text costs one read of the table, and its sign says whether there is anything to report; then the state to
   * report from (the state itself when a needle ends there, else the nearest state on its failure chain where one
   * does, else -1); the needle that ends at the state (-1: none; DIRT: one of the needles of dirt); the nearest state
   * on its failure chain where a needle ends (-1: none).
   */
  readonly #table: Int32Array;
  /** Whether the needles of dirt are in the table (else `scan` reads the text again with isCleanAscii). */
  readonly #findsDirt: boolean;

  /**
   * `needles`: non-empty, no two with the same text and anchor; `offset` + the index of each is what `scan` reports;
   * `foldAsciiCase`: read the text's A–Z as a–z (then no needle may contain A–Z); `anchors`: where each needle must
   * occur (needle-trie.ts; anywhere when absent).
   */
  constructor(needles: readonly string[], offset = 0, foldAsciiCase = false, anchors?: ArrayLike<number>) {
    const count = needles.length;
    const findsDirt = !needles.some(holdsDirt);
    this.#findsDirt = findsDirt;
    const all = findsDirt ? [...needles, DOUBLE_SPACE, CONTROL] : needles;
    const allAnchors = anchors === undefined || !findsDirt ? anchors : [...Array.from(anchors), ANYWHERE, ANYWHERE];
    const { ascii, other, classes, children, own, start, end } = buildNeedleTrie(
      all,
      foldAsciiCase,
      "NeedleAutomaton",
      allAnchors,
    );
    if (findsDirt) {
      // No needle of the list has a control character: they are all one class, the one of CONTROL.
      for (let u = 0; u < 128; u++) if (isControl(u)) ascii[u] = ascii[0]!;
    }
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
    const reports = (st: number) => own[st]! >= 0 || link[st]! >= 0;
    for (let st = 0; st < states; st++) {
      const row = st * stride;
      for (let c = 0; c < classes; c++) {
        const to = next[st * classes + c]!;
        table[row + c] = reports(to) ? ~(to * stride) : to * stride;
      }
      const report = own[st]! >= 0 ? st : link[st]!;
      table[row + classes] = report >= 0 ? report * stride : -1;
      table[row + classes + 1] = own[st]! >= count ? DIRT : own[st]! >= 0 ? offset + own[st]! : -1;
      table[row + classes + 2] = link[st]! >= 0 ? link[st]! * stride : -1;
    }
    this.#table = table;
  }

  /** Entries of the transition table (4 bytes each): what the automaton holds, for callers that bound memory. */
  get tableEntries(): number {
    return this.#table.length;
  }

  /**
   * Whether the text of the last `scan` was clean (field-forms.ts isCleanAscii: printable ASCII, not empty, no
   * leading, trailing or doubled space), read on the same pass: a caller that needs both learns it without reading
   * the text a second time. The pass finds control characters and doubled spaces as needles of its own (the needles
   * of dirt, above), so that no code unit costs a test of its own (the test took about a fifth of the pass on bank
   * descriptions).
   */
  clean = false;

  /**
   * The states where something ends, in the order the text reached them (one per code unit at most, and the two
   * anchors): collected without a branch, then reported. Whether a step ends a needle depends on the text, and a
   * branch on it was mispredicted at about every other needle found (a quarter of the pass on bank descriptions).
   * Grown to the longest text scanned.
   */
  #ends = new Int32Array(256);

  /**
   * Marks in `seen` (one byte per needle) every needle found in `text` and appends the newly seen ones to `out`
   * from index `count`, in the order the text reaches them; returns the new count. Sets `clean`.
   */
  scan(text: string, seen: Uint8Array, out: Int32Array, count: number): number {
    const ascii = this.#ascii;
    const other = this.#other;
    const table = this.#table;
    const report = this.#classes;
    const n = text.length;
    if (this.#ends.length < n + 2) this.#ends = new Int32Array(2 * (n + 2));
    const ends = this.#ends;
    // A negative entry is the state, inverted, where something ends: `to >> 31` is -1 there, else 0, so each state
    // is written and kept (the count moves on) only where something ends.
    let found = 0;
    let s = 0;
    if (this.#start !== 0) {
      const to = table[this.#start]!;
      s = to ^ (to >> 31);
      ends[found] = s;
      found -= to >> 31;
    }
    let asciiOnly = true;
    for (let i = 0; i < n; i++) {
      const u = text.charCodeAt(i);
      let c: number;
      if (u < 128) c = ascii[u]!;
      else {
        asciiOnly = false;
        c = other.get(u) ?? 0;
      }
      const to = table[s + c]!;
      s = to ^ (to >> 31);
      ends[found] = s;
      found -= to >> 31;
    }
    if (this.#end !== 0) {
      const to = table[s + this.#end]!;
      ends[found] = to ^ (to >> 31);
      found -= to >> 31;
    }
    dirt = false;
    for (let k = 0; k < found; k++) count = reportFrom(table, report, ends[k]!, seen, out, count);
    // Clean: no code unit past ASCII, no control character and no doubled space (the needles of dirt), not empty,
    // no space at either end. A needle list without the needles of dirt reads the text once more instead.
    this.clean = this.#findsDirt
      ? asciiOnly && !dirt && n > 0 && text.charCodeAt(0) !== SPACE && text.charCodeAt(n - 1) !== SPACE
      : isCleanAscii(text);
    return count;
  }
}

/** Set by reportFrom when a needle of dirt ends (read by `scan`, which clears it first). */
let dirt = false;

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
    if (n === DIRT) dirt = true;
    else if (seen[n] === 0) {
      seen[n] = 1;
      out[count++] = n;
    }
  }
  return count;
}

const SPACE = 0x20;
const DEL = 0x7f;
