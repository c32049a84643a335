/** RFC 6901 JSON pointer of a path: `["transactions", 3, "amount"]` → `/transactions/3/amount`. */
export function jsonPointer(path: readonly PropertyKey[]): string {
  let out = "";
  for (const segment of path) {
    out += "/" + String(segment).replaceAll("~", "~0").replaceAll("/", "~1");
  }
  return out;
}
