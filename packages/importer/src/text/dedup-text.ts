/**
 * The text a line is recognised by when the file gives no transaction id: description and counterparty, Unicode
 * NFC, lower case, white space collapsed. So `"REWE  Markt"` and `"rewe markt"` are the same shop.
 */
export function dedupText(description: string | null, counterparty: string | null): string {
  const norm = (s: string | null) => {
    if (s === null) return "";
    // Fields come through cleanText (trimmed, single spaces); only non-ASCII text needs Unicode normalization.
    // deno-lint-ignore no-control-regex -- the ASCII range, as a fast path past normalize()
    return (/[^\x00-\x7f]/.test(s) ? s.normalize("NFC") : s).toLowerCase().replace(/\s+/g, " ").trim();
  };
  return `${norm(description)}\u001f${norm(counterparty)}`;
}
