/**
 * Tool calls shared by the MCP end-to-end tests: one input per calculation tool, and the REST route each tool
 * mirrors, taken from the contract (API.md §6), not from the code.
 */
export interface ToolCall {
  readonly tool: string;
  readonly method: "get" | "post";
  readonly path: string;
  readonly args: Record<string, unknown>;
}

export const TRANSACTIONS = [
  { date: "2026-01-05", amount: "2500.00", category: "Salary" },
  { date: "2026-01-10", amount: -100.5, category: "Food" },
  { date: "2026-02-11", amount: "-42.10", category: "Food", kind: "expense" },
  { date: "2026-02-12", amount: "-19.99" },
  { date: "2026-02-20", amount: "-500", kind: "transfer" },
];
export const CALCULATION_CALLS: readonly ToolCall[] = [
  {
    tool: "calculate_cashflow",
    method: "post",
    path: "/v1/analytics/cashflow",
    args: { currency: "eur", year: 2026, transactions: TRANSACTIONS },
  },
  {
    tool: "calculate_spending_by_category",
    method: "post",
    path: "/v1/analytics/spending-by-category",
    args: { currency: "EUR", from: "2026-01-01", to: "2026-02-28", transactions: TRANSACTIONS },
  },
  {
    tool: "calculate_budget_summary",
    method: "post",
    path: "/v1/budget/summary",
    args: {
      currency: "EUR",
      year: 2026,
      month: 2,
      budgets: [{ category: "Food", amount: "45.00" }, { category: "Rent", amount: 900 }],
      transactions: TRANSACTIONS,
    },
  },
  {
    tool: "calculate_goal_progress",
    method: "post",
    path: "/v1/goals/progress",
    args: {
      as_of: "2026-06-30",
      goals: [{
        id: "g1",
        name: "Bike",
        currency: "EUR",
        target_amount: "1200.00",
        target_date: "2026-12-31",
        contributions: [{ date: "2026-01-31", amount: "100.00" }, { date: "2026-03-31", amount: 250 }],
      }],
    },
  },
  {
    tool: "calculate_trends",
    method: "post",
    path: "/v1/analytics/trends",
    args: { currency: "EUR", year: 2026, month: 2, months: 2, transactions: TRANSACTIONS },
  },
  {
    tool: "calculate_net_worth",
    method: "post",
    path: "/v1/analytics/net-worth",
    args: {
      currency: "EUR",
      from: "2026-01-01",
      to: "2026-02-15",
      statements: [
        {
          account_name: "Checking",
          statement_start: "2026-01-01",
          statement_end: "2026-01-31",
          opening_balance: "100.00",
          closing_balance: "2399.50",
          transactions: TRANSACTIONS.slice(0, 2),
        },
        { account_name: "Visa", opening_balance: "-20.00", transactions: TRANSACTIONS.slice(2, 4) },
      ],
    },
  },
];

export const RECURRING_TRANSACTIONS = [
  ...TRANSACTIONS,
  { id: "n1", date: "2026-01-05", amount: "-15.99", description: "NETFLIX.COM 4412", category: "Subscriptions" },
  { id: "n2", date: "2026-02-05", amount: "-15.99", counterparty: "Netflix.com" },
  { id: "n3", date: "2026-03-05", amount: "-15.99", counterparty: "NETFLIX COM", category: "Subscriptions" },
];
/** The recurring and forecast calculations (API.md §9.1, §9.2). */
export const RECURRING_CALLS: readonly ToolCall[] = [
  {
    tool: "calculate_recurring",
    method: "post",
    path: "/v1/analytics/recurring",
    args: { currency: "EUR", as_of: "2026-03-20", transactions: RECURRING_TRANSACTIONS },
  },
  {
    tool: "calculate_forecast",
    method: "post",
    path: "/v1/analytics/forecast",
    args: {
      currency: "EUR",
      as_of: "2026-03-20",
      starting_balance: "100.00",
      horizon_days: 60,
      transactions: RECURRING_TRANSACTIONS,
    },
  },
];

/** The categorization calculations (API.md §10.2, §10.4). */
export const CATEGORIZATION_CALLS: readonly ToolCall[] = [
  {
    tool: "categorize_transactions",
    method: "post",
    path: "/v1/analytics/categorize",
    args: {
      rules: [
        { id: "subs", conditions: [{ field: "text", op: "key_equals", value: "netflix com" }], set: { category: "S" } },
        { id: "big", conditions: [{ field: "amount", op: "lte", value: "-500" }], set: { kind: "transfer" } },
      ],
      transactions: RECURRING_TRANSACTIONS,
    },
  },
  {
    tool: "calculate_categorization_suggestions",
    method: "post",
    path: "/v1/analytics/categorization/suggestions",
    args: { transactions: RECURRING_TRANSACTIONS },
  },
];

/** The REST request for the same input as a tool call: the arguments as the POST body, or as the query string. */
export function restRequest(base: string, call: Omit<ToolCall, "tool">, token?: string): Request {
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
  if (call.method === "post") {
    return new Request(base + call.path, {
      method: "POST",
      headers: { "Content-Type": "application/json", ...headers },
      body: JSON.stringify(call.args),
    });
  }
  const query = new URLSearchParams(Object.entries(call.args).map(([k, v]) => [k, String(v)])).toString();
  return new Request(base + call.path + (query ? `?${query}` : ""), { headers });
}
