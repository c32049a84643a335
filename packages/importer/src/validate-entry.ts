/**
 * The pipeline's checks on one parsed line: a real date, an amount exact in the statement's currency (never
 * rounded), the statement's currency, field sizes within the database's limits, no NUL in text. Returns the line in
 * minor units,
 * or why it is rejected.
 */
import { moneyIssueMessage, parseMinor } from "@pfa/core";
import { LIMITS } from "./limits.ts";
import { dedupText } from "./text/dedup-text.ts";
import type { Kind, LineError, RawEntry } from "./types.ts";

export interface StagedLine {
  readonly line: number;
  readonly date: string;
  readonly amountMinor: number;
  readonly description: string | null;
  readonly counterparty: string | null;
  readonly category: string | null;
  readonly kind: Kind | null;
  readonly bankId: string | null;
  readonly dedupText: string;
}

const TEXT_FIELDS = (entry: RawEntry): [string, string | null][] => [
  ["description", entry.description],
  ["counterparty", entry.counterparty],
  ["category", entry.category],
  ["transaction id", entry.bankId],
];

export function validateEntry(entry: RawEntry, currency: string, scale: number): StagedLine | LineError {
  const fail = (message: string): LineError => ({ type: "error", line: entry.line, message });
  const own = entry.currency?.toUpperCase() ?? currency;
  if (own !== currency) return fail(`currency ${own.slice(0, 10)} differs from the statement's ${currency}`);
  const minor = parseMinor(entry.amount, scale);
  if (typeof minor !== "number") return fail(moneyIssueMessage(minor, "the amount", currency, scale));
  if (entry.description !== null && entry.description.length > LIMITS.maxDescription) {
    return fail(`the description is longer than ${LIMITS.maxDescription} characters`);
  }
  if (entry.counterparty !== null && entry.counterparty.length > LIMITS.maxCounterparty) {
    return fail(`the counterparty is longer than ${LIMITS.maxCounterparty} characters`);
  }
  if (entry.category !== null && entry.category.length > LIMITS.maxCategory) {
    return fail(`the category is longer than ${LIMITS.maxCategory} characters`);
  }
  if (entry.bankId !== null && entry.bankId.length > LIMITS.maxBankId) {
    return fail(`the transaction id is longer than ${LIMITS.maxBankId} characters`);
  }
  // PostgreSQL text cannot hold U+0000; the binary check only reads a file's start, so a NUL further in is a line
  // error here (it used to reach the COPY, which the server refused).
  for (const [name, text] of TEXT_FIELDS(entry)) {
    if (text !== null && text.includes("\0")) return fail(`the ${name} contains a NUL character (U+0000)`);
  }
  return {
    line: entry.line,
    date: entry.date,
    amountMinor: minor,
    description: entry.description,
    counterparty: entry.counterparty,
    category: entry.category,
    kind: entry.kind,
    bankId: entry.bankId,
    dedupText: dedupText(entry.description, entry.counterparty),
  };
}
