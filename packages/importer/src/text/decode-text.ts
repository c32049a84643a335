/**
 * Statement text from bytes, one rule for every format (CSV streamed, the others read whole): UTF-8 when the bytes
 * are valid UTF-8; else windows-1252 (the WHATWG "latin1": ISO-8859-1 with `€`, `„`, `–`... at 0x80–0x9F), which
 * old bank exports use, when everything before the first invalid UTF-8 byte is ASCII. A file with UTF-8 text (or a
 * UTF-8 BOM) before an invalid byte mixes encodings and is refused, naming the byte. Never U+FFFD: every byte is
 * read as some character, or the file is refused.
 */
import { UnreadableFileError } from "../types.ts";

// windows-1252 at 0x80–0x9F (0x81, 0x8D, 0x8F, 0x90 and 0x9D stay the C1 controls, as in WHATWG). Node 20 decodes
// "latin1" as ISO-8859-1, Deno as windows-1252: this table makes both engines agree.
const CP1252_HIGH = "\u20AC\u0081\u201A\u0192\u201E\u2026\u2020\u2021\u02C6\u2030\u0160\u2039\u0152\u008D\u017D\u008F" +
  "\u0090\u2018\u2019\u201C\u201D\u2022\u2013\u2014\u02DC\u2122\u0161\u203A\u0153\u009D\u017E\u0178";

const utf8 = () => new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
const latin1 = new TextDecoder("latin1");

/** windows-1252 text of `bytes` (each byte one character). */
export function decodeWindows1252(bytes: Uint8Array): string {
  return latin1.decode(bytes).replace(/[\u0080-\u009F]/g, (c) => CP1252_HIGH[c.charCodeAt(0) - 0x80]!);
}

/** The length of `bytes` without a UTF-8 sequence cut off at its end (0–3 bytes shorter). */
export function completeUtf8Length(bytes: Uint8Array): number {
  const n = bytes.length;
  for (let back = 1; back <= Math.min(3, n); back++) {
    const b = bytes[n - back]!;
    if (b < 0x80) return n;
    if (b >= 0xC0) {
      const needs = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : 2;
      return needs > back ? n - back : n;
    }
  }
  return n;
}

function utf8OrNull(bytes: Uint8Array): string | null {
  try {
    return utf8().decode(bytes);
  } catch {
    return null;
  }
}

/** A whole file's text (without a UTF-8 BOM). */
export function decodeText(bytes: Uint8Array): string {
  return utf8OrNull(bytes)?.replace(/^\uFEFF/, "") ?? fallBack(bytes, 0, false);
}

/**
 * The text of a file's first bytes, which may end inside a UTF-8 sequence (the cut-off bytes are left out); a
 * UTF-8 BOM is kept.
 */
export function decodeHead(head: Uint8Array): string {
  const text = utf8OrNull(head.subarray(0, completeUtf8Length(head)));
  return text ?? decodeWindows1252(head);
}

/** A file's text as it is streamed: chunk by chunk, with the rule above (a UTF-8 BOM is kept). */
export async function* decodeChunks(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<string> {
  let mode: "utf-8" | "windows-1252" = "utf-8";
  let nonAscii = false;
  let carry = new Uint8Array(0);
  let offset = 0;
  for await (const chunk of chunks) {
    if (mode === "windows-1252") {
      yield decodeWindows1252(chunk);
      continue;
    }
    const bytes = carry.length ? concat(carry, chunk) : chunk;
    const cut = completeUtf8Length(bytes);
    const text = utf8OrNull(bytes.subarray(0, cut));
    if (text === null) {
      yield fallBack(bytes, offset, nonAscii);
      mode = "windows-1252";
      carry = new Uint8Array(0);
      continue;
    }
    // A BOM (U+FEFF) counts: invalid bytes after it make a mixed file too.
    nonAscii ||= /[\u0080-\uFFFF]/.test(text);
    offset += cut;
    carry = bytes.slice(cut);
    if (text) yield text;
  }
  if (carry.length) yield fallBack(carry, offset, nonAscii); // a sequence cut off at the end of the file
}

/** The length of the longest prefix of `bytes` that is valid UTF-8 (a binary search: only on the error path). */
function validUtf8Prefix(bytes: Uint8Array): number {
  let [lo, hi] = [0, bytes.length];
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (utf8OrNull(bytes.subarray(0, completeUtf8Length(bytes.subarray(0, mid)))) === null) hi = mid - 1;
    else lo = mid;
  }
  return completeUtf8Length(bytes.subarray(0, lo));
}

/** Whether the first non-ASCII byte of `bytes` starts a valid UTF-8 character. */
function utf8BeforeInvalid(bytes: Uint8Array): boolean {
  const i = bytes.findIndex((b) => b >= 0x80);
  if (i < 0) return false;
  const lead = bytes[i]!;
  const length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 0;
  return length > 0 && i + length <= bytes.length && utf8OrNull(bytes.subarray(i, i + length)) !== null;
}

/**
 * `bytes` (from byte `offset` of the file, not valid UTF-8) as windows-1252, or the refusal of a mixed file:
 * `utf8Before` says whether the text before `offset` held UTF-8 beyond ASCII.
 */
function fallBack(bytes: Uint8Array, offset: number, utf8Before: boolean): string {
  if (utf8Before || utf8BeforeInvalid(bytes)) {
    const at = offset + validUtf8Prefix(bytes) + 1;
    throw new UnreadableFileError(
      `byte ${at} is not UTF-8, but the text before it is UTF-8 with other than ASCII characters (the file mixes ` +
        "encodings): save it in one encoding",
    );
  }
  return decodeWindows1252(bytes);
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}
