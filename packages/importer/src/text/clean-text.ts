/** Trims a text field and collapses runs of white space (line breaks included); null when nothing is left. */
export function cleanText(value: string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).replace(/\s+/g, " ").trim();
  return text.length === 0 ? null : text;
}
