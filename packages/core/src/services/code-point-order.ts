/**
 * Compares strings by Unicode code points (SQL `collate "C"` on UTF-8), not by UTF-16 code units as `<` does: the
 * two differ only when a character above U+FFFF (a surrogate pair) meets one in U+E000–U+FFFF.
 */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    // A surrogate (U+D800–U+DFFF) stands for a code point above U+FFFF, so it sorts after every other unit.
    const xs = x >= 0xd800 && x <= 0xdfff;
    const ys = y >= 0xd800 && y <= 0xdfff;
    if (xs !== ys) return xs ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}
