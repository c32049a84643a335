/**
 * The three forms of a field the conditions read (API.md §10.1), from one NFKC and one lower-casing: `nfkc` (what
 * `matches` searches), `folded` (foldText: white-space runs made one space, trimmed) and `key` (recurringKey: runs
 * of characters that are not letters made one space, trimmed). Printable ASCII, the common case, skips the Unicode
 * work: NFKC leaves it unchanged, its only white space is the space, and its only letters are A–Z and a–z. The
 * tests check both paths against foldText and recurringKey.
 */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
const WHITE_SPACE_RUN = /\s+/g;
const SPACE_RUN = / {2,}/g;
const NOT_LETTERS = /\P{L}+/gu;
const NOT_ASCII_LETTERS = /[^a-z]+/g;

export interface FieldForms {
  readonly nfkc: string;
  readonly lower: string;
  readonly folded: string;
  readonly ascii: boolean;
}

export function fieldForms(raw: string): FieldForms {
  if (PRINTABLE_ASCII.test(raw)) {
    const lower = raw.toLowerCase();
    const folded = (lower.includes("  ") ? lower.replace(SPACE_RUN, " ") : lower).trim();
    return { nfkc: raw, lower, folded, ascii: true };
  }
  const nfkc = raw.normalize("NFKC");
  const lower = nfkc.toLowerCase();
  return { nfkc, lower, folded: lower.replace(WHITE_SPACE_RUN, " ").trim(), ascii: false };
}

/** The recurring key of a field from its forms (equal to recurringKey of the raw text). */
export function keyOf(forms: FieldForms): string {
  return forms.lower.replace(forms.ascii ? NOT_ASCII_LETTERS : NOT_LETTERS, " ").trim();
}

/**
 * The first word of the recurring key of printable-ASCII forms (its first run of letters a–z), without building the
 * key: a key that does not start with it cannot be the field's. Null for other text.
 */
export function firstKeyWord(forms: FieldForms): string | null {
  if (!forms.ascii) return null;
  const lower = forms.lower;
  let start = 0;
  while (start < lower.length && !isAsciiLetter(lower.charCodeAt(start))) start++;
  let end = start;
  while (end < lower.length && isAsciiLetter(lower.charCodeAt(end))) end++;
  return lower.slice(start, end);
}

function isAsciiLetter(c: number): boolean {
  return c >= 97 && c <= 122;
}

/**
 * Whether `raw` is printable ASCII whose folding changes nothing but the case: no leading, trailing or doubled space
 * (printable ASCII's only white space is the space). Then foldText(raw) and the lower-cased text are both `raw` with
 * A–Z read as a–z, and NFKC is `raw` itself, so the field is searched without building any of its forms. False for
 * the empty text.
 */
export function isCleanAscii(raw: string): boolean {
  // A loop, not the regular expression /^[!-~]+(?: [!-~]+)*$/ it equals: it runs up to three times per transaction,
  // on short texts, where a regular expression's call costs more than reading the characters.
  let afterSpace = true;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === SPACE) {
      if (afterSpace) return false;
      afterSpace = true;
    } else if (c > SPACE && c <= TILDE) afterSpace = false;
    else return false;
  }
  // Also false for the empty text, which starts "after a space".
  return !afterSpace;
}

const SPACE = 0x20;
const TILDE = 0x7e;
