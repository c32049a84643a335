/**
 * Turns an amount as statement files write it into a plain signed decimal (`-1234.56`), or null when it is not
 * one. Accepts a leading `+` or `-`, a trailing `-` (some German exports), negatives in parentheses, a currency
 * sign or code around the number, and thousands separators: `.`, `,`, space, no-break space or `'`, whichever is
 * not the decimal mark. Separators must group by three (`1.234,56`), so `1,2,3` is refused rather than guessed.
 */
const PLAIN = /^-?\d{1,20}(?:\.\d{1,20})?$/;
const PATTERN = {
  ".": /^(\d{1,3}(?:[, '\u00a0\u202f]\d{3})+|\d+)(?:\.(\d+))?$/,
  ",": /^(\d{1,3}(?:[. '\u00a0\u202f]\d{3})+|\d+)(?:,(\d+))?$/,
};

export function normalizeDecimal(input: string, decimalMark: "." | ","): string | null {
  // The common case, already plain (`-12.50`): no work beyond one test.
  if (decimalMark === "." && PLAIN.test(input) && !/^-?0\d/.test(input)) {
    return input.startsWith("-") && !/[1-9]/.test(input) ? input.slice(1) : input;
  }
  let text = input.trim();
  if (text.length === 0 || text.length > 64) return null;
  let negative = false;
  if (text.startsWith("(") && text.endsWith(")")) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  // Currency symbols or ISO codes next to the number.
  text = text.replace(/^[A-Z]{3}\s*|\s*[A-Z]{3}$/g, "").replace(/^[€$£¥]\s*|\s*[€$£¥]$/g, "");
  if (text.startsWith("-") || text.startsWith("+")) {
    negative = negative !== (text[0] === "-");
    text = text.slice(1);
  } else if (text.endsWith("-")) {
    negative = !negative;
    text = text.slice(0, -1);
  }
  text = text.replace(/^[€$£¥]\s*/, "").trim();
  const match = PATTERN[decimalMark].exec(text);
  if (!match) return null;
  const integer = match[1]!.replace(/\D/g, "").replace(/^0+(?=\d)/, "");
  const fraction = match[2];
  const plain = fraction === undefined ? integer : `${integer}.${fraction}`;
  return negative && /[1-9]/.test(plain) ? `-${plain}` : plain;
}
