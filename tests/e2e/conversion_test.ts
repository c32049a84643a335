/**
 * End to end over real HTTP: the four POST reports with `conversion` (issue 26) on small hand-worked inputs, a 422
 * for a bad rate, and the MCP tools taking the same `conversion` argument with the same answer. One server.
 */
import assert from "node:assert/strict";
import { assertConforms, assertProblem, type Harness, startHarness } from "./harness.ts";
import { Client, StreamableHTTPClientTransport } from "../../supabase/functions/v1/mcp/sdk.ts";

let harness: Harness;

Deno.test.beforeAll(async () => {
  harness = await startHarness({ database: "none" });
});
Deno.test.afterAll(async () => {
  await harness?.close();
});

function post(path: string, body: unknown): Promise<Response> {
  return harness.fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

// EUR/USD 1.25 on Friday 2026-01-02: a USD amount on Saturday 2026-01-03 is ÷ 1.25.
const RATES = { rates: [{ date: "2026-01-02", base: "EUR", quote: "USD", rate: "1.25" }] };
const TRANSACTIONS = [
  { date: "2026-01-05", amount: "100.00", category: "Salary" },
  { date: "2026-01-03", amount: "-10.00", currency: "USD", category: "Food" }, // one day group with the refund:
  { date: "2026-01-03", amount: "2.50", currency: "USD", category: "Food", kind: "expense" }, // −7.50 ÷ 1.25 = −6.00
  { date: "2026-01-20", amount: "-3.00", currency: "USD", category: "Food" }, // 18 days after the rate: unconverted
];
const USD_ENTRY = {
  currency: "USD",
  converted_count: 2,
  converted_amount: "-7.50",
  converted_to: "-6.00",
  unconverted_count: 1,
  unconverted_amount: "-3.00",
  first_rate_date: "2026-01-02",
  last_rate_date: "2026-01-02",
  max_rate_age_days_used: 1,
  route: "inverse",
};

Deno.test("POST /v1/analytics/cashflow with conversion", async () => {
  const response = await post("/v1/analytics/cashflow", {
    currency: "EUR",
    conversion: RATES,
    transactions: TRANSACTIONS,
  });
  assert.equal(response.status, 200);
  const body = await response.json();
  assertConforms("calculate_cashflow", body);
  assert.equal(body.year, 2026);
  assert.deepEqual(body.totals, { income: "100.00", expenses: "6.00", net: "94.00", transaction_count: 3 });
  assert.deepEqual(body.conversion, { source: "request", max_rate_age_days: 7, currencies: [USD_ENTRY] });
  assert.equal("other_currencies" in body, false);
});

Deno.test("POST /v1/analytics/spending-by-category with conversion", async () => {
  const response = await post("/v1/analytics/spending-by-category", {
    currency: "EUR",
    conversion: RATES,
    transactions: TRANSACTIONS,
  });
  assert.equal(response.status, 200);
  const body = await response.json();
  assertConforms("calculate_spending_by_category", body);
  assert.equal(body.total, "6.00");
  assert.deepEqual(body.categories, [{ category: "Food", total: "6.00", share_percent: 100, transaction_count: 2 }]);
  assert.deepEqual(body.excluded, { income_count: 1, transfer_count: 0, outside_period_count: 0 });
  assert.deepEqual(body.conversion.currencies, [USD_ENTRY]);
});

Deno.test("POST /v1/budget/summary with conversion", async () => {
  const response = await post("/v1/budget/summary", {
    currency: "EUR",
    year: 2026,
    month: 1,
    budgets: [{ category: "Food", amount: "20.00" }],
    conversion: RATES,
    transactions: TRANSACTIONS,
  });
  assert.equal(response.status, 200);
  const body = await response.json();
  assertConforms("calculate_budget_summary", body);
  assert.equal(body.income, "100.00");
  assert.equal(body.spent, "6.00");
  assert.equal(body.remaining, "14.00");
  assert.deepEqual(body.conversion.currencies, [USD_ENTRY]);
});

Deno.test("POST /v1/analytics/net-worth with conversion", async () => {
  const response = await post("/v1/analytics/net-worth", {
    currency: "EUR",
    from: "2026-01-03",
    to: "2026-01-03",
    conversion: RATES,
    statements: [
      {
        account_name: "Card",
        currency: "USD",
        statement_start: "2026-01-01",
        opening_balance: "-12.50",
        transactions: [],
      },
      { account_name: "Main", statement_start: "2026-01-01", opening_balance: "50.00", transactions: [] },
    ],
  });
  assert.equal(response.status, 200);
  const body = await response.json();
  assertConforms("calculate_net_worth", body);
  // −12.50 USD ÷ 1.25 = −10.00 EUR; 50.00 − 10.00 = 40.00.
  assert.deepEqual(body.series, [{ date: "2026-01-03", total: "40.00", account_count: 2 }]);
  assert.deepEqual(
    body.accounts.map((a: Record<string, unknown>) => [a.account_name, a.balance, a.converted_balance]),
    [
      ["Card", "-12.50", "-10.00"],
      ["Main", "50.00", "50.00"],
    ],
  );
  assert.equal(body.conversion.currencies[0].converted_to, "-10.00");
});

Deno.test("POST with a zero rate: 422 at the rate's pointer", async () => {
  const response = await post("/v1/analytics/cashflow", {
    currency: "EUR",
    conversion: { rates: [{ date: "2026-01-02", base: "EUR", quote: "USD", rate: "0" }] },
    transactions: TRANSACTIONS,
  });
  const problem = await assertProblem(response, 422, "validation_failed");
  assert.deepEqual(problem.errors?.map((e: { pointer?: string; code: string }) => [e.pointer, e.code]), [[
    "/conversion/rates/0/rate",
    "out_of_range",
  ]]);
});

Deno.test("MCP calculate_cashflow takes `conversion` and answers the REST body", async () => {
  const transport = new StreamableHTTPClientTransport(new URL(`${harness.base}/v1/mcp`));
  const client = new Client({ name: "e2e", version: "1.0.0" });
  await client.connect(transport);
  const { tools } = await client.listTools();
  for (
    const name of [
      "calculate_cashflow",
      "calculate_spending_by_category",
      "calculate_budget_summary",
      "calculate_net_worth",
    ]
  ) {
    const properties = tools.find((t) => t.name === name)?.inputSchema.properties as Record<string, unknown>;
    assert.ok("conversion" in properties, name);
  }
  const args = { currency: "EUR", conversion: RATES, transactions: TRANSACTIONS };
  const result = await client.callTool({ name: "calculate_cashflow", arguments: args });
  const rest = await (await post("/v1/analytics/cashflow", args)).text();
  assert.equal(result.isError, undefined, JSON.stringify(result.content));
  assert.deepEqual(result.structuredContent, JSON.parse(rest));
  await client.close();
});
