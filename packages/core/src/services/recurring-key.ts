/**
 * The grouping key of a recurring stream (API.md §9.1 rule 2, §9.6): Unicode NFKC, then locale-independent lower
 * case (`toLowerCase`), then every run of characters that are not letters (general category L) replaced by one
 * space, then trimmed: `"NETFLIX.COM 4412"` → `"netflix com"`. The SQL twin is `private.recurring_key(text)`
 * (migration `recurring_streams`), kept equal by supabase/tests/recurring-key-parity.test.ts.
 */
const NOT_LETTERS = /\P{L}+/gu;

export function recurringKey(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(NOT_LETTERS, " ").trim();
}
