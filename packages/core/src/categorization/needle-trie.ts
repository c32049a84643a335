/**
 * The needles' trie as CodeUnitTrie (code-unit-trie.ts) and NeedleAutomaton (needle-automaton.ts) build it: code units
 * numbered into classes (0: in no needle; ASCII in an array, the rest in a map), states with their children in maps,
 * and per state the index of the needle that ends there (-1: none). With `foldAsciiCase` the classes of A–Z are those
 * of a–z, so a text's capitals read as small letters (then no needle may contain A–Z: `owner` names the class that
 * refuses one).
 *
 * A needle may be anchored (NeedleAutomaton): to the text's start, its end, or both (the whole text). Its path then
 * begins with the class `start` and ends with the class `end`, two classes no code unit has, which the automaton reads
 * before a text's first code unit and after its last: such a needle can only be found there.
 */

/** Where a needle must occur: anywhere in the text, at its start, at its end, or as the whole text. */
export const ANYWHERE = 0;
export const AT_START = 1;
export const AT_END = 2;
export const WHOLE = AT_START | AT_END;

export interface NeedleTrie {
  readonly ascii: Int32Array;
  readonly other: Map<number, number>;
  /** Number of classes, 0 included. */
  readonly classes: number;
  readonly children: Map<number, number>[];
  readonly own: number[];
  /** The classes read before a text's first code unit and after its last; 0 when no needle is so anchored. */
  readonly start: number;
  readonly end: number;
}

/**
 * `needles`: non-empty; `anchors[i]` (ANYWHERE when absent) where needle `i` must occur; no two needles with the
 * same text and anchor.
 */
export function buildNeedleTrie(
  needles: readonly string[],
  foldAsciiCase: boolean,
  owner: string,
  anchors?: ArrayLike<number>,
): NeedleTrie {
  const ascii = new Int32Array(128);
  const other = new Map<number, number>();
  let classes = 1;
  let start = 0;
  let end = 0;
  if (anchors !== undefined) {
    for (let i = 0; i < needles.length; i++) {
      if ((anchors[i]! & AT_START) !== 0 && start === 0) start = classes++;
      if ((anchors[i]! & AT_END) !== 0 && end === 0) end = classes++;
    }
  }
  const classOf = (u: number): number => {
    if (u < 128) {
      if (ascii[u] === 0) ascii[u] = classes++;
      return ascii[u]!;
    }
    let c = other.get(u);
    if (c === undefined) other.set(u, c = classes++);
    return c;
  };
  const children: Map<number, number>[] = [new Map()];
  const own: number[] = [-1];
  needles.forEach((needle, id) => {
    let s = 0;
    const step = (c: number) => {
      let t = children[s]!.get(c);
      if (t === undefined) {
        t = children.length;
        children.push(new Map());
        own.push(-1);
        children[s]!.set(c, t);
      }
      s = t;
    };
    const anchor = anchors?.[id] ?? ANYWHERE;
    if ((anchor & AT_START) !== 0) step(start);
    const n = needle.length;
    for (let k = 0; k < n; k++) step(classOf(needle.charCodeAt(k)));
    if ((anchor & AT_END) !== 0) step(end);
    own[s] = id;
  });
  if (foldAsciiCase) {
    for (let u = 65; u <= 90; u++) {
      if (ascii[u] !== 0) throw new TypeError(`${owner}: a needle has a capital A–Z`);
      ascii[u] = ascii[u + 32]!;
    }
  }
  return { ascii, other, classes, children, own, start, end };
}
