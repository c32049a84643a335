/**
 * A demo statement as a QIF bank export (day-first dotted dates). The category goes to `L`; a transfer is
 * `L[<counterparty account>]`. QIF has no balances, no ids and no kinds: the sign decides income and expense.
 */
import { decimal, type DemoStatement } from "./statement.ts";

export function renderQif(s: DemoStatement): string {
  const out = ["!Type:Bank"];
  for (const t of [...s.repeated, ...s.lines]) {
    const [y, m, d] = t.date.split("-");
    out.push(`D${d}.${m}.${y}`, `T${decimal(t.amount_minor)}`);
    if (t.counterparty) out.push(`P${t.counterparty}`);
    if (t.description) out.push(`M${t.description}`);
    if (t.kind === "transfer") out.push(`L[${t.counterparty ?? "Transfer"}]`);
    else if (t.category) out.push(`L${t.category}`);
    out.push("^");
  }
  return out.join("\n") + "\n";
}
