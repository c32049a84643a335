/**
 * The transactions of a POST report with `conversion` (API.md §11.3): one pass that accepts every known currency
 * (a transaction's `currency`, default the request's), parses each amount at its own currency's scale, keeps the
 * report currency's as ledger entries, and collects the others into day groups. Problems are recorded with their
 * pointers as in normalizeTransactions.
 */
import { isValidDate } from "../calendar/dates.ts";
import type { Kind } from "../contracts/account-data.ts";
import { currencyScale } from "../money/currencies.ts";
import { moneyIssueMessage, parseMinor } from "../money/parse-minor.ts";
import { DayGroups } from "../conversion/day-groups.ts";
import type { DayGroup } from "../conversion/day-groups.ts";
import type { LedgerEntry } from "../services/ledger-entry.ts";
import type { ErrorCollector } from "./error-collector.ts";
import type { TransactionInput } from "./normalize-transactions.ts";
import type { ResolvedCurrency } from "./resolve-currency.ts";

export interface ConvertedTransactions {
  /** The report currency's transactions, one entry each. */
  readonly entries: LedgerEntry[];
  /** The other currencies' transactions, by day group. */
  readonly groups: DayGroups;
  /** Latest valid date of any transaction of any currency (transfers included); null when none. */
  readonly latestDate: string | null;
}

/**
 * `visitReport`, when given, receives the report currency's transactions instead of `entries` (an operation that
 * sums as it goes, like the one-pass cashflow).
 */
export function readConvertedTransactions(
  transactions: readonly TransactionInput[],
  report: ResolvedCurrency,
  base: string,
  errors: ErrorCollector,
  visitReport?: (date: string, amount: number, kind: Kind) => void,
): ConvertedTransactions {
  const entries: LedgerEntry[] = [];
  const groups = new DayGroups();
  let latest: string | null = null;
  /** Each currency text as written → its code and scale (null: unknown); one lookup per distinct spelling. */
  const seen = new Map<string, ResolvedCurrency | null>();
  let lastText: string | undefined;
  let lastKnown: ResolvedCurrency | null | undefined;
  for (let i = 0; i < transactions.length; i++) {
    const t = transactions[i]!;
    const date = t.date;
    let ok = true;
    if (!isValidDate(date)) {
      errors.at(`${base}/${i}/date`, "invalid_date", `\`${base}/${i}/date\` is not a real calendar date ("${date}").`);
      ok = false;
    } else if (latest === null || date > latest) latest = date;
    let code = report.code;
    let scale = report.scale;
    const text = t.currency;
    if (text !== undefined && text !== code) {
      // The last spelling seen answers most lookups (transactions of one currency tend to come together).
      let known = text === lastText ? lastKnown : seen.get(text);
      if (known === undefined) {
        const upper = text.toUpperCase();
        const s = currencyScale(upper);
        known = s === undefined ? null : { code: upper, scale: s };
        seen.set(text, known);
      }
      lastText = text;
      lastKnown = known;
      if (known === null) {
        errors.at(
          `${base}/${i}/currency`,
          "unknown_currency",
          `\`${base}/${i}/currency\` is "${text}", which is not an active ISO 4217 currency code.`,
        );
        ok = false;
      } else {
        code = known.code;
        scale = known.scale;
      }
    }
    const amount = parseMinor(t.amount, scale);
    if (typeof amount !== "number") {
      errors.at(`${base}/${i}/amount`, amount, moneyIssueMessage(amount, `\`${base}/${i}/amount\``, code, scale));
      ok = false;
    }
    if (!ok || typeof amount !== "number") continue;
    const kind: Kind = t.kind ?? (amount > 0 ? "income" : "expense");
    const category = t.category ?? null;
    if (code !== report.code) groups.add(code, date, kind, category, amount);
    else if (visitReport !== undefined) visitReport(date, amount, kind);
    else entries.push({ date, amount, kind, category, count: 1 });
  }
  return { entries, groups, latestDate: latest };
}

/** The day groups a report does not count, as entries of amount 0 for its `excluded` counters. */
export function uncountedEntries(groups: Iterable<DayGroup>, counts: (g: DayGroup) => boolean): LedgerEntry[] {
  const out: LedgerEntry[] = [];
  for (const g of groups) {
    if (!counts(g)) out.push({ date: g.date, amount: 0, kind: g.kind, category: g.category, count: g.count });
  }
  return out;
}
