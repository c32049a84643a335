/**
 * A prefilter for `matches` patterns: literal strings of which any match must contain at least one, read from the
 * pattern's text. A printable-ASCII field that contains none of them cannot match, so the RE2 search is skipped; the
 * answer is the same, only cheaper. Only a safe subset of RE2 syntax is read (literals, groups, alternation,
 * classes, `.`, anchors, the common escapes and quantifiers); anything else gives no prefilter (null) and the pattern
 * is always searched. Literals are lower-case printable ASCII: a non-ASCII literal could match ASCII text under case
 * folding (the Kelvin sign K matches "k"), so it gives no prefilter either.
 */

type Node =
  | { readonly t: "lit"; readonly c: string }
  | { readonly t: "any" }
  | { readonly t: "empty" }
  | { readonly t: "seq"; readonly items: Node[] }
  | { readonly t: "alt"; readonly items: Node[] }
  | { readonly t: "rep"; readonly node: Node; readonly min: number; readonly optional: boolean };

class Unsupported extends Error {}

const MAX_SET = 32;
const ZERO_WIDTH_ESCAPES = "bBAz";
const CLASS_ESCAPES = "dDwWsS";
const PRINTABLE_ASCII = /^[\x20-\x7e]$/;

function parse(pattern: string, seen: { assertion: boolean } = { assertion: false }): Node {
  let i = 0;
  const peek = () => pattern[i];

  function alternation(): Node {
    const items = [sequence()];
    while (peek() === "|") {
      i++;
      items.push(sequence());
    }
    return items.length === 1 ? items[0]! : { t: "alt", items };
  }

  function sequence(): Node {
    const items: Node[] = [];
    while (i < pattern.length && peek() !== "|" && peek() !== ")") {
      let node = atom();
      node = quantified(node);
      items.push(node);
    }
    return { t: "seq", items };
  }

  function quantified(node: Node): Node {
    for (;;) {
      const c = peek();
      let min: number;
      const optional = c === "?";
      if (c === "*" || c === "?") {
        i++;
        min = 0;
      } else if (c === "+") {
        i++;
        min = 1;
      } else if (c === "{") {
        const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(i));
        if (m === null) throw new Unsupported();
        i += m[0].length;
        min = Number(m[1]);
      } else return node;
      if (peek() === "?") i++; // lazy: same strings
      node = { t: "rep", node, min, optional };
    }
  }

  function atom(): Node {
    const c = pattern[i++]!;
    switch (c) {
      case "(": {
        if (peek() === "?") {
          if (pattern[i + 1] !== ":") throw new Unsupported(); // flags, names
          i += 2;
        }
        const inner = alternation();
        if (peek() !== ")") throw new Unsupported();
        i++;
        return inner;
      }
      case "[": {
        if (peek() === "^") i++;
        if (peek() === "]") i++;
        while (i < pattern.length && peek() !== "]") {
          if (peek() === "[") throw new Unsupported(); // [:alpha:] and other nested forms
          if (peek() === "\\") i++;
          i++;
        }
        if (peek() !== "]") throw new Unsupported();
        i++;
        return { t: "any" };
      }
      case ".":
        return { t: "any" };
      case "^":
      case "$":
        seen.assertion = true;
        return { t: "empty" };
      case "\\": {
        const e = pattern[i++];
        if (e === undefined) throw new Unsupported();
        if (ZERO_WIDTH_ESCAPES.includes(e)) {
          seen.assertion = true;
          return { t: "empty" };
        }
        if (CLASS_ESCAPES.includes(e)) return { t: "any" };
        if (e === "p" || e === "P") {
          if (peek() === "{") {
            const end = pattern.indexOf("}", i);
            if (end < 0) throw new Unsupported();
            i = end + 1;
          } else i++;
          return { t: "any" };
        }
        if (/[A-Za-z0-9]/.test(e)) throw new Unsupported(); // \x, \u, \Q, \n, digits, ...
        return lit(e);
      }
      case "*":
      case "+":
      case "?":
      case "{":
      case ")":
      case "|":
      case "]":
        throw new Unsupported();
      default:
        return lit(c);
    }
  }

  function lit(c: string): Node {
    if (!PRINTABLE_ASCII.test(c)) throw new Unsupported();
    return { t: "lit", c: c.toLowerCase() };
  }

  const node = alternation();
  if (i !== pattern.length) throw new Unsupported();
  return node;
}

interface Info {
  /** The node matches exactly one of these strings (null: unknown or too many). */
  readonly exact: Set<string> | null;
  /** Every match of the node contains one of these non-empty strings (null: no such set known). */
  readonly required: Set<string> | null;
}

function nonEmpty(set: Set<string> | null): Set<string> | null {
  if (set === null) return null;
  for (const s of set) if (s === "") return null;
  return set;
}

/** The shortest literal of a set: the larger, the more selective the prefilter. */
function strength(set: Set<string> | null): number {
  if (set === null) return -1;
  let min = Infinity;
  for (const s of set) min = Math.min(min, s.length);
  return min;
}

function info(node: Node): Info {
  switch (node.t) {
    case "lit":
      return { exact: new Set([node.c]), required: new Set([node.c]) };
    case "any":
      return { exact: null, required: null };
    case "empty":
      return { exact: new Set([""]), required: null };
    case "rep": {
      const inner = info(node.node);
      if (node.optional && inner.exact !== null && inner.exact.size < MAX_SET) {
        // `x?` matches nothing or exactly what x matches: "e\.?on" is "eon" or "e.on", not just "on".
        return { exact: new Set([...inner.exact, ""]), required: null };
      }
      return { exact: null, required: node.min >= 1 ? inner.required ?? nonEmpty(inner.exact) : null };
    }
    case "alt": {
      const parts = node.items.map(info);
      let exact: Set<string> | null = new Set();
      let required: Set<string> | null = new Set();
      for (const p of parts) {
        if (exact !== null && p.exact !== null) { for (const s of p.exact) exact.add(s); }
        else exact = null;
        const r = p.required ?? nonEmpty(p.exact);
        if (required !== null && r !== null) { for (const s of r) required.add(s); }
        else required = null;
      }
      if (exact !== null && exact.size > MAX_SET) exact = null;
      if (required !== null && required.size > MAX_SET) required = null;
      return { exact, required };
    }
    case "seq": {
      const parts = node.items.map(info);
      // Runs of exact children concatenate into longer literals.
      let best: Set<string> | null = null;
      let run: Set<string> | null = new Set([""]);
      let exactAll: Set<string> | null = new Set([""]);
      const consider = (set: Set<string> | null) => {
        const s = nonEmpty(set);
        if (strength(s) > strength(best)) best = s;
      };
      for (const p of parts) {
        if (p.exact !== null && run !== null) {
          const next = new Set<string>();
          for (const a of run) for (const b of p.exact) next.add(a + b);
          run = next.size > MAX_SET ? null : next;
        } else {
          consider(run);
          run = p.exact === null ? new Set([""]) : new Set(p.exact);
        }
        if (p.exact === null) {
          consider(p.required);
          exactAll = null;
        } else if (exactAll !== null) {
          const next = new Set<string>();
          for (const a of exactAll) for (const b of p.exact) next.add(a + b);
          exactAll = next.size > MAX_SET ? null : next;
        }
      }
      consider(run);
      return { exact: exactAll, required: best };
    }
  }
}

/**
 * Lower-case literals of which every match of `pattern` (searched case-insensitively) in printable-ASCII text
 * contains one; null when none can be read from the pattern.
 */
export function requiredLiterals(pattern: string): readonly string[] | null {
  try {
    const i = info(parse(pattern));
    const set = i.required ?? nonEmpty(i.exact);
    return set === null || set.size === 0 ? null : minimal(set);
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}

/** The literals of a set that contain no other: wherever a longer one occurs, the one it contains does. */
function minimal(set: Set<string>): string[] {
  const all = [...set];
  return all.filter((s) => !all.some((t) => t !== s && s.includes(t)));
}

/**
 * When `pattern` matches exactly a few literal strings, with no anchor or word boundary (`gym|sports`,
 * `e\.?on|thames water`): lower-case literals such that the pattern, searched case-insensitively, matches a
 * printable-ASCII text exactly when the lower-cased text contains one of them. Null for any other pattern.
 */
export function decisiveLiterals(pattern: string): readonly string[] | null {
  try {
    const seen = { assertion: false };
    const exact = info(parse(pattern, seen)).exact;
    if (seen.assertion || exact === null || exact.size === 0 || exact.has("")) return null;
    return minimal(exact);
  } catch (error) {
    if (error instanceof Unsupported) return null;
    throw error;
  }
}

/** What PatternGroup reads of a pattern's literals: decisiveLiterals, else requiredLiterals. */
export interface PatternLiterals {
  /** decisiveLiterals of the pattern (null: its literals do not decide it). */
  readonly decisive: readonly string[] | null;
  /** The decisive literals when there are some, else requiredLiterals. */
  readonly literals: readonly string[] | null;
}

const literalsByProgram = new WeakMap<object, PatternLiterals>();

/**
 * The literals of `pattern`, kept per compiled program `compiled` (the pattern's own, from pattern-cache.ts, which keeps
 * one per pattern text): a rule list sent again is not analysed again. A WeakMap, so they go with the program.
 */
export function patternLiteralsOf(pattern: string, compiled: object): PatternLiterals {
  let found = literalsByProgram.get(compiled);
  if (found === undefined) {
    const decisive = decisiveLiterals(pattern);
    found = { decisive, literals: decisive ?? requiredLiterals(pattern) };
    literalsByProgram.set(compiled, found);
  }
  return found;
}
