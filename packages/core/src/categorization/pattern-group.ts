/**
 * The `matches` patterns of one field, run together: an RE2Set searches a text for all of them in one linear-time
 * pass, and a bounded memo answers repeated texts (bank descriptions repeat) without searching again. When a set
 * cannot be built, each pattern is searched on its own (same answers, more passes).
 */
import type { RE2JS, RE2Set } from "re2js";
import { re2 } from "./re2.ts";

const MAX_MEMO = 10_000;

export class PatternGroup {
  readonly #patterns: string[] = [];
  readonly #regexes: RE2JS[] = [];
  #set: RE2Set | null | undefined;
  readonly #memo = new Map<string, Uint8Array>();

  /** Adds a compiled pattern (deduplicated by its text); returns its slot in the group's answers. */
  add(pattern: string, regex: RE2JS): number {
    const at = this.#patterns.indexOf(pattern);
    if (at >= 0) return at;
    this.#patterns.push(pattern);
    this.#regexes.push(regex);
    return this.#patterns.length - 1;
  }

  get size(): number {
    return this.#patterns.length;
  }

  #buildSet(): RE2Set | null {
    try {
      const { RE2Set: PatternSet, RE2JS: Engine } = re2();
      const set = new PatternSet(PatternSet.UNANCHORED, Engine.CASE_INSENSITIVE);
      for (const p of this.#patterns) set.add(p);
      set.compile();
      return set;
    } catch {
      return null;
    }
  }

  /** One byte per slot: 1 where that pattern is found in `text` (already NFKC-normalized). */
  search(text: string): Uint8Array {
    let hits = this.#memo.get(text);
    if (hits !== undefined) return hits;
    hits = new Uint8Array(this.#patterns.length);
    if (this.#set === undefined) this.#set = this.#patterns.length > 1 ? this.#buildSet() : null;
    let found: number[] | null = null;
    if (this.#set !== null) {
      try {
        found = this.#set.match(text);
      } catch {
        found = null;
      }
    }
    if (found !== null) { for (const slot of found) hits[slot] = 1; }
    else for (let i = 0; i < this.#regexes.length; i++) hits[i] = this.#regexes[i]!.test(text) ? 1 : 0;
    if (this.#memo.size >= MAX_MEMO) this.#memo.clear();
    this.#memo.set(text, hits);
    return hits;
  }
}
