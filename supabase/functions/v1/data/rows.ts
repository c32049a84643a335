/** One mapper per SQL read function (docs/ARCHITECTURE.md): database row -> AccountData row. */
import type {
  BudgetMonthRow,
  BudgetRow,
  ExchangeRateRow,
  GoalRow,
  LedgerDayRow,
  LedgerTotalRow,
  MonthlySpendingRow,
  ProfileRow,
  RecurringMemberRow,
  RecurringOccurrenceRow,
  StatementBalanceRow,
  StatementImportRow,
  StatementTransactionRow,
} from "@pfa/core/contracts/account-data.ts";
import {
  direction,
  isoDate,
  kind,
  nullableIsoDate,
  nullableSafeInteger,
  nullableText,
  rfc3339Utc,
  type Row,
  safeInteger,
  safeIntegerArray,
  text,
  uuid,
} from "./values.ts";
import { UnexpectedDataError } from "./errors.ts";

export function toProfile(r: Row): ProfileRow {
  return {
    default_currency: nullableText(r, "default_currency"),
    timezone: nullableText(r, "timezone") ?? "UTC",
    today: isoDate(r, "today"),
  };
}

export function toLedgerTotal(r: Row): LedgerTotalRow {
  return {
    currency: text(r, "currency"),
    month: nullableIsoDate(r, "month"),
    kind: kind(r, "kind"),
    category: nullableText(r, "category"),
    amount_minor: safeInteger(r, "amount_minor"),
    transaction_count: safeInteger(r, "transaction_count"),
  };
}

/** An array column of `length` elements (the parallel arrays of one row), each checked by `check`. */
function arrayOf<T>(r: Row, field: string, length: number | null, check: (row: Row, field: string) => T): T[] {
  const value = r[field];
  if (!Array.isArray(value) || (length !== null && value.length !== length)) {
    throw new TypeError(`read function column ${field} is not an array of the row's length`);
  }
  return value.map((v, i) => check({ [`${field}[${i}]`]: v }, `${field}[${i}]`));
}

const RATE_TEXT = /^\d+(\.\d+)?$/;

/** One `me_exchange_rates` row (a pair, its dates and rates) as one ExchangeRateRow per date, in date order. */
export function toExchangeRates(r: Row, out: ExchangeRateRow[]): void {
  const base = text(r, "base");
  const quote = text(r, "quote");
  const dates = arrayOf(r, "dates", null, isoDate);
  const rates = arrayOf(r, "rates", dates.length, text);
  for (let i = 0; i < dates.length; i++) {
    // numeric as text: a plain positive decimal (the table's check); anything else is a driver bug, not a rate.
    if (!RATE_TEXT.test(rates[i]!)) throw new TypeError("me_exchange_rates returned a rate that is not a decimal");
    out.push({ base, quote, date: dates[i]!, rate: rates[i]! });
  }
}

/** One `me_ledger_daily_totals` row (a currency, kind and category with its days) as one LedgerDayRow per day. */
export function toLedgerDays(r: Row, out: LedgerDayRow[]): void {
  const currency = text(r, "currency");
  const k = kind(r, "kind");
  const category = nullableText(r, "category");
  const dates = arrayOf(r, "dates", null, isoDate);
  const amounts = arrayOf(r, "amounts_minor", dates.length, safeInteger);
  const counts = arrayOf(r, "transaction_counts", dates.length, safeInteger);
  for (let i = 0; i < dates.length; i++) {
    out.push({
      currency,
      date: dates[i]!,
      kind: k,
      category,
      amount_minor: amounts[i]!,
      transaction_count: counts[i]!,
    });
  }
}

export function toBudget(r: Row): BudgetRow {
  return { currency: text(r, "currency"), category: text(r, "category"), amount_minor: safeInteger(r, "amount_minor") };
}

export function toBudgetMonth(r: Row): BudgetMonthRow {
  return { month: isoDate(r, "month"), category: text(r, "category"), amount_minor: safeInteger(r, "amount_minor") };
}

export function toMonthlySpending(r: Row): MonthlySpendingRow {
  return {
    month: isoDate(r, "month"),
    category: nullableText(r, "category"),
    amount_minor: safeInteger(r, "amount_minor"),
    transaction_count: safeInteger(r, "transaction_count"),
  };
}

export function toGoal(r: Row): GoalRow {
  return {
    id: uuid(r, "id"),
    name: text(r, "name"),
    currency: text(r, "currency"),
    target_minor: safeInteger(r, "target_minor"),
    target_date: nullableIsoDate(r, "target_date"),
    saved_minor: safeInteger(r, "saved_minor"),
    first_contribution_date: nullableIsoDate(r, "first_contribution_date"),
    contribution_count: safeInteger(r, "contribution_count"),
  };
}

export function toStatementImport(r: Row): StatementImportRow {
  return {
    id: uuid(r, "id"),
    account_name: text(r, "account_name"),
    file_name: text(r, "file_name"),
    format: text(r, "format"),
    status: text(r, "status"),
    statement_start: nullableIsoDate(r, "statement_start"),
    statement_end: nullableIsoDate(r, "statement_end"),
    currency: text(r, "currency"),
    opening_balance_minor: nullableSafeInteger(r, "opening_balance_minor"),
    closing_balance_minor: nullableSafeInteger(r, "closing_balance_minor"),
    transaction_count: safeInteger(r, "transaction_count"),
    duplicate_count: safeInteger(r, "duplicate_count"),
    error_count: safeInteger(r, "error_count"),
    imported_at: rfc3339Utc(r, "imported_at"),
  };
}

function categorySource(r: Row): StatementTransactionRow["category_source"] {
  const value = r.category_source;
  if (value === null || value === "file" || value === "rule") return value;
  throw new UnexpectedDataError(`database column category_source: expected file, rule or null, got ${String(value)}`);
}

function kindSource(r: Row): StatementTransactionRow["kind_source"] {
  const value = r.kind_source;
  if (value === "file" || value === "rule" || value === "default") return value;
  throw new UnexpectedDataError(`database column kind_source: expected file, rule or default, got ${String(value)}`);
}

export function toStatementTransaction(r: Row): StatementTransactionRow {
  return {
    id: uuid(r, "id"),
    statement_import_id: uuid(r, "statement_import_id"),
    date: isoDate(r, "date"),
    amount_minor: safeInteger(r, "amount_minor"),
    currency: text(r, "currency"),
    description: nullableText(r, "description"),
    counterparty: nullableText(r, "counterparty"),
    category: nullableText(r, "category"),
    kind: kind(r, "kind"),
    category_source: categorySource(r),
    category_rule_id: r.category_rule_id === null ? null : uuid(r, "category_rule_id"),
    kind_source: kindSource(r),
    kind_rule_id: r.kind_rule_id === null ? null : uuid(r, "kind_rule_id"),
  };
}

export function toRecurringOccurrence(r: Row): RecurringOccurrenceRow {
  return {
    key: text(r, "key"),
    direction: direction(r, "direction"),
    date: isoDate(r, "date"),
    amount_minor: safeInteger(r, "amount_minor"),
    transaction_count: safeInteger(r, "transaction_count"),
  };
}

export function toRecurringMember(r: Row): RecurringMemberRow {
  return {
    key: text(r, "key"),
    direction: direction(r, "direction"),
    date: isoDate(r, "date"),
    id: uuid(r, "id"),
    category: nullableText(r, "category"),
    name: text(r, "name"),
  };
}

export function toStatementBalance(r: Row): StatementBalanceRow {
  return {
    id: uuid(r, "id"),
    account_name: text(r, "account_name"),
    currency: text(r, "currency"),
    statement_start: nullableIsoDate(r, "statement_start"),
    statement_end: nullableIsoDate(r, "statement_end"),
    opening_balance_minor: nullableSafeInteger(r, "opening_balance_minor"),
    closing_balance_minor: nullableSafeInteger(r, "closing_balance_minor"),
    imported_at: rfc3339Utc(r, "imported_at"),
    transaction_count: safeInteger(r, "transaction_count"),
    first_date: nullableIsoDate(r, "first_date"),
    last_date: nullableIsoDate(r, "last_date"),
    through_end_minor: safeInteger(r, "through_end_minor"),
    through_dates_minor: safeIntegerArray(r, "through_dates_minor"),
  };
}
