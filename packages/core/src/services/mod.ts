export { type LedgerEntry, resolveKind } from "./ledger-entry.ts";
export { type Cashflow, cashflow, type CashflowMonth } from "./cashflow.ts";
export { type CategorySpending, type Spending, spendingByCategory } from "./spending-by-category.ts";
export {
  type Budget,
  type BudgetCategory,
  type BudgetResult,
  type BudgetStatus,
  budgetStatus,
  budgetSummary,
} from "./budget-summary.ts";
export {
  type Contribution,
  type ContributionSummary,
  type GoalFacts,
  type GoalProgress,
  goalProgress,
  type GoalStatus,
  summarizeContributions,
} from "./goal-progress.ts";
export { compareCategory } from "./category-order.ts";
export { carryoverIn, type ChainMonth, type RolloverPolicy } from "./carryover-in.ts";
export { type BudgetMonth, budgetRollover, type RolloverCategory, type RolloverResult } from "./budget-rollover.ts";
export { type TrendFlag, type TrendSeries, trendSeries } from "./trend-series.ts";
export { type CategoryTrend, spendingTrends, type TrendsResult } from "./spending-trends.ts";
