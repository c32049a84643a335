/**
 * A compiled RE2 pattern run over printable-ASCII text without re2js's matcher: the very program re2js compiled
 * (its instructions, case folding and classes included) simulated as a set of states held in one integer, one bit per
 * instruction that reads a character. Every step is a table lookup and a few bit operations; nothing is allocated per
 * search. Zero-width assertions (`^`, `$`, `\b`, `\B`, `\A`, `\z`) are resolved by the context between two
 * characters (start or end of text, word character or not on each side), of which there are 16: the closures
 * (which instructions are reached without reading a character) are precomputed for each.
 *
 * Only for printable-ASCII text (every character one code unit below 128, no line break) and programs of at most 29
 * reading instructions; `asciiProgramOf` gives null for any other program, and the caller searches with re2js. The
 * answer is RE2's unanchored search: does the pattern match anywhere in the text. The tests check it against re2js on
 * random patterns and texts.
 */
import type { RE2JS } from "re2js";

/** re2js's instruction codes (Inst) and empty-width flags (Utils.EMPTY_*), as re2js 2.x defines them. */
const ALT = 1;
const ALT_MATCH = 2;
const CAPTURE = 3;
const EMPTY_WIDTH = 4;
const FAIL = 5;
const MATCH = 6;
const NOP = 7;
const RUNE = 8; // RUNE1 (9) and RUNE_ANY (10) lie between RUNE and RUNE_ANY_NOT_NL
const RUNE_ANY = 10;
const RUNE_ANY_NOT_NL = 11;
const EMPTY_BEGIN_LINE = 1;
const EMPTY_END_LINE = 2;
const EMPTY_BEGIN_TEXT = 4;
const EMPTY_END_TEXT = 8;
const EMPTY_WORD_BOUNDARY = 16;
const EMPTY_NO_WORD_BOUNDARY = 32;

/** The most reading instructions a program may have: their bits and the match bit stay below 2^30. */
export const MAX_ASCII_STATES = 29;

interface Inst {
  readonly op: number;
  readonly out: number;
  readonly arg: number;
  matchRune(r: number): boolean;
}

interface Prog {
  readonly inst: readonly Inst[];
  readonly start: number;
  readonly numLb?: number;
}

/** 1 for ASCII word characters (`\w`: 0-9, A-Z, a-z, _), as RE2's `\b` reads them. */
const WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  WORD[c] = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 ? 1 : 0;
}

/**
 * The empty-width flags that hold between two characters, by context index: bit 0 start of text, bit 1 end of text,
 * bit 2 a word character before, bit 3 a word character after (as re2js's Utils.emptyOpContext).
 */
function contextFlags(context: number): number {
  let flags = 0;
  if ((context & 1) !== 0) flags |= EMPTY_BEGIN_TEXT | EMPTY_BEGIN_LINE;
  if ((context & 2) !== 0) flags |= EMPTY_END_TEXT | EMPTY_END_LINE;
  const before = (context >> 2) & 1;
  const after = (context >> 3) & 1;
  flags |= before !== after ? EMPTY_WORD_BOUNDARY : EMPTY_NO_WORD_BOUNDARY;
  return flags;
}

export class AsciiProgram {
  /** Per character code: the reading instructions (bits) that accept it. */
  readonly #accept: Int32Array;
  /** Per context × reading instruction: the states reached after it reads (closure of its `out`). */
  readonly #after: Int32Array;
  /** Per context: the states a search starting there is in (closure of the program's start). */
  readonly #start: Int32Array;
  readonly #states: number;
  readonly #matchBit: number;

  constructor(accept: Int32Array, after: Int32Array, start: Int32Array, states: number) {
    this.#accept = accept;
    this.#after = after;
    this.#start = start;
    this.#states = states;
    this.#matchBit = 1 << states;
  }

  /** Whether the pattern matches somewhere in `text`, which must be printable ASCII. */
  test(text: string): boolean {
    const accept = this.#accept;
    const after = this.#after;
    const start = this.#start;
    const states = this.#states;
    const matchBit = this.#matchBit;
    const n = text.length;
    let previousWord = 0;
    let c = n > 0 ? text.charCodeAt(0) : -1;
    // Context at position 0: start of text, no word before.
    let set = start[1 | (n === 0 ? 2 : 0) | (c >= 0 ? WORD[c]! << 3 : 0)]!;
    if ((set & matchBit) !== 0) return true;
    for (let i = 0; i < n; i++) {
      let active = set & accept[c]!;
      previousWord = WORD[c]!;
      c = i + 1 < n ? text.charCodeAt(i + 1) : -1;
      const context = (c < 0 ? 2 : WORD[c]! << 3) | (previousWord << 2);
      // A search may also start at the next position (unanchored).
      set = start[context]!;
      const base = context * states;
      while (active !== 0) {
        const low = active & -active;
        set |= after[base + 31 - Math.clz32(low)]!;
        active ^= low;
      }
      if ((set & matchBit) !== 0) return true;
    }
    return false;
  }
}

/** The ASCII program of a pattern compiled by re2js, or null when it cannot be one (then re2js searches). */
export function asciiProgramOf(regex: RE2JS): AsciiProgram | null {
  const prog = (regex as unknown as { re2Input?: { prog?: Prog } }).re2Input?.prog;
  if (prog === undefined || !Array.isArray(prog.inst) || (prog.numLb ?? 0) !== 0) return null;
  const inst = prog.inst;
  // Reading instructions get bits 0…states-1.
  const bit = new Int32Array(inst.length).fill(-1);
  let states = 0;
  for (let pc = 0; pc < inst.length; pc++) {
    const op = inst[pc]!.op;
    if (op >= RUNE && op <= RUNE_ANY_NOT_NL) {
      if (states === MAX_ASCII_STATES) return null;
      bit[pc] = states++;
    } else if (op < ALT || op > NOP) return null; // an instruction this runner does not know
  }
  const matchBit = 1 << states;
  const accept = new Int32Array(128);
  for (let pc = 0; pc < inst.length; pc++) {
    const b = bit[pc]!;
    if (b < 0) continue;
    const i = inst[pc]!;
    for (let c = 0; c < 128; c++) {
      const ok = i.op === RUNE_ANY ? true : i.op === RUNE_ANY_NOT_NL ? c !== 10 : i.matchRune(c);
      if (ok) accept[c]! |= 1 << b;
    }
  }
  const closure = (from: number, flags: number): number => {
    let set = 0;
    const seen = new Uint8Array(inst.length);
    const stack = [from];
    while (stack.length > 0) {
      const pc = stack.pop()!;
      if (seen[pc] === 1) continue;
      seen[pc] = 1;
      const i = inst[pc]!;
      switch (i.op) {
        case ALT:
        case ALT_MATCH:
          stack.push(i.arg, i.out);
          break;
        case CAPTURE:
        case NOP:
          stack.push(i.out);
          break;
        case EMPTY_WIDTH:
          if ((i.arg & ~flags) === 0) stack.push(i.out);
          break;
        case MATCH:
          set |= matchBit;
          break;
        case FAIL:
          break;
        default:
          set |= 1 << bit[pc]!;
      }
    }
    return set;
  };
  const start = new Int32Array(16);
  const after = new Int32Array(16 * states);
  for (let context = 0; context < 16; context++) {
    const flags = contextFlags(context);
    start[context] = closure(prog.start, flags);
    for (let pc = 0; pc < inst.length; pc++) {
      const b = bit[pc]!;
      if (b >= 0) after[context * states + b] = closure(inst[pc]!.out, flags);
    }
  }
  return new AsciiProgram(accept, after, start, states);
}

const programs = new WeakMap<RE2JS, AsciiProgram | null>();

/** asciiProgramOf, kept per compiled pattern (patterns are compiled once and cached, pattern-cache.ts). */
export function asciiProgramCached(regex: RE2JS): AsciiProgram | null {
  let program = programs.get(regex);
  if (program === undefined) {
    program = asciiProgramOf(regex);
    programs.set(regex, program);
  }
  return program;
}
