/**
 * The AccountData port on top of "call SQL read function `name` with named arguments", shared by both drivers:
 * supabase-js calls `.rpc(name, args)`, the direct driver `select ... from public.<name>(arg => $n, ...)`. Every
 * argument is always sent (null when unused) so PostgREST resolves the one function of that name.
 */
import type { AccountData, ExchangeRateRow, LedgerDayRow } from "@pfa/core/contracts/account-data.ts";
import {
  toBudget,
  toBudgetMonth,
  toExchangeRates,
  toGoal,
  toLedgerConversion,
  toLedgerDays,
  toLedgerTotal,
  toMonthlySpending,
  toProfile,
  toRecurringMember,
  toRecurringOccurrence,
  toStatementBalance,
  toStatementImport,
  toStatementTransaction,
} from "./rows.ts";
import type { Row } from "./values.ts";
import { toCategorizationRule, toSuggestionInput } from "./categorization-rows.ts";

export type ReadFunction =
  | "me_profile"
  | "me_ledger_totals"
  | "me_budgets"
  | "me_goals"
  | "me_budget_months"
  | "me_monthly_spending"
  | "me_recurring_occurrences"
  | "me_recurring_members"
  | "me_statement_imports"
  | "me_statement_transactions"
  | "me_statement_balances"
  | "me_categorization_rules"
  | "me_categorization_suggestion_inputs"
  | "me_exchange_rates"
  | "me_ledger_daily_totals"
  | "me_ledger_conversion";

export type CallReadFunction = (name: ReadFunction, args: Readonly<Record<string, unknown>>) => Promise<Row[]>;

export function createAccountData(call: CallReadFunction): AccountData {
  return {
    async profile() {
      const rows = await call("me_profile", {});
      return rows.length === 0 ? null : toProfile(rows[0]!);
    },
    async ledgerTotals(from, to) {
      return (await call("me_ledger_totals", { p_from: from, p_to: to })).map(toLedgerTotal);
    },
    async budgets(monthStart) {
      return (await call("me_budgets", { p_month: monthStart })).map(toBudget);
    },
    async goals(asOf) {
      return (await call("me_goals", { p_as_of: asOf })).map(toGoal);
    },
    async budgetMonths(currency, fromMonth, toMonth) {
      const rows = await call("me_budget_months", { p_currency: currency, p_from: fromMonth, p_to: toMonth });
      return rows.map(toBudgetMonth);
    },
    async monthlySpending(currency, fromMonth, toMonth) {
      const rows = await call("me_monthly_spending", { p_currency: currency, p_from: fromMonth, p_to: toMonth });
      return rows.map(toMonthlySpending);
    },
    async recurringOccurrences(currency, from, to) {
      const rows = await call("me_recurring_occurrences", { p_currency: currency, p_from: from, p_to: to });
      return rows.map(toRecurringOccurrence);
    },
    async recurringMembers(currency, from, to, groups) {
      const rows = await call("me_recurring_members", {
        p_currency: currency,
        p_from: from,
        p_to: to,
        p_groups: groups.map((g) => ({ key: g.key, direction: g.direction })),
      });
      return rows.map(toRecurringMember);
    },
    async statementImports(limit, after) {
      const rows = await call("me_statement_imports", {
        p_limit: limit,
        p_after_imported_at: after?.imported_at ?? null,
        p_after_id: after?.id ?? null,
      });
      return rows.map(toStatementImport);
    },
    async statementTransactions(filter) {
      const rows = await call("me_statement_transactions", {
        p_limit: filter.limit,
        p_after_date: filter.after?.date ?? null,
        p_after_id: filter.after?.id ?? null,
        p_statement_import_id: filter.statement_import_id ?? null,
        p_from: filter.from ?? null,
        p_to: filter.to ?? null,
        p_category: filter.category ?? null,
        p_kind: filter.kind ?? null,
      });
      return rows.map(toStatementTransaction);
    },
    async statementBalances(currency, dates) {
      const rows = await call("me_statement_balances", { p_currency: currency, p_dates: [...dates] });
      return rows.map(toStatementBalance);
    },
    async categorizationRules() {
      return (await call("me_categorization_rules", {})).map(toCategorizationRule);
    },
    async categorizationSuggestionInputs(from, to) {
      const rows = await call("me_categorization_suggestion_inputs", { p_from: from, p_to: to });
      return rows.map(toSuggestionInput);
    },
    async exchangeRates(currencies, from, to) {
      const rows = await call("me_exchange_rates", { p_currencies: [...currencies], p_from: from, p_to: to });
      const out: ExchangeRateRow[] = [];
      for (const row of rows) toExchangeRates(row, out);
      return out;
    },
    async ledgerDailyTotals(from, to, currencies) {
      const rows = await call("me_ledger_daily_totals", { p_from: from, p_to: to, p_currencies: [...currencies] });
      const out: LedgerDayRow[] = [];
      for (const row of rows) toLedgerDays(row, out);
      return out;
    },
    async ledgerConversion(from, to, report, ratesFrom) {
      const rows = await call("me_ledger_conversion", {
        p_from: from,
        p_to: to,
        p_report: report,
        p_rates_from: ratesFrom,
      });
      const days: LedgerDayRow[] = [];
      const rates: ExchangeRateRow[] = [];
      for (const row of rows) toLedgerConversion(row, days, rates);
      return { days, rates };
    },
  };
}
