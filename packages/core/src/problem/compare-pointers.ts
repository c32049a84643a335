/**
 * A total order of RFC 6901 JSON pointers for listing error items: segment by segment, array indices (digits only)
 * numerically (`/transactions/2` before `/transactions/10`), other segments by UTF-16 code units, a parent before its
 * children (`/transactions/0` before `/transactions/0/amount`). The empty pointer (the whole document) comes first.
 */
export function comparePointers(a: string, b: string): number {
  if (a === b) return 0;
  const x = a.split("/");
  const y = b.split("/");
  for (let i = 1; i < Math.min(x.length, y.length); i++) {
    const s = x[i]!;
    const t = y[i]!;
    if (s === t) continue;
    const sIndex = /^\d+$/.test(s);
    const tIndex = /^\d+$/.test(t);
    if (sIndex && tIndex) {
      // Compared as digit strings (no Number: an index may have more digits than a double holds exactly).
      const p = s.replace(/^0+(?=\d)/, "");
      const q = t.replace(/^0+(?=\d)/, "");
      if (p.length !== q.length) return p.length - q.length;
      if (p !== q) return p < q ? -1 : 1;
      return s < t ? -1 : 1;
    }
    if (sIndex !== tIndex) return sIndex ? -1 : 1;
    return s < t ? -1 : 1;
  }
  return x.length - y.length;
}
