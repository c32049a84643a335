/**
 * The `matches` patterns of one field, run together: an RE2Set searches a text for all of them in one linear-time
 * pass, and a bounded memo answers repeated texts (bank descriptions repeat) without searching again. In printable
 * ASCII text, a pattern whose required literals (pattern-literals.ts) are all absent is not searched: when at most one
 * pattern remains, it alone is searched. When a set cannot be built, each pattern is searched on its own (same
 * answers, more passes). The field index (field-text-index.ts) searches printable-ASCII text pattern by pattern with
 * `testAscii`: the pattern's own program run with bit sets (ascii-program.ts), else re2js.
 */
import type { RE2JS, RE2Set } from "re2js";
import { type AsciiProgram, asciiProgramCached } from "./ascii-program.ts";
import { patternLiteralsOf } from "./pattern-literals.ts";
import { re2 } from "./re2.ts";

const MAX_MEMO = 10_000;
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

export class PatternGroup {
  readonly #patterns: string[] = [];
  readonly #regexes: RE2JS[] = [];
  /** Per pattern: its program for printable-ASCII text (ascii-program.ts), or null (re2js searches). */
  readonly #ascii: (AsciiProgram | null)[] = [];
  /** Per pattern: literals one of which every match contains in printable-ASCII text, or null. */
  readonly #literals: (readonly string[] | null)[] = [];
  /** Per pattern: whether its literals decide it (decisiveLiterals): in printable-ASCII text, found ⇔ matched. */
  readonly #decisive: boolean[] = [];
  #set: RE2Set | null | undefined;
  readonly #memo = new Map<string, Uint8Array>();
  #none: Uint8Array | undefined;

  /** Adds a compiled pattern (deduplicated by its text); returns its slot in the group's answers. */
  add(pattern: string, regex: RE2JS): number {
    const at = this.#patterns.indexOf(pattern);
    if (at >= 0) return at;
    this.#patterns.push(pattern);
    this.#regexes.push(regex);
    this.#ascii.push(asciiProgramCached(regex));
    const { decisive, literals } = patternLiteralsOf(pattern, regex);
    this.#literals.push(literals);
    this.#decisive.push(decisive !== null);
    return this.#patterns.length - 1;
  }

  get size(): number {
    return this.#patterns.length;
  }

  /** Forgets the texts searched so far (the memo), keeping the compiled patterns. */
  forget(): void {
    this.#memo.clear();
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

  /** Per pattern: literals one of which every match in printable-ASCII text contains, or null (no prefilter). */
  literalsOf(slot: number): readonly string[] | null {
    return this.#literals[slot]!;
  }

  /** Whether the pattern's literals decide it: in printable-ASCII text it matches exactly when one of them occurs. */
  isDecisive(slot: number): boolean {
    return this.#decisive[slot]!;
  }

  /** Whether pattern `slot` is found in printable-ASCII `text`, searched on its own. */
  testAscii(slot: number, text: string): boolean {
    const program = this.#ascii[slot];
    return program !== null && program !== undefined ? program.test(text) : this.#regexes[slot]!.test(text);
  }

  /** One byte per slot: 1 where that pattern is found in `text` (already NFKC-normalized). */
  search(text: string): Uint8Array {
    return this.searchAmong(text, this.#candidates(text));
  }

  /**
   * As `search`, given the patterns that can match `text` (`candidates`, ascending; null: all can) and those known to
   * match (`known`: decided by their literals, decisiveLiterals). Every other pattern must be impossible (a required
   * literal of each is absent from printable-ASCII `text`): its answer is 0 unsearched. The answers are true answers
   * for every pattern (so the memo may give them to any later caller). The result is shared: read it, never change
   * it.
   */
  searchAmong(text: string, candidates: readonly number[] | null, known: readonly number[] = []): Uint8Array {
    if (candidates !== null && candidates.length === 0 && known.length === 0) {
      return this.#none ??= new Uint8Array(this.#patterns.length);
    }
    let hits = this.#memo.get(text);
    if (hits !== undefined) return hits;
    hits = new Uint8Array(this.#patterns.length);
    for (let i = 0; i < known.length; i++) hits[known[i]!] = 1;
    if (candidates !== null && candidates.length <= 1) {
      // Only one pattern is left to search (the others lack a required literal or are known): one search, or none.
      if (candidates.length === 1) hits[candidates[0]!] = this.#regexes[candidates[0]!]!.test(text) ? 1 : 0;
      this.#remember(text, hits);
      return hits;
    }
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
    this.#remember(text, hits);
    return hits;
  }

  #remember(text: string, hits: Uint8Array): void {
    if (this.#memo.size >= MAX_MEMO) this.#memo.clear();
    this.#memo.set(text, hits);
  }

  /** The patterns that can match printable-ASCII `text` (null: not such text, all can). */
  #candidates(text: string): number[] | null {
    if (!PRINTABLE_ASCII.test(text)) return null;
    const lower = text.toLowerCase();
    const out: number[] = [];
    for (let p = 0; p < this.#literals.length; p++) {
      const literals = this.#literals[p]!;
      let possible = literals === null;
      for (let k = 0; !possible && k < literals!.length; k++) possible = lower.includes(literals![k]!);
      if (possible) out.push(p);
    }
    return out;
  }
}
