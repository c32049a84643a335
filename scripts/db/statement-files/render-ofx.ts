/**
 * A demo statement as an OFX 2.2 (XML) credit-card statement: `FITID` is the line's generated id (so repeated
 * lines are recognised as duplicates by it), transfers are `XFER`, the closing balance is `LEDGERBAL`. OFX has no
 * categories and no opening balance.
 */
import { compactDate, decimal, type DemoStatement, xmlEscape } from "./statement.ts";

export function renderOfx(s: DemoStatement): string {
  const i = s.import;
  const trn = [...s.repeated, ...s.lines].map((t) =>
    `<STMTTRN><TRNTYPE>${t.kind === "transfer" ? "XFER" : t.amount_minor > 0 ? "CREDIT" : "DEBIT"}</TRNTYPE>` +
    `<DTPOSTED>${compactDate(t.date)}120000</DTPOSTED><TRNAMT>${decimal(t.amount_minor)}</TRNAMT>` +
    `<FITID>${t.id}</FITID>${t.counterparty ? `<NAME>${xmlEscape(t.counterparty)}</NAME>` : ""}` +
    `${t.description ? `<MEMO>${xmlEscape(t.description)}</MEMO>` : ""}</STMTTRN>`
  ).join("\n");
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
<DTSERVER>${compactDate(i.statement_end!)}235959</DTSERVER><LANGUAGE>ENG</LANGUAGE></SONRS></SIGNONMSGSRSV1>
<CREDITCARDMSGSRSV1><CCSTMTTRNRS><TRNUID>${s.sequence}</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>
<CCSTMTRS><CURDEF>${i.currency}</CURDEF><CCACCTFROM><ACCTID>4111111111111111</ACCTID></CCACCTFROM>
<BANKTRANLIST><DTSTART>${compactDate(i.statement_start!)}</DTSTART><DTEND>${compactDate(i.statement_end!)}</DTEND>
${trn}
</BANKTRANLIST><LEDGERBAL><BALAMT>${decimal(i.closing_balance_minor!)}</BALAMT><DTASOF>${
    compactDate(i.statement_end!)
  }</DTASOF></LEDGERBAL>
</CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>
`;
}
