/**
 * A demo statement as a CSV export in the `standard` preset's layout, with the running balance after each line, as
 * a bank exports it: the lines of the previous statement that this one repeats (its overlap) come first, and the
 * running balance starts from the opening balance, the balance at the start of the first day; `error_count`
 * unreadable lines (a date that does not exist, a malformed amount) come last.
 */
import { decimal, type DemoStatement } from "./statement.ts";

function cell(value: string | null): string {
  if (value === null) return "";
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

export function renderCsv(s: DemoStatement): string {
  const rows = ["date,amount,description,counterparty,category,kind,balance"];
  const row = (t: DemoStatement["lines"][number], balance: string | null) =>
    [t.date, decimal(t.amount_minor), t.description, t.counterparty, t.category, t.kind, balance].map(cell).join(",");
  let balance = s.import.opening_balance_minor ?? 0;
  for (const t of [...s.repeated, ...s.lines]) {
    balance += t.amount_minor;
    rows.push(row(t, decimal(balance)));
  }
  const broken = [
    `${s.import.statement_end!.slice(0, 7)}-32,-9.99,Kartenzahlung,,,,`,
    `${s.import.statement_end},-9.9.9,Kartenzahlung,,,,`,
  ];
  for (let i = 0; i < s.import.error_count; i++) rows.push(broken[i % 2]!);
  return rows.join("\r\n") + "\r\n";
}
