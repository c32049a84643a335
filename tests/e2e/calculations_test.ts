/**
 * End to end over real HTTP: the four calculation endpoints on small inputs whose results are worked by hand,
 * plus the error statuses a calculation can answer. One server for the file.
 */
import { createClient } from "@supabase/supabase-js";
import assert from "node:assert/strict";
import { assertConforms, assertProblem, type Harness, startHarness } from "./harness.ts";
import { zeroMonth } from "../helpers/cashflow-months.ts";

let harness: Harness;

Deno.test.beforeAll(async () => {
  harness = await startHarness({ database: "none" });
});
Deno.test.afterAll(async () => {
  await harness?.close();
});

function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return harness.fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

Deno.test("POST /v1/analytics/cashflow: a hand-worked year", async () => {
  const response = await post("/v1/analytics/cashflow", {
    currency: "eur",
    year: 2026,
    transactions: [
      { date: "2026-01-05", amount: "2500.00" }, // income by sign
      { date: "2026-01-10", amount: -100.5, category: "Food" }, // expense by sign, JSON number
      { date: "2026-01-15", amount: "20.25", kind: "expense" }, // refund: reduces expenses
      { date: "2026-02-01", amount: "-500", kind: "transfer" }, // left out
      { date: "2026-03-03", amount: "-0.01" },
      { date: "2025-12-31", amount: "-40.00" }, // outside the year
    ],
  });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "application/json");
  assert.equal(response.headers.get("cache-control"), "no-store");
  // January: income 2500.00, expenses 100.50 − 20.25 = 80.25, net 2419.75. March: expenses 0.01.
  const months = [
    { month: 1, income: "2500.00", expenses: "80.25", net: "2419.75", cumulative_net: "2419.75", transaction_count: 3 },
    zeroMonth(2, "2419.75"),
    { month: 3, income: "0.00", expenses: "0.01", net: "-0.01", cumulative_net: "2419.74", transaction_count: 1 },
    ...[4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => zeroMonth(m, "2419.74")),
  ];
  const body = await response.json();
  assertConforms("calculate_cashflow", body);
  assert.deepEqual(body, {
    currency: "EUR",
    year: 2026,
    months,
    totals: { income: "2500.00", expenses: "80.26", net: "2419.74", transaction_count: 4 },
    months_with_activity: 2,
    // 2500.00 / 2, 80.26 / 2, 2419.74 / 2
    monthly_average: { income: "1250.00", expenses: "40.13", net: "1209.87" },
    savings_rate_percent: 96.79, // 2419.74 / 2500.00 × 100 = 96.7896
    excluded: { transfer_count: 1, outside_period_count: 1 },
  });
});

Deno.test("POST /v1/analytics/spending-by-category: hand-worked totals, shares and order", async () => {
  const response = await post("/v1/analytics/spending-by-category", {
    currency: "EUR",
    from: "2026-01-01",
    to: "2026-01-31",
    transactions: [
      { date: "2026-01-02", amount: "-30.00", category: "Food" },
      { date: "2026-01-03", amount: "-20.00", category: "Food" },
      { date: "2026-01-04", amount: "-50.00", category: "Rent" },
      { date: "2026-01-05", amount: "-25.00" },
      { date: "2026-01-06", amount: "10.00", category: "Food", kind: "expense" }, // refund
      { date: "2026-01-07", amount: "1000.00" }, // income
      { date: "2026-01-08", amount: "-99.00", kind: "transfer" },
      { date: "2026-02-01", amount: "-5.00", category: "Food" }, // outside
    ],
  });
  assert.equal(response.status, 200);
  const body = await response.json();
  assertConforms("calculate_spending_by_category", body);
  assert.deepEqual(body, {
    currency: "EUR",
    from: "2026-01-01",
    to: "2026-01-31",
    total: "115.00",
    categories: [
      { category: "Rent", total: "50.00", share_percent: 43.48, transaction_count: 1 }, // 50/115 = 43.478
      { category: "Food", total: "40.00", share_percent: 34.78, transaction_count: 3 }, // 40/115 = 34.783
      { category: null, total: "25.00", share_percent: 21.74, transaction_count: 1 }, // 25/115 = 21.739
    ],
    excluded: { income_count: 1, transfer_count: 1, outside_period_count: 1 },
  });
});

Deno.test("POST /v1/analytics/spending-by-category: refunds exceed spending, so every share_percent is null", async () => {
  const response = await post("/v1/analytics/spending-by-category", {
    currency: "EUR",
    transactions: [
      { date: "2026-05-02", amount: "-40.00", category: "Clothes" },
      { date: "2026-05-09", amount: "120.00", category: "Clothes", kind: "expense" }, // a refund of an older buy
      { date: "2026-05-03", amount: "-25.50", category: "Food" },
      { date: "2026-05-04", amount: "-4.50" },
    ],
  });
  assert.equal(response.status, 200);
  const body = await response.json();
  assertConforms("calculate_spending_by_category", body);
  // Clothes 40.00 − 120.00 = −80.00; Food 25.50; uncategorized 4.50; total −80.00 + 25.50 + 4.50 = −50.00.
  assert.deepEqual(body, {
    currency: "EUR",
    from: null,
    to: null,
    total: "-50.00",
    categories: [
      { category: "Food", total: "25.50", share_percent: null, transaction_count: 1 },
      { category: null, total: "4.50", share_percent: null, transaction_count: 1 },
      { category: "Clothes", total: "-80.00", share_percent: null, transaction_count: 2 },
    ],
    excluded: { income_count: 0, transfer_count: 0, outside_period_count: 0 },
  });
});

Deno.test("supabase-js functions.invoke with a region (?forceFunctionRegion=) is served, not refused", async () => {
  const seen: string[] = [];
  // The gateway's part, as `npm start` does it: strip `/functions/v1` and hand the rest to the function.
  const gateway: typeof fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    seen.push(url.pathname + url.search);
    return harness.fetch(url.pathname.replace(/^\/functions\/v1/, "") + url.search, init);
  };
  const supabase = createClient(harness.base, "anon-key", { global: { fetch: gateway } });
  const { data, error } = await supabase.functions.invoke("v1/analytics/spending-by-category", {
    body: {
      currency: "EUR",
      from: "2026-01-01",
      to: "2026-01-31",
      transactions: [{ date: "2026-01-02", amount: "-30.00", category: "Food" }],
    },
    region: "eu-central-1" as never,
  });
  assert.equal(error, null, String(error));
  assert.deepEqual(seen, ["/functions/v1/v1/analytics/spending-by-category?forceFunctionRegion=eu-central-1"]);
  assert.deepEqual(data, {
    currency: "EUR",
    from: "2026-01-01",
    to: "2026-01-31",
    total: "30.00",
    categories: [{ category: "Food", total: "30.00", share_percent: 100, transaction_count: 1 }],
    excluded: { income_count: 0, transfer_count: 0, outside_period_count: 0 },
  });
});

const row = (
  category: string,
  budgeted: string,
  spent: string,
  remaining: string,
  percent_used: number | null,
  status: string,
) => ({ category, budgeted, spent, remaining, percent_used, status });

Deno.test("POST /v1/budget/summary: under, near, over and unbudgeted", async () => {
  const response = await post("/v1/budget/summary", {
    currency: "EUR",
    year: 2026,
    month: 3,
    budgets: [
      { category: "Rent", amount: "50.00" },
      { category: "Food", amount: "100.00" },
      { category: "Fun", amount: 10 },
    ],
    transactions: [
      { date: "2026-03-01", amount: "2000.00" },
      { date: "2026-03-02", amount: "-95.00", category: "Food" },
      { date: "2026-03-03", amount: "-60.00", category: "Rent" },
      { date: "2026-03-04", amount: "-12.34", category: "Travel" },
      { date: "2026-02-28", amount: "-1.00", category: "Food" }, // another month
    ],
  });
  assert.equal(response.status, 200);
  const body = await response.json();
  assertConforms("calculate_budget_summary", body);
  assert.deepEqual(body, {
    currency: "EUR",
    year: 2026,
    month: 3,
    period_start: "2026-03-01",
    period_end: "2026-03-31",
    income: "2000.00",
    budgeted: "160.00",
    spent: "167.34", // 95 + 60 + 12.34
    remaining: "-7.34",
    unbudgeted_spent: "12.34",
    carryover_in: "0.00", // no rollover: zero, and available = remaining
    available: "-7.34",
    categories: [
      { ...row("Food", "100.00", "95.00", "5.00", 95, "near"), carryover_in: "0.00", available: "5.00" },
      { ...row("Fun", "10.00", "0.00", "10.00", 0, "under"), carryover_in: "0.00", available: "10.00" },
      { ...row("Rent", "50.00", "60.00", "-10.00", 120, "over"), carryover_in: "0.00", available: "-10.00" },
      { ...row("Travel", "0.00", "12.34", "-12.34", null, "unbudgeted"), carryover_in: "0.00", available: "-12.34" },
    ],
  });
});

Deno.test("POST /v1/goals/progress: behind with a projection, and an overfunded goal", async () => {
  const response = await post("/v1/goals/progress", {
    as_of: "2026-06-30",
    goals: [
      {
        id: "car",
        name: "Car",
        currency: "EUR",
        target_amount: "1200.00",
        target_date: "2026-12-31",
        contributions: [
          { date: "2026-03-15", amount: "200.00" },
          { date: "2026-01-15", amount: "100.00" },
          { date: "2026-07-01", amount: "50.00" }, // after as_of: ignored
        ],
      },
      { name: "Bike", currency: "jpy", target_amount: 1000, contributions: [{ date: "2026-06-01", amount: "1500" }] },
    ],
  });
  assert.equal(response.status, 200);
  const body = await response.json();
  assertConforms("calculate_goal_progress", body);
  assert.deepEqual(body, {
    as_of: "2026-06-30",
    goals: [
      {
        id: "car",
        name: "Car",
        currency: "EUR",
        target_amount: "1200.00",
        saved_amount: "300.00",
        remaining_amount: "900.00",
        percent_complete: 25,
        target_date: "2026-12-31",
        months_remaining: 7, // payment dates June 30, July 30, …, December 30
        required_monthly_contribution: "128.58", // 900 / 7 = 128.571…, rounded up
        average_monthly_contribution: "50.00", // 300 over January..June = 6 months
        // ceil(900 / 50) = 18 payments, the first on as_of: 2026-06-30 + 17 months. (Was 2027-12-30, as_of + 18,
        // when the first payment was taken to be a month after as_of.)
        projected_completion_date: "2027-11-30",
        status: "behind",
      },
      {
        id: null,
        name: "Bike",
        currency: "JPY",
        target_amount: "1000",
        saved_amount: "1500",
        remaining_amount: "0",
        percent_complete: 150,
        target_date: null,
        months_remaining: null,
        required_monthly_contribution: null,
        average_monthly_contribution: "1500",
        projected_completion_date: null,
        status: "completed",
      },
    ],
  });
});

Deno.test("calculation errors over HTTP: 400, 413, 415, 422 with pointers, 404, 405", async () => {
  await assertProblem(await post("/v1/analytics/cashflow", '{"currency": "EUR",'), 400, "invalid_json");
  const duplicate = await assertProblem(
    await post("/v1/analytics/cashflow", '{"currency":"EUR","currency":"USD","year":2026,"transactions":[]}'),
    422,
    "validation_failed",
  );
  assert.deepEqual(duplicate.errors.map((e: { code: string }) => e.code), ["duplicate_key"]);
  const invalidUtf8 = await harness.fetch("/v1/analytics/cashflow", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: new Uint8Array([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x3a, 0x31, 0x7d]),
  });
  await assertProblem(invalidUtf8, 400, "invalid_json");
  const form = await harness.fetch("/v1/analytics/cashflow", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: "currency=EUR",
  });
  await assertProblem(form, 415, "unsupported_media_type");
  const latin1 = await post("/v1/analytics/cashflow", "{}", { "Content-Type": "application/json; charset=iso-8859-1" });
  await assertProblem(latin1, 415, "unsupported_media_type");

  const invalid = await assertProblem(
    await post("/v1/analytics/cashflow", {
      currency: "EUR",
      year: 2026,
      transactions: [{ date: "2026-02-30", amount: "1.005" }, { date: "2026-01-01", amount: "1e3" }],
    }),
    422,
    "validation_failed",
  );
  const located = invalid.errors.map((e: { pointer: string; code: string }) => `${e.pointer} ${e.code}`).sort();
  assert.deepEqual(located, [
    "/transactions/0/amount too_many_decimals",
    "/transactions/0/date invalid_date",
    "/transactions/1/amount exponent_not_allowed",
  ]);
  const unknownCurrency = await assertProblem(
    await post("/v1/analytics/cashflow", { currency: "XXY", year: 2026, transactions: [] }),
    422,
    "validation_failed",
  );
  assert.deepEqual(unknownCurrency.errors.map((e: { pointer: string }) => e.pointer), ["/currency"]);

  const get = await harness.fetch("/v1/analytics/cashflow");
  assert.equal(get.headers.get("allow"), "POST, OPTIONS");
  await assertProblem(get, 405, "method_not_allowed");
  await assertProblem(await harness.fetch("/v1/analytics/cashflowz"), 404, "not_found");
  await assertProblem(await harness.fetch("/v2/analytics/cashflow", { method: "POST" }), 404, "not_found");
});

Deno.test("exact-JSON and value problems in one 422: an exponent, an impossible date, too many decimals", async () => {
  // Stage 1 (the JSON text): the exponent of transactions[2]. Stage 2 (the values, the shape being right): the date
  // of transactions[0] and the decimals of transactions[11]. One answer, sorted by pointer (11 after 2).
  const filler = Array.from({ length: 8 }, (_, i) => `{"date":"2026-01-${String(i + 10)}","amount":"-1.00"}`);
  const body = `{"currency":"EUR","year":2026,"transactions":[{"date":"2026-02-30","amount":"-5.00"},` +
    `{"date":"2026-01-02","amount":"2.00"},{"date":"2026-01-03","amount":-12e2},${filler.join(",")},` +
    `{"date":"2026-01-20","amount":"3.456"}]}`;
  const problem = await assertProblem(await post("/v1/analytics/cashflow", body), 422, "validation_failed");
  assert.deepEqual(problem.errors.map((e: { pointer: string; code: string }) => [e.pointer, e.code]), [
    ["/transactions/0/date", "invalid_date"],
    ["/transactions/2/amount", "exponent_not_allowed"],
    ["/transactions/11/amount", "too_many_decimals"],
  ]);
  assert.equal(problem.detail, "The request has 3 invalid values; see errors.");
});

Deno.test("413: a declared Content-Length over the limit, and a chunked body that grows past it", async () => {
  const limit = harness.config.limits.maxBodyBytes;
  const big = JSON.stringify({ currency: "EUR", year: 2026, transactions: [], pad: "x".repeat(limit) });
  await assertProblem(await post("/v1/analytics/cashflow", big), 413, "payload_too_large");
  // A streamed body has no Content-Length: the server must count the bytes as they arrive.
  const chunk = new TextEncoder().encode(" ".repeat(64 * 1024));
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent > limit * 4) return controller.close(); // never reached: the server stops reading first
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  const response = await harness.fetch("/v1/analytics/cashflow", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: stream,
  });
  await assertProblem(response, 413, "payload_too_large");
  assert.ok(sent < limit * 4, `the server stopped reading after ${sent} bytes`);
});

Deno.test("a bearer token sent to a calculation route must be valid", async () => {
  const body = { currency: "EUR", year: 2026, transactions: [] };
  const ok = await post("/v1/analytics/cashflow", body, { Authorization: `Bearer ${await harness.token()}` });
  assert.equal(ok.status, 200);
  await ok.body?.cancel();
  const bad = await post("/v1/analytics/cashflow", body, { Authorization: "Bearer not.a.jwt" });
  assert.match(bad.headers.get("www-authenticate")!, /^Bearer error="invalid_token"/);
  await assertProblem(bad, 401, "unauthorized");
});

Deno.test("POST /v1/budget/summary with rollover and POST /v1/analytics/trends: 200 and their 422s", async () => {
  const budget = {
    currency: "EUR",
    year: 2026,
    month: 2,
    budgets: [{ category: "Food", amount: "100.00" }],
    rollover: "positive",
    history: [{ year: 2026, month: 1, budgets: [{ category: "Food", amount: "100.00" }] }],
    transactions: [{ date: "2026-01-10", amount: "-60.00", category: "Food" }],
  };
  const ok = await (await post("/v1/budget/summary", budget)).json();
  assertConforms("calculate_budget_summary", ok);
  assert.deepEqual([ok.carryover_in, ok.available, ok.categories[0].carryover_in], ["40.00", "140.00", "40.00"]);

  const history = Array.from({ length: 25 }, (_, i) => ({ year: 2024, month: (i % 12) + 1, budgets: [] }));
  const cases: [string, unknown, string][] = [
    ["/v1/budget/summary", { ...budget, rollover: "carry" }, "/rollover"],
    ["/v1/budget/summary", { ...budget, history }, "/history"],
    ["/v1/budget/summary", { ...budget, history: [budget.history[0], budget.history[0]] }, "/history/1"],
    ["/v1/budget/summary", { ...budget, history: [{ year: 2026, month: 3, budgets: [] }] }, "/history/0"],
    ["/v1/analytics/trends", { currency: "EUR", year: 2026, month: 2, months: 1, transactions: [] }, "/months"],
    ["/v1/analytics/trends", { currency: "EUR", year: 2026, month: 2, months: 25, transactions: [] }, "/months"],
  ];
  for (const [path, body, pointer] of cases) {
    const problem = await assertProblem(await post(path, body), 422, "validation_failed");
    assert.equal(problem.errors?.[0]?.pointer, pointer, JSON.stringify(problem.errors));
  }

  const trends = await (await post("/v1/analytics/trends", {
    currency: "EUR",
    year: 2026,
    month: 2,
    months: 2,
    transactions: [{ date: "2026-02-10", amount: "-5.00", category: "Books" }],
  })).json();
  assertConforms("calculate_trends", trends);
  assert.deepEqual(trends.categories[0], {
    category: "Books",
    monthly: ["0.00", "5.00"],
    mean: "2.50",
    median: "2.50",
    current: "5.00",
    trailing_average: "0.00",
    change_percent: null,
    flag: "new",
  });
});

Deno.test("POST /v1/analytics/net-worth: a hand-worked credit card and checking account; bounded input", async () => {
  const response = await post("/v1/analytics/net-worth", {
    currency: "EUR",
    from: "2024-02-01",
    to: "2024-02-29",
    statements: [
      // Credit card: −200.00 − 150.00 = −350.00 computed; it reports −350.01 (off by one cent).
      {
        account_name: "Visa",
        statement_start: "2024-02-01",
        statement_end: "2024-02-29",
        opening_balance: "-200.00",
        closing_balance: "-350.01",
        transactions: [{ date: "2024-02-12", amount: "-150.00" }],
      },
      // Checking with no bounds: its span is its transactions' dates, 02-03…02-10; 50.00 + 10.00 + 5.00 = 65.00.
      {
        account_name: "Checking",
        opening_balance: 50,
        transactions: [{ date: "2024-02-10", amount: "5.00" }, { date: "2024-02-03", amount: "10.00" }],
      },
    ],
  });
  assert.equal(response.status, 200);
  const body = await response.json();
  assertConforms("calculate_net_worth", body);
  // On the leap day: Checking's computed 65.00 (no closing reported) + Visa's −350.00 inside its span = −285.00.
  assert.deepEqual([body.net_worth, body.series], ["-285.00", [{
    date: "2024-02-29",
    total: "-285.00",
    account_count: 2,
  }]]);
  assert.deepEqual(body.accounts.map((a: { account_name: string }) => a.account_name), ["Checking", "Visa"]);
  assert.equal(body.accounts[1].statements[0].difference, "-0.01");

  const statement = { account_name: "A", opening_balance: "0", transactions: [] };
  const cases: [unknown, string, string][] = [
    [{ currency: "EUR", from: "2024-03-01", to: "2024-02-01", statements: [] }, "/to", "invalid_range"],
    [{ currency: "EUR", from: "2014-01-01", to: "2024-01-02", statements: [] }, "/to", "out_of_range"],
    [
      { currency: "EUR", from: "2024-01-01", to: "2024-01-02", statements: Array(1001).fill(statement) },
      "/statements",
      "too_many_items",
    ],
  ];
  for (const [body, pointer, code] of cases) {
    const problem = await assertProblem(await post("/v1/analytics/net-worth", body), 422, "validation_failed");
    assert.deepEqual([problem.errors?.[0]?.pointer, problem.errors?.[0]?.code], [pointer, code]);
  }
});

Deno.test("POST /v1/analytics/recurring and /forecast over HTTP: reports, and 422s for bad horizon, as_of, balance", async () => {
  const transactions = ["2026-01-05", "2026-02-05", "2026-03-05"].map((
    date,
    i,
  ) => ({
    id: `n${i}`,
    date,
    amount: "-15.99",
    counterparty: "Netflix",
  }));
  const recurring = await (await post("/v1/analytics/recurring", {
    currency: "EUR",
    as_of: "2026-03-20",
    transactions,
  }))
    .json();
  assertConforms("calculate_recurring", recurring);
  assert.deepEqual(
    recurring.streams.map((
      s: Record<string, unknown>,
    ) => [s.key, s.frequency, s.status, s.predicted_next_date]),
    [["netflix", "monthly", "active", "2026-04-05"]],
  );
  const forecast = await (await post("/v1/analytics/forecast", {
    currency: "EUR",
    as_of: "2026-03-20",
    starting_balance: "20.00",
    horizon_days: 30,
    transactions,
  })).json();
  assertConforms("calculate_forecast", forecast);
  // One event on 04-05: 20.00 − 15.99 = 4.01; trailing net −47.97 → floor(2000 × 90 / 4797) = 37 days.
  assert.deepEqual(
    [
      forecast.end_date,
      forecast.ending_balance,
      forecast.trailing_90_day_net,
      forecast.runway_days,
    ],
    ["2026-04-19", "4.01", "-47.97", 37],
  );
  const base = {
    currency: "EUR",
    as_of: "2026-03-20",
    starting_balance: "1.00",
    transactions: [],
  };
  const cases: [Record<string, unknown>, string][] = [
    [{ ...base, horizon_days: 0 }, "/horizon_days"],
    [{ ...base, horizon_days: 367 }, "/horizon_days"],
    [{ currency: "EUR", starting_balance: "1.00", transactions: [] }, "/as_of"],
    [{ ...base, starting_balance: "1.001" }, "/starting_balance"],
    [{ ...base, starting_balance: "12,00" }, "/starting_balance"],
  ];
  for (const [body, pointer] of cases) {
    const problem = await assertProblem(
      await post("/v1/analytics/forecast", body),
      422,
      "validation_failed",
    );
    assert.equal(
      problem.errors?.[0]?.pointer,
      pointer,
      JSON.stringify(problem.errors),
    );
  }
});
