/**
 * SWIFT MT940 with mt940js: each statement (`:20:` ... `:62F:`) is one statement. `:60F:`/`:60M:` is the opening
 * balance (its date the span's start), `:62F:`/`:62M:` the closing balance (its date the span's end). Each `:61:`
 * line with its `:86:` details (multi-line): the booking date (else the value date), the signed amount, the bank
 * reference after `//` (unless `NONREF`) as the bank's id. Structured `:86:` (`?20`..`?29` purpose, `?32`/`?33`
 * name) gives the description and counterparty; unstructured `:86:` is the description. Transaction type `BOK`
 * (a book transfer) is a transfer; otherwise the sign decides. mt940js checks that opening balance plus turnover
 * equals the closing balance, so an inconsistent or truncated statement is refused as a whole. The amounts and dates
 * come from the text itself (raw-fields.ts), exactly: mt940js rounds amounts to two decimals and rolls impossible
 * dates over. A line whose date is not a real date is an error; a balance with one makes the file unreadable.
 */
import mt940 from "mt940js";
import { type RawBalance, readRawFields } from "./raw-fields.ts";
import { unframeMt940 } from "./unframe.ts";
import { cleanText } from "../text/clean-text.ts";
import { type LineError, type RawEntry, type StatementSource, UnreadableFileError } from "../types.ts";

interface Mt940Transaction {
  date: Date;
  entryDate?: Date;
  amount: number;
  currency: string;
  details: string;
  transactionType: string;
  bankReference?: string;
  reference?: string;
  structuredDetails?: Record<string, string>;
}

interface Mt940Statement {
  currency: string;
  openingBalance: number;
  closingBalance: number;
  openingBalanceDate: Date;
  closingBalanceDate: Date;
  transactions: Mt940Transaction[];
}

function structured(details: Record<string, string> | undefined, keys: string[]): string | null {
  if (!details) return null;
  const parts = keys.map((k) => details[k]).filter((v): v is string => typeof v === "string" && v.length > 0);
  return parts.length ? parts.join("") : null;
}

const PURPOSE = ["20", "21", "22", "23", "24", "25", "26", "27", "28", "29", "60", "61", "62", "63"];

function entryOf(
  t: Mt940Transaction,
  line: number,
  raw: { date: string | null; amount: string | null },
): RawEntry | LineError {
  const { date, amount } = raw;
  if (date === null) return { type: "error", line, message: `:61: line ${line}: the date is not a real calendar date` };
  if (amount === null) return { type: "error", line, message: `:61: line ${line}: unreadable amount` };
  const isStructured = t.structuredDetails && Object.keys(t.structuredDetails).some((k) => /^\d\d$/.test(k));
  const reference = t.bankReference && t.bankReference !== "NONREF" ? t.bankReference : null;
  return {
    type: "entry",
    line,
    date,
    amount,
    currency: t.currency || null,
    description: cleanText(isStructured ? structured(t.structuredDetails, PURPOSE) : t.details),
    counterparty: cleanText(isStructured ? structured(t.structuredDetails, ["32", "33"]) : null),
    category: null,
    kind: t.transactionType?.slice(1) === "BOK" ? "transfer" : null,
    bankId: cleanText(reference),
  };
}

/**
 * The statements of an MT940 file. Transmission framing (SOH ... `-` ETX) is removed first (unframe.ts). Whatever
 * the parser library throws on text it cannot follow, the user reads an UnreadableFileError in plain words: a
 * library's own check (a missing mandatory tag, a sum that does not match) keeps its message, and a crash inside it
 * (a TypeError on a line it did not expect) never reaches the user as such.
 */
export function parseMt940(text: string): StatementSource[] {
  try {
    return readStatements(unframeMt940(text));
  } catch (error) {
    if (error instanceof UnreadableFileError) throw error;
    throw new UnreadableFileError(plainReason(error));
  }
}

/** The message for an error thrown by mt940js: its own checks are plain `Error`s with a useful message. */
function plainReason(error: unknown): string {
  const own = error instanceof Error && error.constructor === Error && error.message.length > 0;
  if (own) return `not a readable MT940 statement: ${error.message}`;
  return "not a readable MT940 statement: the parser could not follow its structure (every statement must start " +
    "with a :20: tag and hold :25:, :28C:, :60F: or :60M:, then :61:/:86: lines, and :62F: or :62M:)";
}

function readStatements(text: string): StatementSource[] {
  const statements = new mt940.Parser().parse(text) as Mt940Statement[];
  if (statements.length === 0) throw new UnreadableFileError("the MT940 file holds no statement");
  const raw = readRawFields(text);
  const transactions = statements.reduce((n, s) => n + s.transactions.length, 0);
  if (
    raw.lines.length !== transactions || raw.openings.length !== statements.length ||
    raw.closings.length !== statements.length
  ) {
    throw new UnreadableFileError("not a readable MT940 statement: its :60:, :61: and :62: fields do not line up");
  }
  const balance = (b: RawBalance, tag: string) => {
    if (b.date === null || b.amount === null) {
      throw new UnreadableFileError(
        `not a readable MT940 statement: a ${tag} balance has an impossible date or amount`,
      );
    }
    return b;
  };
  let base = 0;
  return statements.map((s, k) => {
    const entries = s.transactions.map((t, i) => entryOf(t, base + i + 1, raw.lines[base + i]!));
    base += entries.length;
    const opening = balance(raw.openings[k]!, ":60:");
    const closing = balance(raw.closings[k]!, ":62:");
    return {
      format: "mt940",
      facts: {
        currency: s.currency?.toUpperCase() || null,
        start: opening.date,
        end: closing.date,
        opening: opening.amount,
        closing: closing.amount,
      },
      entries,
    };
  });
}
