/**
 * An MT940 file's text as the parsers read it: without a UTF-8 BOM, with `\n` line ends, and without the transmission
 * framing some banks keep in their exports. A SWIFT-framed export wraps each message in SOH (0x01) ... `-` ETX (0x03)
 * (Polish mBank, for one); some DOS-era exports end with SUB (0x1A). Each of these control characters (SOH, STX, ETX,
 * EOT and SUB) becomes a line break, so a message's tags start their own lines again and the `-` that closes a message
 * stands alone (the parser skips it). No other character changes: the `:61:` and balance fields keep their columns.
 */
// deno-lint-ignore no-control-regex
const FRAMING = /[\u0001-\u0004\u001a]/g;

export function unframeMt940(text: string): string {
  return text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n").replace(FRAMING, "\n");
}
