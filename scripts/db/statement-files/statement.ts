/** One demo statement to render as a file: its import row, its lines, and what the file adds around them. */
import type { StatementImportRow, StatementTransactionRow } from "../dataset.ts";

export interface DemoStatement {
  readonly import: StatementImportRow;
  readonly lines: readonly StatementTransactionRow[];
  /**
   * Lines of the account's previous statement that the file repeats (the bank's overlap: every line from the
   * statement's first day on), before its own lines; the import skips them as duplicates.
   */
  readonly repeated: readonly StatementTransactionRow[];
  /** Position of this statement in its account (1 = first): statement numbers. */
  readonly sequence: number;
}

/** Minor units as a plain decimal with `scale` decimals (demo currencies: EUR and USD, 2). */
export function decimal(minor: number, scale = 2): string {
  const negative = minor < 0;
  const digits = String(Math.abs(minor)).padStart(scale + 1, "0");
  const text = `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

export function xmlEscape(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

/** `YYYYMMDD` */
export const compactDate = (iso: string) => iso.replaceAll("-", "");
