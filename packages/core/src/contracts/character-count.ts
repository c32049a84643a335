/**
 * String lengths in characters (Unicode code points), zod-free: the fast array validator (flat-items.ts) and the
 * zod-free acceptor (accept-input.ts) count with these, and primitives.ts re-exports them for the schemas.
 */

/**
 * Length in characters, that is Unicode code points: what API.md's text limits, JSON Schema's `maxLength` and
 * Postgres's `char_length` count. (`String.length` counts UTF-16 code units: an emoji would count twice.)
 */
export function characterCount(value: string): number {
  let n = value.length;
  for (let i = 0; i < value.length - 1; i++) {
    const unit = value.charCodeAt(i);
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = value.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        n--; // a surrogate pair is one character
        i++;
      }
    }
  }
  return n;
}

/**
 * A string's length as a `min`..`max` character rule needs it: in characters (code points) where that can decide
 * the rule, else its cheaper code-unit length. Code points never outnumber code units, and a non-empty string has at
 * least one, so only a string longer than `max` units (or a `min` above 1) needs counting.
 */
export function lengthForLimits(value: string, min: number, max: number): number {
  return value.length > max || min > 1 ? characterCount(value) : value.length;
}
