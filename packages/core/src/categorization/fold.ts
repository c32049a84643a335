/**
 * Folding of the text conditions (API.md §10.1): Unicode NFKC, then locale-independent lower case (JavaScript's
 * `toLowerCase`), then every run of white space (JavaScript's `\s`) made one space, then trimmed. Both the
 * transaction's field and the condition's value are folded, so `"ＮＥＴＦＬＩＸ  Inc"` equals `"netflix inc"`.
 */
const WHITE_SPACE_RUN = /\s+/g;

export function foldText(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(WHITE_SPACE_RUN, " ").trim();
}
