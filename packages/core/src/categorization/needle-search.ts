/**
 * Which of a list of needles occur in a text: one NeedleAutomaton pass, or a few when the needles would make one
 * automaton's table larger than MAX_TABLE. The tables of one list together stay within MAX_TOTAL_TABLE (16 MB);
 * needles past that are looked for one by one with `String#includes` (same answers, more work), so a rule list of
 * long, varied values can make a request hold neither unbounded memory nor many passes over each text.
 */
import { isCleanAscii } from "./field-forms.ts";
import { MAX_TABLE, NeedleAutomaton, tableSize } from "./needle-automaton.ts";
import { ANYWHERE, AT_END, AT_START, WHOLE } from "./needle-trie.ts";

/** Table entries (4 bytes each) all the automata of one list may hold. */
export const MAX_TOTAL_TABLE = 4 * MAX_TABLE;

export class NeedleSearch {
  readonly #automata: NeedleAutomaton[] = [];
  /** Needles past the table budget, with their indexes and anchors. */
  readonly #rest: { readonly needle: string; readonly id: number; readonly anchor: number }[] = [];

  readonly #foldAsciiCase: boolean;

  /**
   * `needles`: non-empty, no two with the same text and anchor; `scan` reports their indexes. `foldAsciiCase`: the
   * text's A–Z read as a–z (no needle may contain A–Z), as NeedleAutomaton reads them. `anchors`: where each needle
   * must occur (needle-trie.ts; anywhere when absent).
   */
  constructor(
    needles: readonly string[],
    maxTable = MAX_TABLE,
    maxTotal = MAX_TOTAL_TABLE,
    foldAsciiCase = false,
    anchors?: ArrayLike<number>,
  ) {
    this.#foldAsciiCase = foldAsciiCase;
    let start = 0;
    let states = 0;
    let budget = maxTotal;
    const units = new Set<number>();
    const anchorList = anchors === undefined ? undefined : Array.from(anchors);
    const flush = (end: number) => {
      if (end > start) {
        budget -= tableSize(states, units.size);
        const slice = anchorList?.slice(start, end);
        this.#automata.push(new NeedleAutomaton(needles.slice(start, end), start, foldAsciiCase, slice));
      }
      start = end;
      states = 0;
      units.clear();
    };
    // An anchored needle's path has a state and a class more per anchor (counted as the code units -1 and -2).
    const anchorOf = (i: number) => anchors?.[i] ?? ANYWHERE;
    const pathOf = (i: number) =>
      needles[i]!.length + ((anchorOf(i) & AT_START) !== 0 ? 1 : 0) +
      ((anchorOf(i) & AT_END) !== 0 ? 1 : 0);
    /** The code units of needle i (and its anchors') that `units` lacks. */
    const newUnits = (i: number): Set<number> => {
      const fresh = new Set<number>();
      const needle = needles[i]!;
      for (let k = 0; k < needle.length; k++) {
        const u = needle.charCodeAt(k);
        if (!units.has(u)) fresh.add(u);
      }
      if ((anchorOf(i) & AT_START) !== 0 && !units.has(-1)) fresh.add(-1);
      if ((anchorOf(i) & AT_END) !== 0 && !units.has(-2)) fresh.add(-2);
      return fresh;
    };
    for (let i = 0; i < needles.length; i++) {
      let added = newUnits(i);
      if (i > start && tableSize(states + pathOf(i), units.size + added.size) > Math.min(maxTable, budget)) {
        flush(i);
        added = newUnits(i);
      }
      if (tableSize(pathOf(i), units.size + added.size) > budget) {
        // Over the budget: this needle and all after it are searched one by one.
        flush(i);
        for (let k = i; k < needles.length; k++) {
          if (foldAsciiCase && /[A-Z]/.test(needles[k]!)) {
            throw new TypeError("NeedleSearch: a needle has a capital A–Z");
          }
          this.#rest.push({ needle: needles[k]!, id: k, anchor: anchorOf(k) });
        }
        return;
      }
      for (const u of added) units.add(u);
      states += pathOf(i);
    }
    flush(needles.length);
  }

  /** Entries of all the automata's transition tables (4 bytes each). */
  get tableEntries(): number {
    let entries = 0;
    for (const automaton of this.#automata) entries += automaton.tableEntries;
    return entries;
  }

  /** How many automata a text passes through, and how many needles are searched one by one. */
  get passes(): { readonly automata: number; readonly single: number } {
    return { automata: this.#automata.length, single: this.#rest.length };
  }

  /**
   * Whether the text of the last `scan` was clean (field-forms.ts isCleanAscii), as its first automaton read it;
   * worked out separately when every needle is searched one by one.
   */
  get clean(): boolean {
    return this.#automata.length > 0 ? this.#automata[0]!.clean : this.#clean;
  }

  #clean = false;

  /**
   * Marks in `seen` every needle found in `text`, appends the newly seen to `out` from `count`; the new count. Sets
   * `clean`.
   */
  scan(text: string, seen: Uint8Array, out: Int32Array, count: number): number {
    if (this.#automata.length === 0) this.#clean = isCleanAscii(text);
    for (let a = 0; a < this.#automata.length; a++) count = this.#automata[a]!.scan(text, seen, out, count);
    if (this.#rest.length === 0) return count;
    const lower = this.#foldAsciiCase ? lowerAscii(text) : text;
    for (let r = 0; r < this.#rest.length; r++) {
      const { needle, id, anchor } = this.#rest[r]!;
      if (seen[id] === 0 && occurs(lower, needle, anchor)) {
        seen[id] = 1;
        out[count++] = id;
      }
    }
    return count;
  }
}

const CAPITALS = /[A-Z]+/g;

/** `text` with A–Z lowered and nothing else changed. */
export function lowerAscii(text: string): string {
  return text.replace(CAPITALS, (c) => c.toLowerCase());
}

/** Whether `needle` occurs in `text` where `anchor` (needle-trie.ts) says it must: as NeedleAutomaton finds it. */
function occurs(text: string, needle: string, anchor: number): boolean {
  switch (anchor) {
    case AT_START:
      return text.startsWith(needle);
    case AT_END:
      return text.endsWith(needle);
    case WHOLE:
      return text === needle;
    default:
      return text.includes(needle);
  }
}
