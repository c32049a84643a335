/**
 * OFX 1.x is SGML: a `KEY:VALUE` header, then tags whose leaf elements have no end tag (`<TRNAMT>-12.50`). This
 * turns it into well-formed XML for the same XML parser as OFX 2.x, in one linear pass without regular
 * expressions over the body (ofx-js's SGML conversion is regex-based and backtracks badly on hostile input, so it
 * is not used). A leaf is an element followed by text; it ends at the next tag. An end tag closes every element
 * opened since its start tag. Text is re-escaped; the predefined entities OFX uses (`&amp;`, `&lt;`, ...) are kept.
 */
import { UnreadableFileError } from "../types.ts";

const NAME = /^[A-Za-z0-9_.]{1,64}$/;

function escapeText(text: string): string {
  // Keep well-formed entity references (predefined or numeric), escape every other `&` and `<`/`>`.
  return text.replace(/&(?!(?:amp|lt|gt|quot|apos|#\d{1,7}|#x[0-9a-fA-F]{1,6});)/g, "&amp;").replace(/</g, "&lt;")
    .replace(/>/g, "&gt;");
}

export function sgmlToXml(text: string): string {
  const start = text.indexOf("<OFX>");
  const begin = start >= 0 ? start : text.search(/<ofx>/i);
  if (begin < 0) throw new UnreadableFileError("no <OFX> element: not an OFX file");
  const out: string[] = [];
  const stack: string[] = [];
  let openLeaf: string | null = null;
  let i = begin;
  const n = text.length;
  while (i < n) {
    const lt = text.indexOf("<", i);
    const raw = lt < 0 ? text.slice(i) : text.slice(i, lt);
    const value = raw.trim();
    if (value.length > 0) {
      if (stack.length === 0) throw new UnreadableFileError("text outside the <OFX> element");
      out.push(escapeText(value));
      openLeaf = stack[stack.length - 1]!;
    }
    if (lt < 0) break;
    const gt = text.indexOf(">", lt);
    if (gt < 0) throw new UnreadableFileError("the file ends inside a tag (truncated?)");
    const tag = text.slice(lt + 1, gt).trim();
    i = gt + 1;
    if (tag.startsWith("/")) {
      const name = tag.slice(1).trim().toUpperCase();
      if (!stack.includes(name)) {
        if (openLeaf === null) throw new UnreadableFileError(`unexpected end tag </${name}>`);
        continue; // a stray end tag after a leaf we already closed
      }
      while (stack.length > 0) {
        const top = stack.pop()!;
        out.push(`</${top}>`);
        if (top === name) break;
      }
      openLeaf = null;
      continue;
    }
    if (tag.startsWith("!") || tag.startsWith("?")) continue; // comments, declarations
    const name = tag.toUpperCase();
    if (!NAME.test(name)) throw new UnreadableFileError(`not an OFX tag: <${tag.slice(0, 40)}>`);
    if (openLeaf !== null && stack[stack.length - 1] === openLeaf) {
      out.push(`</${stack.pop()}>`); // the previous element was a leaf with text and no end tag
    }
    openLeaf = null;
    stack.push(name);
    out.push(`<${name}>`);
    if (stack.length > 64) throw new UnreadableFileError("the OFX is nested too deeply");
  }
  if (openLeaf !== null && stack[stack.length - 1] === openLeaf) out.push(`</${stack.pop()}>`);
  if (stack.length > 0) throw new UnreadableFileError(`the file ends before </${stack[0]}> (truncated?)`);
  return out.join("");
}
