/**
 * AccountData is the port through which account operations read the signed-in user's data. Drivers implement it
 * (supabase-js over PostgREST RPC, or direct SQL on PGlite / Postgres); both call the SQL read functions listed in
 * docs/ARCHITECTURE.md, and row-level security scopes every row to the caller. No method takes a user id.
 *
 * Money is signed integer minor units (`number`, always a safe integer; drivers reject anything else).
 * Dates are `YYYY-MM-DD` strings; timestamps are RFC 3339 strings in UTC.
 */
export type Kind = "income" | "expense" | "transfer";

export interface ProfileRow {
  readonly default_currency: string | null;
  /** IANA time zone; `UTC` when the profile has none. */
  readonly timezone: string;
  /** Today's date in `timezone`, computed by the database. */
  readonly today: string;
}

export interface LedgerTotalRow {
  readonly currency: string;
  /** First day of the month for rows inside the requested range; null for the rows outside it. */
  readonly month: string | null;
  readonly kind: Kind;
  readonly category: string | null;
  readonly amount_minor: number;
  readonly transaction_count: number;
}

export interface BudgetRow {
  readonly currency: string;
  readonly category: string;
  readonly amount_minor: number;
}

/** One budget row of a month (`me_budget_months`). */
export interface BudgetMonthRow {
  /** First day of the month. */
  readonly month: string;
  readonly category: string;
  readonly amount_minor: number;
}

/** Expense totals of one month and category (`me_monthly_spending`, from the monthly rollup). */
export interface MonthlySpendingRow {
  /** First day of the month. */
  readonly month: string;
  readonly category: string | null;
  /** Signed sum of the expense amounts (spending is negative, refunds positive). */
  readonly amount_minor: number;
  /** Expense transactions summed (at least 1). */
  readonly transaction_count: number;
}

/**
 * One occurrence of the recurring-stream rules (`me_recurring_occurrences`): the caller's `income` and `expense`
 * transactions with a non-zero amount in one currency, summed per (key, direction, date). Rows with an empty key
 * (`""`) are included so that the forecast's trailing net sees every transaction; they never form a stream.
 */
export interface RecurringOccurrenceRow {
  /** The normalized key (API.md §9.1 rule 2), computed by the database. */
  readonly key: string;
  readonly direction: "inflow" | "outflow";
  readonly date: string;
  /** Signed sum of the amounts on that date. */
  readonly amount_minor: number;
  readonly transaction_count: number;
}

/** One transaction of a recurring stream (`me_recurring_members`). */
export interface RecurringMemberRow {
  readonly key: string;
  readonly direction: "inflow" | "outflow";
  readonly date: string;
  readonly id: string;
  readonly category: string | null;
  /** The counterparty when non-empty, else the description (empty when neither). */
  readonly name: string;
}

export interface GoalRow {
  readonly id: string;
  readonly name: string;
  readonly currency: string;
  readonly target_minor: number;
  readonly target_date: string | null;
  /** Sum of contributions dated on or before `as_of`. */
  readonly saved_minor: number;
  readonly first_contribution_date: string | null;
  readonly contribution_count: number;
}

export interface StatementImportRow {
  readonly id: string;
  readonly account_name: string;
  readonly file_name: string;
  readonly format: string;
  readonly status: string;
  readonly statement_start: string | null;
  readonly statement_end: string | null;
  readonly currency: string;
  readonly opening_balance_minor: number | null;
  readonly closing_balance_minor: number | null;
  readonly transaction_count: number;
  readonly duplicate_count: number;
  readonly error_count: number;
  /** RFC 3339, UTC. */
  readonly imported_at: string;
}

export interface StatementTransactionRow {
  readonly id: string;
  readonly statement_import_id: string;
  readonly date: string;
  readonly amount_minor: number;
  readonly currency: string;
  readonly description: string | null;
  readonly counterparty: string | null;
  readonly category: string | null;
  readonly kind: Kind;
  /** Where the category came from (API.md §10.3): the statement file, a stored rule, or null (uncategorized). */
  readonly category_source: "file" | "rule" | null;
  /** The stored rule that set the category (category_source `rule`), else null. */
  readonly category_rule_id: string | null;
  /** Where the kind came from: the file, a stored rule, or `default` (the sign rule). */
  readonly kind_source: "file" | "rule" | "default";
  /** The stored rule that set the kind (kind_source `rule`), else null. */
  readonly kind_rule_id: string | null;
}

/**
 * One statement import with its transactions aggregated (`me_statement_balances`): what the balance rule of
 * API.md §9.3 needs, without the raw transactions. Imports that are `processing` or `failed` are never returned.
 */
export interface StatementBalanceRow {
  readonly id: string;
  readonly account_name: string;
  readonly currency: string;
  readonly statement_start: string | null;
  readonly statement_end: string | null;
  readonly opening_balance_minor: number | null;
  readonly closing_balance_minor: number | null;
  /** RFC 3339, UTC. */
  readonly imported_at: string;
  /** Transactions stored under this import (all dates). */
  readonly transaction_count: number;
  /** Earliest and latest dates of the transactions stored under this import; null without any. */
  readonly first_date: string | null;
  readonly last_date: string | null;
  /**
   * Sum of the **account's** transactions (the stored rows of every import of the same account name and currency
   * that is not `processing` or `failed`, each row once) dated in the statement's span: from its start through its
   * end, each derived as in API.md §9.6 when missing (a missing start is `first_date`, a missing end `last_date`,
   * ...). 0 for a statement without a span.
   */
  readonly through_end_minor: number;
  /**
   * For each requested date, in the order given: the account's transactions dated from the span's start through
   * the earlier of that date and the span's end; 0 when the date is before the start.
   */
  readonly through_dates_minor: readonly number[];
}

/** One stored exchange rate (`me_exchange_rates`): one unit of `base` is `rate` units of `quote` on `date`. */
export interface ExchangeRateRow {
  readonly base: string;
  readonly quote: string;
  readonly date: string;
  /** Exact positive decimal text, as stored (never a float). */
  readonly rate: string;
}

/**
 * One day group (`me_ledger_daily_totals`): the caller's transactions of one currency on one date with the same
 * effective kind and category, summed; the unit of currency conversion (API.md §11.3).
 */
export interface LedgerDayRow {
  readonly currency: string;
  readonly date: string;
  readonly kind: Kind;
  readonly category: string | null;
  /** Signed sum, minor units of `currency`. */
  readonly amount_minor: number;
  readonly transaction_count: number;
}

/** What a report converts, read at once (`me_ledger_conversion`): its day groups and the rates they can use. */
export interface LedgerConversionRows {
  /** By currency, kind, category (null last), then date, as ledgerDailyTotals gives them. */
  readonly days: LedgerDayRow[];
  /** By base, quote, then date, as exchangeRates gives them. */
  readonly rates: ExchangeRateRow[];
}

export interface StatementTransactionFilter {
  readonly limit: number;
  readonly after?: { readonly date: string; readonly id: string } | undefined;
  readonly statement_import_id?: string | undefined;
  readonly from?: string | undefined;
  readonly to?: string | undefined;
  readonly category?: string | undefined;
  readonly kind?: Kind | undefined;
}

/** One stored categorization rule (`me_categorization_rules`), in position order. */
export interface CategorizationRuleRow {
  /** The stored rule's UUID (UUID v5 of the rule's `id` in the user's namespace). */
  readonly id: string;
  readonly position: number;
  readonly name: string;
  readonly enabled: boolean;
  readonly match: "all" | "any";
  /** The conditions as validated when stored (JSON). */
  readonly conditions: unknown;
  /** `{ category?, kind? }` as validated when stored (JSON). */
  readonly set: unknown;
  /** RFC 3339, UTC. */
  readonly created_at: string;
  readonly updated_at: string;
}

/**
 * One row of the suggestions' inputs (`me_categorization_suggestion_inputs`, API.md §10.4), for the caller's
 * `expense` and `income` transactions (effective kind) with a non-zero amount and a non-empty key:
 * - `candidate`: one row per (key, direction) with `txn_count` uncategorized transactions dated `from` … `to`
 *   (`category`, `date`, `id` and `rn` null);
 * - `history`: for each (key, direction) that has candidates, its latest 5 categorized transactions dated after
 *   `to` − 25 months and on or before `to` (date descending, then id descending), `rn` 1…5.
 */
export interface SuggestionInputRow {
  readonly kind: "candidate" | "history";
  readonly key: string;
  readonly direction: "inflow" | "outflow";
  readonly category: string | null;
  readonly date: string | null;
  readonly id: string | null;
  readonly txn_count: number;
  readonly rn: number | null;
}

export interface AccountData {
  profile(): Promise<ProfileRow | null>;
  /** Aggregated statement transactions; see `me_ledger_totals` in docs/ARCHITECTURE.md. */
  ledgerTotals(from: string, to: string): Promise<LedgerTotalRow[]>;
  /** Budgets of the month that starts on `monthStart`. */
  budgets(monthStart: string): Promise<BudgetRow[]>;
  goals(asOf: string): Promise<GoalRow[]>;
  /** Budget rows in `currency` of the months `fromMonth`…`toMonth` (first days, inclusive), by month then category. */
  budgetMonths(currency: string, fromMonth: string, toMonth: string): Promise<BudgetMonthRow[]>;
  /**
   * Expense totals in `currency` per month and category for the months `fromMonth`…`toMonth` (first days,
   * inclusive), read from the monthly rollup; by month, then category (null last).
   */
  monthlySpending(currency: string, fromMonth: string, toMonth: string): Promise<MonthlySpendingRow[]>;
  /**
   * Occurrences in `currency` of the transactions dated `from` … `to` (inclusive), by key (code points), direction,
   * then date. See RecurringOccurrenceRow.
   */
  recurringOccurrences(currency: string, from: string, to: string): Promise<RecurringOccurrenceRow[]>;
  /**
   * The candidate transactions in `currency` dated `from` … `to` of the given (key, direction) groups, by key,
   * direction, date, then id.
   */
  recurringMembers(
    currency: string,
    from: string,
    to: string,
    groups: readonly { readonly key: string; readonly direction: "inflow" | "outflow" }[],
  ): Promise<RecurringMemberRow[]>;
  /** Up to `limit` rows after the keyset position, newest `imported_at` first, then `id` descending. */
  statementImports(
    limit: number,
    after?: { readonly imported_at: string; readonly id: string },
  ): Promise<StatementImportRow[]>;
  /** Up to `filter.limit` rows, `date` descending then `id` descending. */
  statementTransactions(filter: StatementTransactionFilter): Promise<StatementTransactionRow[]>;
  /**
   * Every statement import in `currency` (every currency when null) except `processing` and `failed` ones, with
   * its transactions aggregated, and their sums through each of `dates` (at most a few hundred dates). Read from
   * the daily per-statement rollup, never raw transactions; ordered by account name (code points), currency,
   * `imported_at`, then `id`.
   */
  statementBalances(currency: string | null, dates: readonly string[]): Promise<StatementBalanceRow[]>;
  /** The stored categorization rules, in position order. */
  categorizationRules(): Promise<CategorizationRuleRow[]>;
  /** The suggestions' candidates and history for the period `from` … `to`; see SuggestionInputRow. */
  categorizationSuggestionInputs(from: string, to: string): Promise<SuggestionInputRow[]>;
  /**
   * The stored exchange rates quoted in one of `currencies` dated `from` … `to` (inclusive): every rate a direct,
   * inverse or cross route into or out of those currencies can use. By base, quote, then date. Reference data: the
   * same for every user.
   */
  exchangeRates(currencies: readonly string[], from: string, to: string): Promise<ExchangeRateRow[]>;
  /**
   * The caller's day groups in `currencies` dated `from` … `to` (inclusive), read from the daily rollup, never raw
   * transactions; by currency, kind, category (null last), then date.
   */
  ledgerDailyTotals(from: string, to: string, currencies: readonly string[]): Promise<LedgerDayRow[]>;
  /**
   * What a report in `report` converts (API.md §11.3), in one read that needs nothing read before it: the caller's
   * day groups in every currency of their accounts other than `report`, dated `from` … `to` (= ledgerDailyTotals of
   * those currencies), and the stored rates quoted in `report` or one of those currencies dated `ratesFrom` … `to`
   * (= exchangeRates of them: every rate a route between them can use). No other currency: nothing.
   */
  ledgerConversion(from: string, to: string, report: string, ratesFrom: string): Promise<LedgerConversionRows>;
}
