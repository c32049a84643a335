/**
 * The rows a data generator produces, one array per table, in the tables' own column names. Money is integer
 * minor units (`number`, always a safe integer); dates are `YYYY-MM-DD`; timestamps RFC 3339 UTC.
 */
export type Kind = "income" | "expense" | "transfer";

export interface UserRow {
  readonly id: string;
  readonly email: string;
  readonly created_at: string;
}

export interface ProfileRow {
  readonly user_id: string;
  readonly default_currency: string | null;
  readonly timezone: string;
}

export interface StatementImportRow {
  readonly id: string;
  readonly user_id: string;
  readonly account_name: string;
  readonly file_name: string;
  readonly format: "csv" | "ofx" | "qif" | "camt053" | "mt940";
  readonly status: "processing" | "completed" | "partial" | "failed";
  readonly statement_start: string | null;
  readonly statement_end: string | null;
  readonly currency: string;
  readonly opening_balance_minor: number | null;
  readonly closing_balance_minor: number | null;
  readonly transaction_count: number;
  readonly duplicate_count: number;
  readonly error_count: number;
  readonly imported_at: string;
}

export interface StatementTransactionRow {
  readonly id: string;
  readonly user_id: string;
  readonly statement_import_id: string;
  readonly date: string;
  readonly amount_minor: number;
  readonly currency: string;
  readonly description: string | null;
  readonly counterparty: string | null;
  readonly category: string | null;
  /** As imported; null = not given (the sign rule decides). */
  readonly kind: Kind | null;
}

export interface BudgetRow {
  readonly id: string;
  readonly user_id: string;
  readonly month: string;
  readonly category: string;
  readonly amount_minor: number;
  readonly currency: string;
}

export interface GoalRow {
  readonly id: string;
  readonly user_id: string;
  readonly name: string;
  readonly currency: string;
  readonly target_minor: number;
  readonly target_date: string | null;
  readonly created_at: string;
}

export interface GoalContributionRow {
  readonly id: string;
  readonly user_id: string;
  readonly goal_id: string;
  readonly date: string;
  readonly amount_minor: number;
}

export interface Dataset {
  readonly users: UserRow[];
  readonly profiles: ProfileRow[];
  readonly statement_imports: StatementImportRow[];
  readonly statement_transactions: StatementTransactionRow[];
  readonly budgets: BudgetRow[];
  readonly goals: GoalRow[];
  readonly goal_contributions: GoalContributionRow[];
}

export function emptyDataset(): Dataset {
  return {
    users: [],
    profiles: [],
    statement_imports: [],
    statement_transactions: [],
    budgets: [],
    goals: [],
    goal_contributions: [],
  };
}

/** The kind a transaction counts as: its own, or by sign (positive = income, zero or negative = expense). */
export function effectiveKind(row: Pick<StatementTransactionRow, "kind" | "amount_minor">): Kind {
  return row.kind ?? (row.amount_minor > 0 ? "income" : "expense");
}
