/**
 * Test support (not exported from mod.ts): an AccountData built from plain rows, following the SQL read functions'
 * contract in docs/ARCHITECTURE.md. It is the port's contract, not a mock of the code under test.
 */
import type {
  AccountData,
  BudgetMonthRow,
  BudgetRow,
  CategorizationRuleRow,
  ExchangeRateRow,
  GoalRow,
  Kind,
  LedgerConversionRows,
  LedgerDayRow,
  LedgerTotalRow,
  MonthlySpendingRow,
  ProfileRow,
  RecurringMemberRow,
  RecurringOccurrenceRow,
  StatementBalanceRow,
  StatementImportRow,
  StatementTransactionFilter,
  StatementTransactionRow,
  SuggestionInputRow,
} from "../contracts/account-data.ts";
import { statementSpan } from "../services/account-statement.ts";
import { addMonths } from "../calendar/months.ts";
import { compareCodePoints } from "../services/code-point-order.ts";
import { recurringKey } from "../services/recurring-key.ts";
import { keySource } from "../services/recurring-groups.ts";

/** A statement transaction as stored: the read function's row, with the kind as imported. */
export interface StoredTransaction
  extends
    Omit<StatementTransactionRow, "kind" | "category_source" | "category_rule_id" | "kind_source" | "kind_rule_id"> {
  /** Null: resolved from the sign. */
  readonly kind: Kind | null;
  /** Omitted: as the database fills in a row written without them (file when given, else null / default). */
  readonly category_source?: StatementTransactionRow["category_source"];
  readonly category_rule_id?: string | null;
  readonly kind_source?: StatementTransactionRow["kind_source"];
  readonly kind_rule_id?: string | null;
}

export interface StoredBudget extends BudgetRow {
  /** First day of the month. */
  readonly month: string;
}

export interface StoredGoal {
  readonly id: string;
  readonly name: string;
  readonly currency: string;
  readonly target_minor: number;
  readonly target_date: string | null;
}

export interface StoredContribution {
  readonly goal_id: string;
  readonly date: string;
  readonly amount_minor: number;
}

export interface StoredData {
  readonly profile?: ProfileRow | null;
  readonly transactions?: readonly StoredTransaction[];
  readonly budgets?: readonly StoredBudget[];
  readonly goals?: readonly StoredGoal[];
  readonly contributions?: readonly StoredContribution[];
  readonly imports?: readonly StatementImportRow[];
  /** Stored categorization rules (any order: read by position). */
  readonly rules?: readonly CategorizationRuleRow[];
  /** Stored exchange rates (reference data, the same for every user). */
  readonly rates?: readonly ExchangeRateRow[];
}

const resolved = (t: StoredTransaction): Kind => t.kind ?? (t.amount_minor > 0 ? "income" : "expense");
/** The read function's row of a stored transaction: the kind resolved, the sources as the database fills them in. */
const asRow = (t: StoredTransaction): StatementTransactionRow => ({
  ...t,
  kind: resolved(t),
  category_source: t.category_source !== undefined ? t.category_source : t.category !== null ? "file" : null,
  category_rule_id: t.category_rule_id ?? null,
  kind_source: t.kind_source ?? (t.kind !== null ? "file" : "default"),
  kind_rule_id: t.kind_rule_id ?? null,
});
const desc = (a: string, b: string) => (a < b ? 1 : a > b ? -1 : 0);

export class InMemoryAccountData implements AccountData {
  /** Calls made, for tests that check what was asked of the port. */
  readonly calls: string[] = [];

  constructor(private readonly stored: StoredData) {}

  profile(): Promise<ProfileRow | null> {
    this.calls.push("profile");
    return Promise.resolve(this.stored.profile ?? null);
  }

  ledgerTotals(from: string, to: string): Promise<LedgerTotalRow[]> {
    this.calls.push(`ledgerTotals(${from},${to})`);
    const groups = new Map<string, { -readonly [K in keyof LedgerTotalRow]: LedgerTotalRow[K] }>();
    for (const t of this.stored.transactions ?? []) {
      const inside = t.date >= from && t.date <= to;
      const month = inside ? `${t.date.slice(0, 7)}-01` : null;
      const category = inside ? t.category : null;
      const kind = resolved(t);
      const key = JSON.stringify([t.currency, month, kind, category]);
      const g = groups.get(key);
      if (g === undefined) {
        groups.set(key, {
          currency: t.currency,
          month,
          kind,
          category,
          amount_minor: t.amount_minor,
          transaction_count: 1,
        });
      } else {
        g.amount_minor += t.amount_minor;
        g.transaction_count += 1;
      }
    }
    return Promise.resolve([...groups.values()]);
  }

  budgets(monthStart: string): Promise<BudgetRow[]> {
    this.calls.push(`budgets(${monthStart})`);
    return Promise.resolve(
      (this.stored.budgets ?? []).filter((b) => b.month === monthStart).map((b) => ({
        currency: b.currency,
        category: b.category,
        amount_minor: b.amount_minor,
      })),
    );
  }

  budgetMonths(currency: string, fromMonth: string, toMonth: string): Promise<BudgetMonthRow[]> {
    this.calls.push(`budgetMonths(${currency},${fromMonth},${toMonth})`);
    return Promise.resolve(
      (this.stored.budgets ?? [])
        .filter((b) => b.currency === currency && b.month >= fromMonth && b.month <= toMonth)
        .sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : a.category < b.category ? -1 : 1))
        .map((b) => ({ month: b.month, category: b.category, amount_minor: b.amount_minor })),
    );
  }

  monthlySpending(currency: string, fromMonth: string, toMonth: string): Promise<MonthlySpendingRow[]> {
    this.calls.push(`monthlySpending(${currency},${fromMonth},${toMonth})`);
    const groups = new Map<string, { -readonly [K in keyof MonthlySpendingRow]: MonthlySpendingRow[K] }>();
    const end = `${toMonth.slice(0, 7)}-31`;
    for (const t of this.stored.transactions ?? []) {
      if (t.currency !== currency || resolved(t) !== "expense" || t.date < fromMonth || t.date > end) continue;
      const month = `${t.date.slice(0, 7)}-01`;
      const key = JSON.stringify([month, t.category]);
      const g = groups.get(key);
      if (g === undefined) {
        groups.set(key, { month, category: t.category, amount_minor: t.amount_minor, transaction_count: 1 });
      } else {
        g.amount_minor += t.amount_minor;
        g.transaction_count += 1;
      }
    }
    return Promise.resolve([...groups.values()]);
  }

  goals(asOf: string): Promise<GoalRow[]> {
    this.calls.push(`goals(${asOf})`);
    return Promise.resolve((this.stored.goals ?? []).map((g) => {
      const own = (this.stored.contributions ?? []).filter((c) => c.goal_id === g.id && c.date <= asOf);
      const first = own.reduce<string | null>((m, c) => (m === null || c.date < m ? c.date : m), null);
      return {
        ...g,
        saved_minor: own.reduce((s, c) => s + c.amount_minor, 0),
        first_contribution_date: first,
        contribution_count: own.length,
      };
    }));
  }

  /** The candidates of the recurring rules in `currency` dated from…to, with their key and direction. */
  private recurringCandidates(currency: string, from: string, to: string) {
    return (this.stored.transactions ?? [])
      .filter((t) => t.currency === currency && resolved(t) !== "transfer" && t.amount_minor !== 0)
      .filter((t) => t.date >= from && t.date <= to)
      .map((t) => {
        const name = keySource({ counterparty: t.counterparty ?? undefined, description: t.description ?? undefined });
        const direction: "inflow" | "outflow" = t.amount_minor > 0 ? "inflow" : "outflow";
        return { t, name, key: recurringKey(name), direction };
      })
      .sort((a, b) =>
        compareCodePoints(a.key, b.key) || (a.direction < b.direction ? -1 : a.direction > b.direction ? 1 : 0) ||
        (a.t.date < b.t.date ? -1 : a.t.date > b.t.date ? 1 : a.t.id < b.t.id ? -1 : a.t.id > b.t.id ? 1 : 0)
      );
  }

  recurringOccurrences(currency: string, from: string, to: string): Promise<RecurringOccurrenceRow[]> {
    this.calls.push(`recurringOccurrences(${currency},${from},${to})`);
    const rows: { -readonly [K in keyof RecurringOccurrenceRow]: RecurringOccurrenceRow[K] }[] = [];
    for (const { t, key, direction } of this.recurringCandidates(currency, from, to)) {
      const last = rows[rows.length - 1];
      if (last !== undefined && last.key === key && last.direction === direction && last.date === t.date) {
        last.amount_minor += t.amount_minor;
        last.transaction_count += 1;
      } else rows.push({ key, direction, date: t.date, amount_minor: t.amount_minor, transaction_count: 1 });
    }
    return Promise.resolve(rows);
  }

  recurringMembers(
    currency: string,
    from: string,
    to: string,
    groups: readonly { key: string; direction: "inflow" | "outflow" }[],
  ): Promise<RecurringMemberRow[]> {
    this.calls.push(`recurringMembers(${currency},${from},${to},${groups.length})`);
    const wanted = new Set(groups.map((g) => `${g.direction}\n${g.key}`));
    return Promise.resolve(
      this.recurringCandidates(currency, from, to)
        .filter((c) => wanted.has(`${c.direction}\n${c.key}`))
        .map(({ t, name, key, direction }) => ({ key, direction, date: t.date, id: t.id, category: t.category, name })),
    );
  }

  statementImports(limit: number, after?: { imported_at: string; id: string }): Promise<StatementImportRow[]> {
    this.calls.push(`statementImports(${limit})`);
    const rows = [...this.stored.imports ?? []]
      .sort((a, b) => desc(a.imported_at, b.imported_at) || desc(a.id, b.id))
      .filter((r) =>
        after === undefined || r.imported_at < after.imported_at ||
        (r.imported_at === after.imported_at && r.id < after.id)
      );
    return Promise.resolve(rows.slice(0, limit));
  }

  statementTransactions(f: StatementTransactionFilter): Promise<StatementTransactionRow[]> {
    this.calls.push(`statementTransactions(${f.limit})`);
    const rows = (this.stored.transactions ?? [])
      .map(asRow)
      .filter((t) =>
        (f.statement_import_id === undefined || t.statement_import_id === f.statement_import_id) &&
        (f.from === undefined || t.date >= f.from) &&
        (f.to === undefined || t.date <= f.to) &&
        (f.category === undefined || t.category === f.category) &&
        (f.kind === undefined || t.kind === f.kind) &&
        (f.after === undefined || t.date < f.after.date || (t.date === f.after.date && t.id < f.after.id))
      )
      .sort((a, b) => desc(a.date, b.date) || desc(a.id, b.id));
    return Promise.resolve(rows.slice(0, f.limit));
  }

  statementBalances(currency: string | null, dates: readonly string[]): Promise<StatementBalanceRow[]> {
    this.calls.push(`statementBalances(${currency},${dates.join(",")})`);
    const asc = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    const counted = (this.stored.imports ?? []).filter((i) => i.status !== "processing" && i.status !== "failed");
    const accountOf = new Map(counted.map((i) => [i.id, JSON.stringify([i.account_name, i.currency])]));
    const rows = counted
      .filter((i) => currency === null || i.currency === currency)
      .map((i): StatementBalanceRow => {
        const all = this.stored.transactions ?? [];
        const own = all.filter((t) => t.statement_import_id === i.id);
        // The account's transactions: the stored rows of every counted import of the same name and currency.
        const account = JSON.stringify([i.account_name, i.currency]);
        const mine = all.filter((t) => accountOf.get(t.statement_import_id) === account);
        const sortedDates = own.map((t) => t.date).sort(asc);
        const span = statementSpan({
          statementStart: i.statement_start,
          statementEnd: i.statement_end,
          firstDate: sortedDates[0] ?? null,
          lastDate: sortedDates[sortedDates.length - 1] ?? null,
        });
        const between = (through: string) =>
          span === null || through < span.start
            ? 0
            : mine.reduce((sum, t) => (t.date >= span.start && t.date <= through ? sum + t.amount_minor : sum), 0);
        const upTo = (d: string) => (span === null ? 0 : between(d < span.end ? d : span.end));
        return {
          id: i.id,
          account_name: i.account_name,
          currency: i.currency,
          statement_start: i.statement_start,
          statement_end: i.statement_end,
          opening_balance_minor: i.opening_balance_minor,
          closing_balance_minor: i.closing_balance_minor,
          imported_at: i.imported_at,
          transaction_count: own.length,
          first_date: sortedDates[0] ?? null,
          last_date: sortedDates[sortedDates.length - 1] ?? null,
          through_end_minor: span === null ? 0 : between(span.end),
          through_dates_minor: dates.map(upTo),
        };
      })
      .sort((a, b) =>
        asc(a.account_name, b.account_name) || asc(a.currency, b.currency) || asc(a.imported_at, b.imported_at) ||
        asc(a.id, b.id)
      );
    return Promise.resolve(rows);
  }

  categorizationRules(): Promise<CategorizationRuleRow[]> {
    this.calls.push("categorizationRules()");
    return Promise.resolve([...this.stored.rules ?? []].sort((a, b) => a.position - b.position));
  }

  /** As `me_categorization_suggestion_inputs` (API.md §10.4): candidates per (key, direction), then history. */
  categorizationSuggestionInputs(from: string, to: string): Promise<SuggestionInputRow[]> {
    this.calls.push(`categorizationSuggestionInputs(${from},${to})`);
    const historyFrom = addMonths(to, -25) ?? "0000-12-31";
    const candidates = new Map<string, SuggestionInputRow>();
    const history = new Map<string, StoredTransaction[]>();
    for (const t of this.stored.transactions ?? []) {
      const kind = resolved(t);
      if ((kind !== "income" && kind !== "expense") || t.amount_minor === 0) continue;
      const source = t.counterparty !== null && t.counterparty.length > 0 ? t.counterparty : t.description ?? "";
      const key = recurringKey(source);
      if (key === "") continue;
      const direction = t.amount_minor > 0 ? "inflow" : "outflow";
      const group = `${key}\n${direction}`;
      if (t.category === null || t.category === "") {
        if (t.date < from || t.date > to) continue;
        const c = candidates.get(group);
        candidates.set(group, {
          kind: "candidate",
          key,
          direction,
          category: null,
          date: null,
          id: null,
          txn_count: (c?.txn_count ?? 0) + 1,
          rn: null,
        });
      } else if (t.date > historyFrom && t.date <= to) {
        const list = history.get(group) ?? [];
        list.push(t);
        history.set(group, list);
      }
    }
    const rows: SuggestionInputRow[] = [...candidates.values()];
    for (const c of candidates.values()) {
      const list = (history.get(`${c.key}\n${c.direction}`) ?? [])
        .sort((a, b) => desc(a.date, b.date) || desc(a.id, b.id))
        .slice(0, 5);
      list.forEach((t, i) =>
        rows.push({
          kind: "history",
          key: c.key,
          direction: c.direction,
          category: t.category,
          date: t.date,
          id: t.id,
          txn_count: 1,
          rn: i + 1,
        })
      );
    }
    return Promise.resolve(rows);
  }

  exchangeRates(currencies: readonly string[], from: string, to: string): Promise<ExchangeRateRow[]> {
    this.calls.push(`exchangeRates(${currencies.join(",")},${from},${to})`);
    const asc = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
    return Promise.resolve(
      (this.stored.rates ?? [])
        .filter((r) => currencies.includes(r.quote) && r.date >= from && r.date <= to)
        .sort((a, b) => asc(a.base, b.base) || asc(a.quote, b.quote) || asc(a.date, b.date)),
    );
  }

  async ledgerConversion(from: string, to: string, report: string, ratesFrom: string): Promise<LedgerConversionRows> {
    this.calls.push(`ledgerConversion(${from},${to},${report},${ratesFrom})`);
    // The currencies of the caller's accounts (in SQL a transaction's currency is its import's).
    const currencies = [
      ...new Set([
        ...(this.stored.imports ?? []).map((i) => i.currency),
        ...(this.stored.transactions ?? []).map((t) => t.currency),
      ]),
    ].filter((c) => c !== report);
    if (currencies.length === 0) return { days: [], rates: [] };
    const days = await this.ledgerDailyTotals(from, to, currencies);
    const rates = await this.exchangeRates([report, ...currencies], ratesFrom, to);
    this.calls.splice(-2); // one read, logged once
    return { days, rates };
  }

  ledgerDailyTotals(from: string, to: string, currencies: readonly string[]): Promise<LedgerDayRow[]> {
    this.calls.push(`ledgerDailyTotals(${from},${to},${currencies.join(",")})`);
    const groups = new Map<string, { -readonly [K in keyof LedgerDayRow]: LedgerDayRow[K] }>();
    for (const t of this.stored.transactions ?? []) {
      if (t.date < from || t.date > to || !currencies.includes(t.currency)) continue;
      const kind = resolved(t);
      const key = JSON.stringify([t.currency, t.date, kind, t.category]);
      const g = groups.get(key);
      if (g === undefined) {
        groups.set(key, {
          currency: t.currency,
          date: t.date,
          kind,
          category: t.category,
          amount_minor: t.amount_minor,
          transaction_count: 1,
        });
      } else {
        g.amount_minor += t.amount_minor;
        g.transaction_count += 1;
      }
    }
    const asc = (a: string | null, b: string | null) => a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1;
    return Promise.resolve(
      [...groups.values()].sort((a, b) =>
        asc(a.currency, b.currency) || asc(a.kind, b.kind) || asc(a.category, b.category) || asc(a.date, b.date)
      ),
    );
  }
}
