/**
 * ISO 20022 CAMT.053 (`BkToCstmrStmt`, versions .001.02 to .001.08): each `Stmt` is one statement. Balances:
 * `OPBD` (else `PRCD`) opening, `CLBD` (else `CLAV`) closing, signed by `CdtDbtInd`. Span: `FrToDt`. Each `Ntry`:
 * `Amt@Ccy` with `CdtDbtInd` (DBIT = money out), `BookgDt` (else `ValDt`), `AcctSvcrRef` (the bank's id), the
 * counterparty from `RltdPties` (the creditor of a debit, the debtor of a credit; `Nm` directly or under `Pty`),
 * the description from `RmtInf/Ustrd` (else `AddtlTxInf` / `AddtlNtryInf`). Bank transaction code sub-family
 * `BOOK` (an internal book transfer) is a transfer; otherwise the sign decides.
 */
import { cleanText } from "../text/clean-text.ts";
import { normalizeDecimal } from "../text/normalize-decimal.ts";
import { isoDate } from "../text/parse-date.ts";
import { at, attrAt, children, parseXml, textAt, type XmlValue } from "../text/parse-xml.ts";
import { type LineError, type RawEntry, type StatementSource, UnreadableFileError } from "../types.ts";

/** `YYYY-MM-DD` from an ISO date or date-time. */
function camtDate(text: string | null): string | null {
  const match = text ? /^(\d{4})-(\d{2})-(\d{2})/.exec(text.trim()) : null;
  return match ? isoDate(Number(match[1]), Number(match[2]), Number(match[3])) : null;
}

function dateOf(node: XmlValue | undefined): string | null {
  return camtDate(textAt(node, "Dt") ?? textAt(node, "DtTm"));
}

function signed(amount: string | null, indicator: string | null): string | null {
  const plain = amount === null ? null : normalizeDecimal(amount, ".");
  if (plain === null || (indicator !== "CRDT" && indicator !== "DBIT")) return null;
  return indicator === "DBIT" && /[1-9]/.test(plain) ? `-${plain}` : plain;
}

function balance(stmt: XmlValue, codes: string[]): string | null {
  for (const code of codes) {
    for (const bal of children(stmt, "Bal")) {
      const type = textAt(bal, "Tp", "CdOrPrtry", "Cd") ?? textAt(bal, "Tp", "CdOrPrtry", "Prtry");
      if (type === code) return signed(textAt(bal, "Amt"), textAt(bal, "CdtDbtInd"));
    }
  }
  return null;
}

function partyName(parties: XmlValue | undefined, role: "Cdtr" | "Dbtr"): string | null {
  return textAt(parties, role, "Nm") ?? textAt(parties, role, "Pty", "Nm");
}

function entryOf(ntry: XmlValue, line: number): RawEntry | LineError {
  const label = `Ntry ${line}`;
  const indicator = textAt(ntry, "CdtDbtInd");
  const amount = signed(textAt(ntry, "Amt"), indicator);
  if (amount === null) return { type: "error", line, message: `${label}: Amt with CdtDbtInd is not an amount` };
  const date = dateOf(at(ntry, "BookgDt")) ?? dateOf(at(ntry, "ValDt"));
  if (!date) return { type: "error", line, message: `${label}: no BookgDt or ValDt date` };
  const tx = at(ntry, "NtryDtls", "TxDtls");
  const parties = at(tx, "RltdPties");
  const ustrd = children(at(tx, "RmtInf"), "Ustrd").filter((u): u is string => typeof u === "string");
  const description = ustrd.length ? ustrd.join(" ") : textAt(tx, "AddtlTxInf") ?? textAt(ntry, "AddtlNtryInf");
  const subFamily = textAt(ntry, "BkTxCd", "Domn", "Fmly", "SubFmlyCd");
  return {
    type: "entry",
    line,
    date,
    amount,
    currency: attrAt(ntry, "Ccy", "Amt"),
    description: cleanText(description),
    counterparty: cleanText(partyName(parties, indicator === "DBIT" ? "Cdtr" : "Dbtr")),
    category: null,
    kind: subFamily === "BOOK" ? "transfer" : null,
    bankId: cleanText(textAt(ntry, "AcctSvcrRef") ?? textAt(tx, "Refs", "AcctSvcrRef")),
  };
}

export function parseCamt053(text: string): StatementSource[] {
  const document = at(parseXml(text), "Document");
  const report = at(document, "BkToCstmrStmt");
  if (report === undefined) throw new UnreadableFileError("no Document/BkToCstmrStmt: not a CAMT.053 statement");
  const statements = children(report, "Stmt");
  if (statements.length === 0) throw new UnreadableFileError("the CAMT.053 file holds no Stmt");
  let base = 0;
  return statements.map((stmt) => {
    const entries = children(stmt, "Ntry").map((ntry, i) => entryOf(ntry, base + i + 1));
    base += entries.length;
    const currency = textAt(stmt, "Acct", "Ccy") ?? attrAt(children(stmt, "Bal")[0], "Ccy", "Amt");
    return {
      format: "camt053",
      facts: {
        currency: currency?.toUpperCase() ?? null,
        start: camtDate(textAt(stmt, "FrToDt", "FrDtTm") ?? textAt(stmt, "FrToDt", "FrDt")),
        end: camtDate(textAt(stmt, "FrToDt", "ToDtTm") ?? textAt(stmt, "FrToDt", "ToDt")),
        opening: balance(stmt, ["OPBD", "PRCD"]),
        closing: balance(stmt, ["CLBD", "CLAV"]),
      },
      entries,
    };
  });
}
