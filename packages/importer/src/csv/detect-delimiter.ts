/** The delimiter of a CSV text: whichever of `;`, tab and `,` occurs most often in its first lines. */
export function detectDelimiter(head: string): "," | ";" | "\t" {
  const lines = head.replace(/^\uFEFF/, "").split(/\r?\n/).filter((l) => l.trim()).slice(0, 5).join("\n");
  let best: "," | ";" | "\t" = ",";
  let bestCount = 0;
  for (const d of [";", "\t", ","] as const) {
    const count = lines.split(d).length - 1;
    if (count > bestCount) [best, bestCount] = [d, count];
  }
  return best;
}
