/**
 * Test support (not exported from mod.ts): an AccountData built from plain rows, following the SQL read functions'
 * contract in docs/ARCHITECTURE.md. It is the port's contract, not a mock of the code under test.
 */
import type {
  AccountData,
  BudgetMonthRow,
  BudgetRow,
  ExchangeRateRow,
  GoalRow,
  Kind,
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
} from "../contracts/account-data.ts";
import { compareCodePoints } from "../services/code-point-order.ts";
import { recurringKey } from "../services/recurring-key.ts";
import { keySource } from "../services/recurring-groups.ts";

/** A statement transaction as stored: the read function's row, with the kind as imported. */
export interface StoredTransaction extends Omit<StatementTransactionRow, "kind"> {
  /** Null: resolved from the sign. */
  readonly kind: Kind | null;
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
  /** Stored exchange rates (reference data, the same for every user). */
  readonly rates?: readonly ExchangeRateRow[];
}

const resolved = (t: StoredTransaction): Kind => t.kind ?? (t.amount_minor > 0 ? "income" : "expense");
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
      .map((t) => ({ ...t, kind: resolved(t) }))
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
    const rows = (this.stored.imports ?? [])
      .filter((i) =>
        i.status !== "processing" && i.status !== "failed" && (currency === null || i.currency === currency)
      )
      .map((i): StatementBalanceRow => {
        const own = (this.stored.transactions ?? []).filter((t) => t.statement_import_id === i.id);
        const through = (d: string | null) =>
          own.reduce((sum, t) => (d === null || t.date <= d ? sum + t.amount_minor : sum), 0);
        const sortedDates = own.map((t) => t.date).sort(asc);
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
          through_end_minor: through(i.statement_end),
          through_dates_minor: dates.map(through),
        };
      })
      .sort((a, b) =>
        asc(a.account_name, b.account_name) || asc(a.currency, b.currency) || asc(a.imported_at, b.imported_at) ||
        asc(a.id, b.id)
      );
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
