/** Trims a text field and collapses runs of white space (line breaks included); null when nothing is left. */
export function cleanText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  let text = String(value).trim();
  if (/\s\s|[\t\n\r\f\v\u00a0]/.test(text)) text = text.replace(/\s+/g, " ");
  return text.length === 0 ? null : text;
}
