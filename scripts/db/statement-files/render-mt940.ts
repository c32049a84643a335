/**
 * A demo statement as an MT940 message: `:60F:`/`:62F:` balances dated the span's first and last day, a `:61:`
 * line per transaction (bank reference = the line's generated id, shortened; `NBOK` for transfers, `NMSC`
 * otherwise) with a two-line `:86:` (description, then counterparty). MT940 has no categories.
 */
import type { DemoStatement } from "./statement.ts";

const yymmdd = (iso: string) => iso.slice(2).replaceAll("-", "");
const mt940Amount = (minor: number) => {
  const abs = String(Math.abs(minor)).padStart(3, "0");
  return `${abs.slice(0, -2)},${abs.slice(-2)}`;
};
const balance = (tag: string, minor: number, date: string, currency: string) =>
  `${tag}${minor < 0 ? "D" : "C"}${yymmdd(date)}${currency}${mt940Amount(minor)}`;

export function renderMt940(s: DemoStatement): string {
  const i = s.import;
  const out = [
    `:20:DEMO${String(s.sequence).padStart(6, "0")}`,
    ":25:US12345678/0001",
    `:28C:${s.sequence}/1`,
    balance(":60F:", i.opening_balance_minor!, i.statement_start!, i.currency),
  ];
  for (const t of [...s.repeated, ...s.lines]) {
    const type = t.kind === "transfer" ? "NBOK" : "NMSC";
    const ref = t.id.replaceAll("-", "").slice(0, 16).toUpperCase();
    out.push(
      `:61:${yymmdd(t.date)}${t.date.slice(5, 7)}${t.date.slice(8)}${t.amount_minor < 0 ? "D" : "C"}${
        mt940Amount(t.amount_minor)
      }${type}NONREF//${ref}`,
    );
    out.push(`:86:${t.description ?? ""}`);
    if (t.counterparty) out.push(t.counterparty);
  }
  out.push(balance(":62F:", i.closing_balance_minor!, i.statement_end!, i.currency), "-");
  return out.join("\r\n") + "\r\n";
}
