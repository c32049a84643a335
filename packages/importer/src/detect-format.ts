/**
 * Recognises a statement file's format from its first bytes (the extension only breaks ties: a `.sta` or `.mt940`
 * file is MT940 unless its content is recognised, or its first line is a table's), or says why it is not a
 * statement file: empty, or binary (NUL bytes, or control characters in text that is not UTF-8).
 */
import type { Format } from "./types.ts";

const FRAMING = new Set([0x01, 0x02, 0x03, 0x04, 0x1a]);

export type Detection = { readonly format: Format } | { readonly error: string };

export function detectFormat(head: Uint8Array, fileName: string): Detection {
  if (head.length === 0) return { error: "the file is empty" };
  if (head.includes(0)) return { error: "the file is binary (it contains NUL bytes), not a statement" };
  let text: string;
  try {
    // A multi-byte character may be cut at the end of the sample: decode all but the last 3 bytes strictly.
    new TextDecoder("utf-8", { fatal: true }).decode(head.subarray(0, Math.max(0, head.length - 3)));
    text = new TextDecoder().decode(head);
  } catch {
    // Not UTF-8: Latin-1 exports exist (old QIF/MT940), so decide on the ASCII structure alone.
    text = new TextDecoder("latin1").decode(head);
    // SOH, STX, ETX, EOT and SUB frame MT940 messages (mt940/unframe.ts); any other control character is binary.
    const controls = [...head.subarray(0, 4096)].filter((b) => (b < 9 || (b > 13 && b < 32)) && !FRAMING.has(b))
      .length;
    if (controls > 0) return { error: "the file is binary, not a statement" };
  }
  // deno-lint-ignore no-control-regex
  const t = text.replace(/^\uFEFF/, "").replace(/[\u0001-\u0004\u001a]/g, "\n").trimStart();
  const ext = fileName.toLowerCase().split(".").pop() ?? "";
  if (/^OFXHEADER\s*:/i.test(t) || /<\?OFX\b/i.test(t.slice(0, 2000)) || /^<OFX>/i.test(t)) return { format: "ofx" };
  if (/^<\?xml|^</.test(t)) {
    if (/BkToCstmrStmt|camt\.053/.test(t)) return { format: "camt053" };
    if (/<OFX>/i.test(t)) return { format: "ofx" };
    return { error: "an XML file that is neither CAMT.053 nor OFX" };
  }
  if (/^!Type:/i.test(t)) return { format: "qif" };
  if (/^\{1:|^:20:/m.test(t.slice(0, 4000)) && /^:6[02][FM]:/m.test(t)) return { format: "mt940" };
  const firstLine = t.split(/\r\n|\r|\n/, 1)[0] ?? "";
  const delimited = /[,;\t]/.test(firstLine);
  // An MT940 line starts with a tag (`:20:`) or a block (`{1:`); a table's header row does not.
  const table = delimited && !/^(\{\d:|:\d\d[A-Z]?:)/.test(firstLine);
  if ((ext === "sta" || ext === "mt940") && !table) return { format: "mt940" };
  if (delimited || ext === "csv") return { format: "csv" };
  return { error: "not a recognised statement format (CSV, OFX, QIF, CAMT.053, MT940)" };
}
