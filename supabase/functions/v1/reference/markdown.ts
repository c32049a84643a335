/**
 * The small Markdown subset used in this API's descriptions, to HTML: `##`/`###` headings, `-` bullet lists
 * (with indented continuation lines), paragraphs, `inline code`, **bold** and [links](#anchor). Everything else
 * is escaped text, so the output never carries markup from a description.
 */
export function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

export function inline(text: string): string {
  const parts = text.split(/(`[^`]*`)/);
  return parts.map((part) => {
    if (part.length >= 2 && part.startsWith("`") && part.endsWith("`")) {
      return `<code>${escapeHtml(part.slice(1, -1))}</code>`;
    }
    return escapeHtml(part)
      .replace(/\*\*([^*]+)\*\*/g, "<strong>$1</strong>")
      .replace(/\[([^\]]+)\]\((#[A-Za-z0-9_-]+)\)/g, '<a href="$2">$1</a>');
  }).join("");
}

export function markdown(source: string, headingOffset = 0): string {
  const out: string[] = [];
  let paragraph: string[] = [];
  let items: string[] | undefined;
  const flushParagraph = () => {
    if (paragraph.length) out.push(`<p>${inline(paragraph.join(" "))}</p>`);
    paragraph = [];
  };
  const flushList = () => {
    if (items) out.push(`<ul>${items.map((i) => `<li>${inline(i)}</li>`).join("")}</ul>`);
    items = undefined;
  };
  for (const raw of source.split("\n")) {
    const line = raw.trimEnd();
    const heading = /^(#{1,4})\s+(.*)$/.exec(line);
    if (heading) {
      flushParagraph();
      flushList();
      const level = Math.min(6, heading[1]!.length + headingOffset);
      out.push(`<h${level}>${inline(heading[2]!)}</h${level}>`);
    } else if (/^\s*[-*]\s+/.test(line) && !/^\s{2,}/.test(line)) {
      flushParagraph();
      (items ??= []).push(line.replace(/^\s*[-*]\s+/, ""));
    } else if (line.trim() === "") {
      flushParagraph();
      flushList();
    } else if (items && /^\s+/.test(line)) {
      items[items.length - 1] += " " + line.trim();
    } else {
      flushList();
      paragraph.push(line.trim());
    }
  }
  flushParagraph();
  flushList();
  return out.join("\n");
}
