/**
 * Which of a list of needles occur in a text: one NeedleAutomaton pass, or a few when the needles would make one
 * automaton's table larger than MAX_TABLE (so a list of long, varied values stays within bounded memory; the work
 * per text is then a few passes instead of one).
 */
import { MAX_TABLE, NeedleAutomaton, tableSize } from "./needle-automaton.ts";

export class NeedleSearch {
  readonly #automata: NeedleAutomaton[] = [];

  /** `needles`: distinct, non-empty; `scan` reports their indexes. */
  constructor(needles: readonly string[], maxTable = MAX_TABLE) {
    let start = 0;
    let states = 0;
    const units = new Set<number>();
    const flush = (end: number) => {
      if (end > start) this.#automata.push(new NeedleAutomaton(needles.slice(start, end), start));
      start = end;
      states = 0;
      units.clear();
    };
    for (let i = 0; i < needles.length; i++) {
      const needle = needles[i]!;
      const added = new Set(units);
      for (let k = 0; k < needle.length; k++) added.add(needle.charCodeAt(k));
      if (i > start && tableSize(states + needle.length, added.size) > maxTable) {
        flush(i);
        for (let k = 0; k < needle.length; k++) units.add(needle.charCodeAt(k));
      } else {
        for (const u of added) units.add(u);
      }
      states += needle.length;
    }
    flush(needles.length);
  }

  /** How many automata a text passes through. */
  get passes(): number {
    return this.#automata.length;
  }

  /** Marks in `seen` every needle found in `text`, appends the newly seen to `out` from `count`; the new count. */
  scan(text: string, seen: Uint8Array, out: Int32Array, count: number): number {
    for (let a = 0; a < this.#automata.length; a++) count = this.#automata[a]!.scan(text, seen, out, count);
    return count;
  }
}
