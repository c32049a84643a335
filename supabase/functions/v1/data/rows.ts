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

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A real `YYYY-MM-DD` date (years 0001–9999), checked without an allocation: what isoDate accepts. */
function isValidDate(s: string): boolean {
  if (s.length !== 10 || s.charCodeAt(4) !== 45 || s.charCodeAt(7) !== 45) return false;
  let year = 0;
  for (let i = 0; i < 4; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return false;
    year = year * 10 + c;
  }
  const m0 = s.charCodeAt(5) - 48, m1 = s.charCodeAt(6) - 48, d0 = s.charCodeAt(8) - 48, d1 = s.charCodeAt(9) - 48;
  if (m0 < 0 || m0 > 9 || m1 < 0 || m1 > 9 || d0 < 0 || d0 > 9 || d1 < 0 || d1 > 9) return false;
  const month = m0 * 10 + m1;
  const day = d0 * 10 + d1;
  if (year < 1 || month < 1 || month > 12 || day < 1) return false;
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return day <= (month === 2 && leap ? 29 : MONTH_DAYS[month - 1]!);
}

/** One `me_exchange_rates` row (a pair, its dates and rates) as one ExchangeRateRow per date, in date order. */
export function toExchangeRates(r: Row, out: ExchangeRateRow[]): void {
  if (!exchangeRatesFast(r, out)) exchangeRatesChecked(r, out);
}

/**
 * The common case of toExchangeRates and toLedgerDays (every value as the driver writes it) checked in one loop,
 * without an object or a field name per array element; false, having added nothing, when anything is off: the
 * element-by-element mappers then say what.
 */
function exchangeRatesFast(r: Row, out: ExchangeRateRow[]): boolean {
  const { base, quote, dates, rates } = r;
  if (typeof base !== "string" || typeof quote !== "string" || !Array.isArray(dates) || !Array.isArray(rates)) {
    return false;
  }
  const n = dates.length;
  if (rates.length !== n) return false;
  for (let i = 0; i < n; i++) {
    const date = dates[i];
    const rate = rates[i];
    if (typeof date !== "string" || !isValidDate(date) || typeof rate !== "string" || !RATE_TEXT.test(rate)) {
      return false;
    }
  }
  for (let i = 0; i < n; i++) out.push({ base, quote, date: dates[i] as string, rate: rates[i] as string });
  return true;
}

function ledgerDaysFast(r: Row, out: LedgerDayRow[]): boolean {
  const { currency, kind: k, category, dates, amounts_minor: amounts, transaction_counts: counts } = r;
  if (
    typeof currency !== "string" || (k !== "income" && k !== "expense" && k !== "transfer") ||
    (category !== null && typeof category !== "string") || !Array.isArray(dates) || !Array.isArray(amounts) ||
    !Array.isArray(counts)
  ) return false;
  const n = dates.length;
  if (amounts.length !== n || counts.length !== n) return false;
  for (let i = 0; i < n; i++) {
    const date = dates[i];
    if (typeof date !== "string" || !isValidDate(date)) return false;
    if (!Number.isSafeInteger(amounts[i]) || !Number.isSafeInteger(counts[i])) return false;
  }
  pushDays(out, currency, k, category, dates as string[], amounts as number[], counts as number[]);
  return true;
}

/** One day group's checked lists as one LedgerDayRow per day, in date order. */
function pushDays(
  out: LedgerDayRow[],
  currency: string,
  kind: LedgerDayRow["kind"],
  category: string | null,
  dates: readonly string[],
  amounts: readonly number[],
  counts: readonly number[],
): void {
  for (const i of dateOrder(dates)) {
    out.push({ currency, date: dates[i]!, kind, category, amount_minor: amounts[i]!, transaction_count: counts[i]! });
  }
}

/**
 * The indexes of `dates` in ascending date order: a row's days may come in any order (me_ledger_conversion does
 * not sort them, the mapper does); its dates are distinct (one day group per date).
 */
function dateOrder(dates: readonly string[]): number[] {
  const n = dates.length;
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) sorted = dates[i - 1]! < dates[i]!;
  if (sorted) return Array.from({ length: n }, (_, i) => i);
  // A number per date that orders like the date (year · 512 + month · 32 + day), then one slot per number between
  // the first and the last (a year or so of days), filled in one pass.
  const keys: number[] = new Array(n);
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < n; i++) {
    const d = dates[i]!;
    const key = (((d.charCodeAt(0) * 10 + d.charCodeAt(1)) * 10 + d.charCodeAt(2)) * 10 + d.charCodeAt(3)) * 512 +
      (d.charCodeAt(5) * 10 + d.charCodeAt(6)) * 32 + d.charCodeAt(8) * 10 + d.charCodeAt(9);
    keys[i] = key;
    if (key < min) min = key;
    if (key > max) max = key;
  }
  if (max - min <= 16 * n + 1024) {
    const slots: (number | undefined)[] = new Array(max - min + 1);
    let distinct = true;
    for (let i = 0; i < n && distinct; i++) {
      const at = keys[i]! - min;
      if (slots[at] !== undefined) distinct = false;
      else slots[at] = i;
    }
    if (distinct) {
      const order: number[] = [];
      for (const i of slots) if (i !== undefined) order.push(i);
      return order;
    }
  }
  return Array.from({ length: n }, (_, i) => i).sort((a, b) => keys[a]! - keys[b]! || a - b);
}

function exchangeRatesChecked(r: Row, out: ExchangeRateRow[]): void {
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

/**
 * One `me_ledger_daily_totals` or `me_ledger_conversion` day-group row (a currency, kind and category with its
 * days) as one LedgerDayRow per day, in date order.
 */
export function toLedgerDays(r: Row, out: LedgerDayRow[]): void {
  if (!ledgerDaysFast(r, out)) ledgerDaysChecked(r, out);
}

/**
 * One `me_ledger_conversion` row: a day-group row (no `base`) as LedgerDayRows in date order, a rate row as
 * ExchangeRateRows in date order. Its lists come as comma-separated text (see the function): every element is checked,
 * a date, a safe integer, a plain positive decimal, and the lists of a row must have the same length.
 */
export function toLedgerConversion(r: Row, days: LedgerDayRow[], rates: ExchangeRateRow[]): void {
  if (r.base === null || r.base === undefined) {
    const currency = text(r, "currency");
    const k = kind(r, "kind");
    const category = nullableText(r, "category");
    const dates = dateList(r, "dates");
    const amounts = integerList(r, "amounts_minor", dates.length);
    const counts = integerList(r, "transaction_counts", dates.length);
    pushDays(days, currency, k, category, dates, amounts, counts);
    return;
  }
  const base = text(r, "base");
  const quote = text(r, "quote");
  const dates = dateList(r, "dates");
  const values = list(r, "rates", dates.length);
  for (let i = 0; i < values.length; i++) {
    if (!RATE_TEXT.test(values[i]!)) listError("rates", i, values[i], "a decimal rate");
  }
  for (const i of dateOrder(dates)) rates.push({ base, quote, date: dates[i]!, rate: values[i]! });
}

/** A comma-separated list (of `length` elements when given). */
function list(r: Row, field: string, length?: number): string[] {
  const value = r[field];
  const parts = typeof value === "string" && value !== "" ? value.split(",") : null;
  if (parts === null || (length !== undefined && parts.length !== length)) return listRefused(field, value, length);
  return parts;
}

function listRefused(field: string, value: unknown, length?: number): never {
  throw new UnexpectedDataError(
    `database column ${field}: expected a comma-separated list${length === undefined ? "" : ` of ${length}`}, ` +
      `got ${typeof value === "string" ? JSON.stringify(value.slice(0, 40)) : String(value)}`,
  );
}

function listError(field: string, i: number, value: unknown, expected: string): never {
  throw new UnexpectedDataError(
    `database column ${field}[${i}]: expected ${expected}, got ${JSON.stringify(String(value).slice(0, 40))}`,
  );
}

/** A list of YYYY-MM-DD dates: ten characters each, so cut at fixed places, each one a real date. */
function dateList(r: Row, field: string): string[] {
  const value = r[field];
  if (typeof value !== "string" || value.length % 11 !== 10) {
    // Not ten characters apart: some element is no date (every real date is ten characters); say which.
    const parts = list(r, field);
    parts.forEach((d, i) => isValidDate(d) || listError(field, i, d, "a date YYYY-MM-DD"));
    return parts;
  }
  const n = (value.length + 1) / 11;
  const dates: string[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const date = value.slice(i * 11, i * 11 + 10);
    if ((i > 0 && value.charCodeAt(i * 11 - 1) !== 44) || !isValidDate(date)) {
      listError(field, i, date, "a date YYYY-MM-DD");
    }
    dates[i] = date;
  }
  return dates;
}

/**
 * A list of `length` integers within ±(2^53 − 1), read exactly from their digits in one scan (at most 16 digits; a
 * value beyond the safe integers is refused, never rounded: while the digits read are a safe integer every step is
 * exact, and a larger value cannot come back below 2^53).
 */
function integerList(r: Row, field: string, length: number): number[] {
  const value = r[field];
  if (typeof value !== "string" || value === "") return listRefused(field, value, length);
  const out: number[] = new Array(length);
  const end = value.length;
  let k = 0;
  let i = 0;
  while (i <= end) {
    const start = i;
    const negative = value.charCodeAt(i) === 45;
    if (negative) i++;
    let v = 0;
    let digits = 0;
    for (; i < end; i++) {
      const c = value.charCodeAt(i);
      if (c === 44) break;
      if (c < 48 || c > 57) digits = 99;
      v = v * 10 + (c - 48);
      digits++;
    }
    if (digits === 0 || digits > 16 || !Number.isSafeInteger(v) || k >= length) {
      listError(field, k, value.slice(start, value.indexOf(",", start) >>> 0), "a safe integer");
    }
    out[k++] = negative ? 0 - v : v;
    i++; // the comma
  }
  if (k !== length) return listRefused(field, value, length);
  return out;
}

function ledgerDaysChecked(r: Row, out: LedgerDayRow[]): void {
  const currency = text(r, "currency");
  const k = kind(r, "kind");
  const category = nullableText(r, "category");
  const dates = arrayOf(r, "dates", null, isoDate);
  const amounts = arrayOf(r, "amounts_minor", dates.length, safeInteger);
  const counts = arrayOf(r, "transaction_counts", dates.length, safeInteger);
  pushDays(out, currency, k, category, dates, amounts, counts);
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
