/**
 * The text conditions of one field (description, counterparty, text or account), indexed so that one transaction's
 * field meets all of them with a few passes whatever their number (API.md §10.1 semantics unchanged):
 *
 * - `contains`, `starts_with`, `ends_with`, `equals` and `one_of`: one NeedleSearch pass over the folded text for all
 *   values (affixes as needles anchored to the text's start or end, equal values to both), which also finds the
 *   required literals of the `matches` patterns (pattern-literals.ts), so a pattern none of whose literals occurs is
 *   not searched;
 * - `key_equals`: the keys in a hash map and a trie;
 * - `matches`: the patterns that remain possible; a pattern decided by its literals is not searched at all, the
 *   others are searched one by one (printable ASCII: the pattern's program as bit sets, ascii-program.ts) or, in
 *   other text, together by the field's PatternGroup.
 *
 * Each condition has a slot; `collect` appends the slots of the conditions the field meets. `collectClean` does the
 * same for a printable-ASCII text that folding would only lower-case (isCleanAscii, the common case) without building
 * any form of it: every search reads its A–Z as a–z (the tries walk it, the hash maps are not used), and patterns
 * search the text itself. `collectMemoIfClean` answers a repeated text from a memo (text-memo.ts).
 */
import { CodeUnitTrie } from "./code-unit-trie.ts";
import { type FieldForms, firstKeyWord, isCleanAscii, keyOf } from "./field-forms.ts";
import { NeedleSearch } from "./needle-search.ts";
import { ANYWHERE, AT_END, AT_START, WHOLE } from "./needle-trie.ts";
import { PatternGroup } from "./pattern-group.ts";
import { TextMemo } from "./text-memo.ts";
import type { RE2JS } from "re2js";

function addTo(map: Map<string, number[]>, value: string, slot: number): void {
  const list = map.get(value);
  if (list === undefined) map.set(value, [slot]);
  else list.push(slot);
}

export class FieldTextIndex {
  used = false;
  readonly #equal = new Map<string, number[]>();
  readonly #keys = new Map<string, number[]>();
  readonly #contains = new Map<string, number[]>();
  readonly #startsWith = new Map<string, number[]>();
  readonly #endsWith = new Map<string, number[]>();
  readonly #patterns = new PatternGroup();
  /** For each pattern of the group: the condition slots that use it. */
  readonly #patternSlots: number[][] = [];
  /** What clean texts met, for texts that repeat. */
  readonly #memo = new TextMemo();

  // Built by `finish`.
  /** First words of the `key_equals` keys (what firstKeyWord gives). */
  #keyFirstWords = new Set<string>();
  /** The `key_equals` keys in a trie, with their slots; null: none. */
  #keyTrie: CodeUnitTrie | null = null;
  #keySlots: (readonly number[])[] = [];
  #needles: NeedleSearch | null = null;
  /** The needles of `#needles`, by id, and where each must occur (needle-trie.ts). */
  #needleList: readonly string[] = [];
  #needleAnchors: readonly number[] = [];
  /** Per needle: the slots of the conditions it meets (contains, affixes, equal values), or null (a literal only). */
  #needleSlots: (readonly number[] | null)[] = [];
  /** Per needle: the patterns it makes possible (it is one of their required literals), or null. */
  #needlePatterns: (readonly number[] | null)[] = [];
  /** Patterns without a prefilter: always possible. */
  #alwaysPossible: number[] = [];
  /** Per pattern: 1 when its literals decide it in printable-ASCII text (no RE2 search needed there). */
  #decisive = new Uint8Array(0);
  // Scratch (evaluation is synchronous).
  #seen = new Uint8Array(0);
  #found = new Int32Array(0);
  #possible = new Uint8Array(0);

  addEquals(folded: string, slot: number): void {
    addTo(this.#equal, folded, slot);
  }

  addKey(key: string, slot: number): void {
    addTo(this.#keys, key, slot);
  }

  addContains(folded: string, slot: number): void {
    addTo(this.#contains, folded, slot);
  }

  addStartsWith(folded: string, slot: number): void {
    addTo(this.#startsWith, folded, slot);
  }

  addEndsWith(folded: string, slot: number): void {
    addTo(this.#endsWith, folded, slot);
  }

  addPattern(pattern: string, regex: RE2JS, slot: number): void {
    const p = this.#patterns.add(pattern, regex);
    (this.#patternSlots[p] ??= []).push(slot);
  }

  /** Builds the searches; call once, after the last `add…`. */
  finish(): void {
    for (const key of this.#keys.keys()) this.#keyFirstWords.add(key.split(" ", 1)[0]!);
    if (this.#keys.size > 0) {
      this.#keyTrie = new CodeUnitTrie([...this.#keys.keys()]);
      this.#keySlots = [...this.#keys.values()];
    }
    // The needles: `contains` values, then `starts_with` and `ends_with` values anchored to the text's start and end,
    // `equals` and `one_of` values anchored to both, then the patterns' literals that are no `contains` value. Needles
    // are distinct by text and anchor.
    const all: string[] = [];
    const anchors: number[] = [];
    const needleSlots: (readonly number[] | null)[] = [];
    const lists = [
      [this.#contains, ANYWHERE],
      [this.#startsWith, AT_START],
      [this.#endsWith, AT_END],
      [this.#equal, WHOLE],
    ] as const;
    for (const [map, anchor] of lists) {
      for (const [value, slots] of map) {
        all.push(value);
        anchors.push(anchor);
        needleSlots.push(slots);
      }
    }
    const literalIndex = new Map<string, number[]>();
    for (let p = 0; p < this.#patterns.size; p++) {
      const literals = this.#patterns.literalsOf(p);
      if (literals === null) this.#alwaysPossible.push(p);
      else for (const literal of new Set(literals)) addTo(literalIndex, literal, p);
    }
    // A literal that is also a contains value is that value's needle.
    const ids = new Map([...this.#contains.keys()].map((needle, id) => [needle, id]));
    const needlePatterns: (number[] | null)[] = all.map(() => null);
    for (const [literal, patterns] of literalIndex) {
      let id = ids.get(literal);
      if (id === undefined) {
        id = all.push(literal) - 1;
        anchors.push(ANYWHERE);
        needleSlots.push(null);
        needlePatterns.push(null);
      }
      needlePatterns[id] = patterns;
    }
    this.#needlePatterns = needlePatterns;
    this.#needleSlots = needleSlots;
    // Needles are folded values and lower-case literals: no A–Z, so the text's A–Z may be read as a–z.
    this.#needles = all.length === 0 ? null : new NeedleSearch(all, undefined, undefined, true, anchors);
    this.#needleList = all;
    this.#needleAnchors = anchors;
    this.#seen = new Uint8Array(all.length);
    this.#found = new Int32Array(all.length);
    this.#possible = new Uint8Array(this.#patterns.size);
    this.#decisive = Uint8Array.from({ length: this.#patterns.size }, (_, p) => (this.#patterns.isDecisive(p) ? 1 : 0));
  }

  /** Appends to `out` from `count` the slots of the conditions that the field's `forms` meet; the new count. */
  collect(forms: FieldForms, out: Int32Array, count: number): number {
    const folded = forms.folded;
    if (folded === "") return count; // a missing, empty or all-white-space field meets no text condition
    if (this.#keys.size > 0) {
      const word = firstKeyWord(forms);
      const key = word === null || this.#keyFirstWords.has(word) ? this.#keys.get(keyOf(forms)) : undefined;
      if (key !== undefined) count = append(key, out, count);
    }
    const patterns = this.#patterns.size;
    if (this.#needles === null) {
      if (patterns > 0) count = this.#collectAllPatterns(forms, out, count);
      return count;
    }
    const seen = this.#seen;
    const found = this.#found;
    // The literals are looked for in the lower-cased text; when folding changed nothing but the case (no white
    // space to collapse or trim) that is the folded text, searched once for both.
    const literalsInFolded = forms.ascii && forms.lower === folded;
    let n = this.#needles.scan(folded, seen, found, 0);
    count = this.#collectNeedleSlots(found, n, out, count);
    if (patterns > 0) {
      if (forms.ascii) {
        if (!literalsInFolded) {
          for (let i = 0; i < n; i++) seen[found[i]!] = 0;
          n = this.#needles.scan(forms.lower, seen, found, 0);
        }
        count = this.#collectPossiblePatterns(forms.nfkc, found, n, out, count);
      } else count = this.#collectAllPatterns(forms, out, count);
    }
    for (let i = 0; i < n; i++) seen[found[i]!] = 0;
    return count;
  }

  /**
   * `collectClean` for a text not yet classified, answered from the memo when the text was met before: a text the
   * memo holds was clean (it holds no other), so it is answered without being read; any other is classified
   * (isCleanAscii) first. -1, with nothing appended, when it is not clean: the caller then folds it and calls
   * `collect`.
   */
  collectMemoIfClean(raw: string, out: Int32Array, count: number): number {
    const memo = this.#memo;
    if (memo.on) {
      const slots = memo.get(raw);
      if (slots !== undefined) {
        for (let i = 0; i < slots.length; i++) out[count++] = slots[i]!;
        return count;
      }
    }
    if (!isCleanAscii(raw)) return -1;
    const end = this.collectClean(raw, out, count);
    if (memo.on) memo.set(raw, out.slice(count, end));
    return end;
  }

  /**
   * As `collect`, for a text that isCleanAscii: its folded, lower-cased and NFKC forms are the text with A–Z read as
   * a–z (the searches read it so), and the text itself for RE2. No string is built: keys are found by a walk of their
   * trie along the text's key as it is read.
   */
  collectClean(raw: string, out: Int32Array, count: number): number {
    const needles = this.#needles;
    if (needles === null) return this.collectCleanFound(raw, this.#found, 0, out, count);
    const seen = this.#seen;
    const found = this.#found;
    const n = needles.scan(raw, seen, found, 0);
    count = this.collectCleanFound(raw, found, n, out, count);
    for (let i = 0; i < n; i++) seen[found[i]!] = 0;
    return count;
  }

  /**
   * `collectClean` for a text not yet classified: the needle search reads on the same pass whether it is clean
   * (isCleanAscii). -1, with nothing appended, when it is not: the caller then folds it and calls `collect`.
   */
  collectIfClean(raw: string, out: Int32Array, count: number): number {
    const needles = this.#needles;
    if (needles === null) return isCleanAscii(raw) ? this.collectCleanFound(raw, this.#found, 0, out, count) : -1;
    const seen = this.#seen;
    const found = this.#found;
    const n = needles.scan(raw, seen, found, 0);
    count = needles.clean ? this.collectCleanFound(raw, found, n, out, count) : -1;
    for (let i = 0; i < n; i++) seen[found[i]!] = 0;
    return count;
  }

  /** Entries of the field's needle automata (NeedleSearch tableEntries). */
  get tableEntries(): number {
    return this.#needles?.tableEntries ?? 0;
  }

  /**
   * Forgets the texts met so far (the memo of repeated texts, the patterns' memo), keeping everything compiled: a
   * compiled rule list reused for another request holds nothing of the one before.
   */
  forget(): void {
    this.#memo.clear();
    this.#patterns.forget();
  }

  /**
   * The needles (contains, starts_with, ends_with, equals and one_of values, pattern literals) the field searches for,
   * by id; empty when none.
   */
  get needles(): readonly string[] {
    return this.#needleList;
  }

  /** Where each of `needles` must occur (needle-trie.ts ANYWHERE, AT_START, AT_END, WHOLE). */
  get needleAnchors(): readonly number[] {
    return this.#needleAnchors;
  }

  /**
   * As `collectClean`, given the ids of the field's needles (`needles`) found in `raw`: `found[0…n)`, distinct (a
   * search shared with another field that reads the same text, JointNeedles, found them).
   */
  collectCleanFound(raw: string, found: Int32Array, n: number, out: Int32Array, count: number): number {
    const keyTrie = this.#keyTrie;
    if (keyTrie !== null) {
      const id = keyOfCleanIn(keyTrie, raw);
      if (id >= 0) count = append(this.#keySlots[id]!, out, count);
    }
    // One loop over the needles found: the conditions they meet, and the patterns whose literals they are.
    const needleSlots = this.#needleSlots;
    const needlePatterns = this.#needlePatterns;
    const possible = this.#possible;
    let marked = this.#alwaysPossible.length;
    for (let i = 0; i < n; i++) {
      const id = found[i]!;
      const slots = needleSlots[id]!;
      if (slots !== null) count = append(slots, out, count);
      const patterns = needlePatterns[id]!;
      if (patterns !== null) {
        for (let k = 0; k < patterns.length; k++) possible[patterns[k]!] = 1;
        marked++;
      }
    }
    return marked > 0 ? this.#testPossible(raw, out, count) : count;
  }

  /** The slots of the conditions met by the needles found, `found[0…n)` (a literal's are its patterns', later). */
  #collectNeedleSlots(found: Int32Array, n: number, out: Int32Array, count: number): number {
    const needleSlots = this.#needleSlots;
    for (let i = 0; i < n; i++) {
      const slots = needleSlots[found[i]!]!;
      if (slots !== null) count = append(slots, out, count);
    }
    return count;
  }

  /**
   * The patterns met by printable-ASCII text `nfkc` whose lower-cased form holds the needles `found[0…n)`: a pattern
   * none of whose literals is there cannot match; one decided by its literals matches; the rest are searched, each
   * on its own (PatternGroup.testAscii).
   */
  #collectPossiblePatterns(nfkc: string, found: Int32Array, n: number, out: Int32Array, count: number): number {
    const possible = this.#possible;
    for (let i = 0; i < n; i++) {
      const patterns = this.#needlePatterns[found[i]!]!;
      if (patterns !== null) { for (let k = 0; k < patterns.length; k++) possible[patterns[k]!] = 1; }
    }
    return this.#testPossible(nfkc, out, count);
  }

  /**
   * The slots of the patterns marked in `#possible` (and of those without literals, always possible) that
   * printable-ASCII `nfkc` meets; clears the marks.
   */
  #testPossible(nfkc: string, out: Int32Array, count: number): number {
    const possible = this.#possible;
    const always = this.#alwaysPossible;
    for (let i = 0; i < always.length; i++) possible[always[i]!] = 1;
    for (let p = 0; p < possible.length; p++) {
      if (possible[p] === 1) {
        possible[p] = 0;
        if (this.#decisive[p] === 1 || this.#patterns.testAscii(p, nfkc)) {
          count = append(this.#patternSlots[p]!, out, count);
        }
      }
    }
    return count;
  }

  /** Every pattern searched (text that is not printable ASCII: no literal prefilter). */
  #collectAllPatterns(forms: FieldForms, out: Int32Array, count: number): number {
    const hits = this.#patterns.search(forms.nfkc);
    for (let p = 0; p < hits.length; p++) if (hits[p] === 1) count = append(this.#patternSlots[p]!, out, count);
    return count;
  }
}

/**
 * The key (of a `key_equals` trie) that printable-ASCII `raw` has as its recurring key, or -1: the key read as the
 * text is walked (letters lower-cased, one space between runs of them) and fed to the trie, which stops at the first
 * code unit no key has.
 */
function keyOfCleanIn(trie: CodeUnitTrie, raw: string): number {
  let state = 0;
  let letters = false;
  let gap = false;
  for (let i = 0; i < raw.length; i++) {
    let c = raw.charCodeAt(i);
    if (c >= 65 && c <= 90) c += 32;
    if (c >= 97 && c <= 122) {
      if (gap && letters && (state = trie.step(state, 0x20)) === 0) return -1;
      if ((state = trie.step(state, c)) === 0) return -1;
      letters = true;
      gap = false;
    } else gap = true;
  }
  return letters ? trie.own(state) : -1;
}

function append(slots: readonly number[], out: Int32Array, count: number): number {
  for (let k = 0; k < slots.length; k++) out[count++] = slots[k]!;
  return count;
}

/**
 * One needle search for two fields that read the same text (`description` and `text` when the transaction has no
 * counterparty): the union of their needles in one NeedleSearch, each found needle handed to the fields that have it
 * under their own ids. One pass over the description instead of two.
 */
export class JointNeedles {
  readonly #search: NeedleSearch;
  /** Per joint needle: its id in the first field, or -1; likewise the second. */
  readonly #firstId: Int32Array;
  readonly #secondId: Int32Array;
  readonly #seen: Uint8Array;
  readonly #found: Int32Array;
  /** The first field's found needles (its ids), `firstCount` of them; likewise the second's. */
  readonly firstFound: Int32Array;
  readonly secondFound: Int32Array;
  firstCount = 0;
  secondCount = 0;

  /** Each field's needles and their anchors (FieldTextIndex `needles`, `needleAnchors`). */
  constructor(
    first: readonly string[],
    second: readonly string[],
    firstAnchors: readonly number[],
    secondAnchors: readonly number[],
  ) {
    const all = [...first];
    const anchors = [...firstAnchors];
    // A needle is its anchor and its text: the same text anchored differently is another needle.
    const keyOf = (needle: string, anchor: number) => `${anchor}:${needle}`;
    const ids = new Map(first.map((needle, id) => [keyOf(needle, firstAnchors[id]!), id]));
    const secondOf: number[] = [];
    for (let k = 0; k < second.length; k++) {
      const key = keyOf(second[k]!, secondAnchors[k]!);
      let id = ids.get(key);
      if (id === undefined) {
        id = all.push(second[k]!) - 1;
        anchors.push(secondAnchors[k]!);
        ids.set(key, id);
      }
      secondOf.push(id);
    }
    this.#firstId = new Int32Array(all.length).fill(-1);
    this.#secondId = new Int32Array(all.length).fill(-1);
    for (let k = 0; k < first.length; k++) this.#firstId[k] = k;
    for (let k = 0; k < second.length; k++) this.#secondId[secondOf[k]!] = k;
    this.#search = new NeedleSearch(all, undefined, undefined, true, anchors);
    this.#seen = new Uint8Array(all.length);
    this.#found = new Int32Array(all.length);
    this.firstFound = new Int32Array(Math.max(1, first.length));
    this.secondFound = new Int32Array(Math.max(1, second.length));
  }

  /** Entries of the joint search's automata (NeedleSearch tableEntries). */
  get tableEntries(): number {
    return this.#search.tableEntries;
  }

  /**
   * Searches `text` (A–Z read as a–z): fills `firstFound`/`firstCount` and `secondFound`/`secondCount`. Answers
   * whether the text is clean (isCleanAscii), read on the same pass; when it is not, the findings are of no use (a
   * field reads the folded text, not the raw one).
   */
  scan(text: string): boolean {
    const seen = this.#seen;
    const found = this.#found;
    const n = this.#search.scan(text, seen, found, 0);
    let a = 0;
    let b = 0;
    for (let i = 0; i < n; i++) {
      const id = found[i]!;
      seen[id] = 0;
      const x = this.#firstId[id]!;
      if (x >= 0) this.firstFound[a++] = x;
      const y = this.#secondId[id]!;
      if (y >= 0) this.secondFound[b++] = y;
    }
    this.firstCount = a;
    this.secondCount = b;
    return this.#search.clean;
  }
}
