/**
 * The needles' trie as CodeUnitTrie (affix-index.ts) and NeedleAutomaton (needle-automaton.ts) build it: code units
 * numbered into classes (0: in no needle; ASCII in an array, the rest in a map), states with their children in maps,
 * and per state the index of the needle that ends there (-1: none). With `foldAsciiCase` the classes of A–Z are those
 * of a–z, so a text's capitals read as small letters (then no needle may contain A–Z: `owner` names the class that
 * refuses one).
 */
export interface NeedleTrie {
  readonly ascii: Int32Array;
  readonly other: Map<number, number>;
  /** Number of classes, 0 included. */
  readonly classes: number;
  readonly children: Map<number, number>[];
  readonly own: number[];
}

/** `needles`: distinct, non-empty, each read from its end when `reversed`. */
export function buildNeedleTrie(
  needles: readonly string[],
  reversed: boolean,
  foldAsciiCase: boolean,
  owner: string,
): NeedleTrie {
  const ascii = new Int32Array(128);
  const other = new Map<number, number>();
  let classes = 1;
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
    const n = needle.length;
    for (let k = 0; k < n; k++) {
      const c = classOf(needle.charCodeAt(reversed ? n - 1 - k : k));
      let t = children[s]!.get(c);
      if (t === undefined) {
        t = children.length;
        children.push(new Map());
        own.push(-1);
        children[s]!.set(c, t);
      }
      s = t;
    }
    own[s] = id;
  });
  if (foldAsciiCase) {
    for (let u = 65; u <= 90; u++) {
      if (ascii[u] !== 0) throw new TypeError(`${owner}: a needle has a capital A–Z`);
      ascii[u] = ascii[u + 32]!;
    }
  }
  return { ascii, other, classes, children, own };
}
