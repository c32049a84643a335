/**
 * OFX 1.x (SGML) and 2.x (XML) bank and credit-card statements: each `STMTRS` / `CCSTMTRS` is one statement.
 * `CURDEF` is the currency, `BANKTRANLIST/DTSTART`..`DTEND` the span, `LEDGERBAL/BALAMT` the closing balance (OFX
 * has no opening balance: left null). Each `STMTTRN`: `DTPOSTED`, `TRNAMT`, `FITID` (the bank's id), `NAME` or
 * `PAYEE/NAME` (counterparty), `MEMO` (description); `TRNTYPE` `XFER` is a transfer, otherwise the sign decides.
 */
import { cleanText } from "../text/clean-text.ts";
import { isoDate } from "../text/parse-date.ts";
import { at, children, parseXml, textAt, type XmlValue } from "../text/parse-xml.ts";
import { type LineError, type RawEntry, type StatementSource, UnreadableFileError } from "../types.ts";
import { sgmlToXml } from "./sgml-to-xml.ts";

/** `YYYYMMDD[HHMMSS[.XXX]][[-5:EST]]` -> `YYYY-MM-DD`. */
export function ofxDate(text: string | null): string | null {
  const match = text ? /^(\d{4})(\d{2})(\d{2})/.exec(text.trim()) : null;
  return match ? isoDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

/**
 * An OFX amount as a plain decimal: OFX writes a sign, digits and one decimal mark, `.` or `,`, with no digit grouping,
 * so `1,500` is one and a half (then refused for USD: three decimals), never fifteen hundred.
 */
export function ofxAmount(text: string | null): string | null {
  if (text === null) return null;
  const m = /^([+-]?)(\d*)(?:[.,](\d+))?$/.exec(text.trim());
  if (!m || (m[2] === "" && m[3] === undefined) || m[2]!.length + (m[3]?.length ?? 0) > 40) return null;
  const integer = m[2] === "" ? "0" : m[2]!.replace(/^0+(?=\d)/, "");
  const plain = m[3] === undefined ? integer : `${integer}.${m[3]}`;
  return m[1] === "-" && /[1-9]/.test(plain) ? `-${plain}` : plain;
}

function isXml(text: string): boolean {
  return /^\s*<\?xml/.test(text.replace(/^\uFEFF/, ""));
}

function entriesOf(list: XmlValue | undefined, base: number): (RawEntry | LineError)[] {
  return children(list, "STMTTRN").map((trn, index): RawEntry | LineError => {
    const line = base + index + 1;
    const date = ofxDate(textAt(trn, "DTPOSTED"));
    if (!date) return { type: "error", line, message: `STMTTRN ${index + 1}: DTPOSTED is not a date` };
    const amount = ofxAmount(textAt(trn, "TRNAMT"));
    if (amount === null) return { type: "error", line, message: `STMTTRN ${index + 1}: TRNAMT is not an amount` };
    const name = textAt(trn, "NAME") ?? textAt(trn, "PAYEE", "NAME");
    return {
      type: "entry",
      line,
      date,
      amount,
      currency: textAt(trn, "CURRENCY", "CURSYM") ?? textAt(trn, "ORIGCURRENCY", "CURSYM") ?? null,
      description: cleanText(textAt(trn, "MEMO")),
      counterparty: cleanText(name),
      category: null,
      kind: textAt(trn, "TRNTYPE")?.toUpperCase() === "XFER" ? "transfer" : null,
      bankId: cleanText(textAt(trn, "FITID")),
    };
  });
}

export function parseOfx(text: string): StatementSource[] {
  const root = at(parseXml(isXml(text) ? text : sgmlToXml(text)), "OFX");
  if (root === undefined) throw new UnreadableFileError("no <OFX> element: not an OFX file");
  const statements: XmlValue[] = [
    ...children(at(root, "BANKMSGSRSV1"), "STMTTRNRS").flatMap((rs) => children(rs, "STMTRS")),
    ...children(at(root, "CREDITCARDMSGSRSV1"), "CCSTMTTRNRS").flatMap((rs) => children(rs, "CCSTMTRS")),
  ];
  if (statements.length === 0) throw new UnreadableFileError("the OFX file holds no bank or credit-card statement");
  let base = 0;
  return statements.map((stmt) => {
    const list = at(stmt, "BANKTRANLIST");
    const entries = entriesOf(list, base);
    base += entries.length;
    return {
      format: "ofx",
      facts: {
        currency: textAt(stmt, "CURDEF")?.toUpperCase() ?? null,
        start: ofxDate(textAt(list, "DTSTART")),
        end: ofxDate(textAt(list, "DTEND")),
        opening: null,
        closing: ofxAmount(textAt(stmt, "LEDGERBAL", "BALAMT")),
      },
      entries,
    };
  });
}
