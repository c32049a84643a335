/**
 * A demo statement as a CAMT.053.001.08 bank-to-customer statement: `OPBD`/`CLBD` balances, one `Ntry` per line
 * with `AcctSvcrRef` = the line's generated id, transfers coded as book transfers (`SubFmlyCd` `BOOK`), the
 * counterparty under `RltdPties`, the description in `RmtInf/Ustrd`. CAMT.053 has no categories.
 */
import { decimal, type DemoStatement, xmlEscape } from "./statement.ts";

function amount(minor: number, currency: string): string {
  return `<Amt Ccy="${currency}">${decimal(Math.abs(minor))}</Amt><CdtDbtInd>${
    minor < 0 ? "DBIT" : "CRDT"
  }</CdtDbtInd>`;
}

export function renderCamt053(s: DemoStatement): string {
  const i = s.import;
  const balance = (code: string, minor: number, date: string) =>
    `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp>${amount(minor, i.currency)}<Dt><Dt>${date}</Dt></Dt></Bal>`;
  const entries = [...s.repeated, ...s.lines].map((t) => {
    const party = t.amount_minor < 0 ? "Cdtr" : "Dbtr";
    return `<Ntry>${amount(t.amount_minor, i.currency)}<Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>${t.date}</Dt></BookgDt>` +
      `<ValDt><Dt>${t.date}</Dt></ValDt><AcctSvcrRef>${t.id}</AcctSvcrRef>` +
      `<BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${t.amount_minor < 0 ? "ICDT" : "RCDT"}</Cd><SubFmlyCd>${
        t.kind === "transfer" ? "BOOK" : "ESCT"
      }</SubFmlyCd></Fmly></Domn></BkTxCd>` +
      `<NtryDtls><TxDtls>${
        t.counterparty
          ? `<RltdPties><${party}><Pty><Nm>${xmlEscape(t.counterparty)}</Nm></Pty></${party}></RltdPties>`
          : ""
      }${
        t.description ? `<RmtInf><Ustrd>${xmlEscape(t.description)}</Ustrd></RmtInf>` : ""
      }</TxDtls></NtryDtls></Ntry>`;
  }).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08">
<BkToCstmrStmt><GrpHdr><MsgId>DEMO-${s.sequence}</MsgId><CreDtTm>${i.statement_end}T23:59:59Z</CreDtTm></GrpHdr>
<Stmt><Id>STMT-${s.sequence}</Id><ElctrncSeqNb>${s.sequence}</ElctrncSeqNb><CreDtTm>${i.statement_end}T23:59:59Z</CreDtTm>
<FrToDt><FrDtTm>${i.statement_start}T00:00:00</FrDtTm><ToDtTm>${i.statement_end}T23:59:59</ToDtTm></FrToDt>
<Acct><Id><IBAN>DE02120300000000202051</IBAN></Id><Ccy>${i.currency}</Ccy></Acct>
${balance("OPBD", i.opening_balance_minor!, i.statement_start!)}
${balance("CLBD", i.closing_balance_minor!, i.statement_end!)}
${entries}
</Stmt></BkToCstmrStmt></Document>
`;
}
