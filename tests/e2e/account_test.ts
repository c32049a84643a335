/**
 * Account endpoints end to end: real signed tokens, the production verifier, the direct SQL driver under
 * row-level security on a fresh database with e2e/fixtures.ts. Expected reports are worked by hand from the
 * fixtures.
 */
import assert from "node:assert/strict";
import {
  IMPORT_A1,
  IMPORT_A2,
  IMPORT_A3,
  IMPORT_B1,
  IMPORT_R1,
  pagerImportOrder,
  pagerTransactionOrder,
  TX_B1,
  TX_B2,
  txA,
  txR,
  USER_A,
  USER_B,
  USER_C,
  USER_NOBODY,
  USER_R,
} from "./fixtures.ts";
import { assertConforms, assertProblem, type Harness, startHarness } from "./harness.ts";
import { es256Key, sign, unsignedToken } from "./tokens.ts";
import { claimsFor } from "./tokens.ts";
import { zeroMonth } from "../helpers/cashflow-months.ts";

let harness: Harness;
const tokens: Record<string, string> = {};

Deno.test.beforeAll(async () => {
  harness = await startHarness();
  for (const user of [USER_A, USER_B, USER_C, USER_NOBODY]) tokens[user] = await harness.token(user);
});
Deno.test.afterAll(async () => {
  await harness?.close();
});

async function get(path: string, user = USER_A, headers: Record<string, string> = {}): Promise<Response> {
  return await harness.fetch(path, { headers: { Authorization: `Bearer ${tokens[user]}`, ...headers } });
}

// deno-lint-ignore no-explicit-any
async function ok(response: Response): Promise<any> {
  const text = await response.text();
  assert.equal(response.status, 200, text);
  assert.equal(response.headers.get("cache-control"), "private, no-cache");
  assert.equal(response.headers.get("vary"), "Authorization");
  assert.match(response.headers.get("etag")!, /^"[A-Za-z0-9_-]+"$/);
  return JSON.parse(text);
}

Deno.test("GET /v1/me/analytics/cashflow: user A's 2026 in EUR (the profile default), USD left out", async () => {
  const body = await ok(await get("/v1/me/analytics/cashflow?year=2026"));
  assertConforms("get_cashflow", body);
  assert.deepEqual(body, {
    currency: "EUR",
    year: 2026,
    months: [
      // 3000.00 salary; 120.50 food + 40.00 transport
      {
        month: 1,
        income: "3000.00",
        expenses: "160.50",
        net: "2839.50",
        cumulative_net: "2839.50",
        transaction_count: 3,
      },
      // 80.00 food − 15.00 refund; the 500.00 transfer is left out
      { month: 2, income: "0.00", expenses: "65.00", net: "-65.00", cumulative_net: "2774.50", transaction_count: 2 },
      {
        month: 3,
        income: "3000.00",
        expenses: "999.99",
        net: "2000.01",
        cumulative_net: "4774.51",
        transaction_count: 2,
      },
      ...[4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => zeroMonth(m, "4774.51")),
    ],
    totals: { income: "6000.00", expenses: "1225.49", net: "4774.51", transaction_count: 7 },
    months_with_activity: 3,
    // 6000.00 / 3; 1225.49 / 3 = 408.4966…; 4774.51 / 3 = 1591.5033…
    monthly_average: { income: "2000.00", expenses: "408.50", net: "1591.50" },
    savings_rate_percent: 79.58, // 4774.51 / 6000.00 × 100 = 79.575166…
    excluded: { transfer_count: 1, outside_period_count: 1 }, // the 2025-12-30 expense
    other_currencies: ["USD"],
  });
});

Deno.test("GET /v1/me/analytics/spending-by-category: user A, January and February", async () => {
  const body = await ok(await get("/v1/me/analytics/spending-by-category?from=2026-01-01&to=2026-02-28"));
  assertConforms("get_spending_by_category", body);
  assert.deepEqual(body, {
    currency: "EUR",
    from: "2026-01-01",
    to: "2026-02-28",
    total: "225.50",
    categories: [
      // 120.50 + 80.00 − 15.00; 185.50 / 225.50 = 82.261…
      { category: "Food", total: "185.50", share_percent: 82.26, transaction_count: 3 },
      { category: "Transport", total: "40.00", share_percent: 17.74, transaction_count: 1 },
    ],
    excluded: { income_count: 2, transfer_count: 1, outside_period_count: 2 },
    other_currencies: ["USD"],
  });
});

Deno.test("GET /v1/me/analytics/spending-by-category: a period holding only a refund has null shares", async () => {
  const body = await ok(await get("/v1/me/analytics/spending-by-category?from=2026-02-10&to=2026-02-20"));
  assertConforms("get_spending_by_category", body);
  assert.deepEqual(body, {
    currency: "EUR",
    from: "2026-02-10",
    to: "2026-02-20",
    total: "-15.00", // the 15.00 Food refund of 14 February is the period's only expense
    categories: [{ category: "Food", total: "-15.00", share_percent: null, transaction_count: 1 }],
    // both salaries (any date); the 20 February transfer; the EUR expenses of 30 December, 10 and 20 January,
    // 3 February and 5 March lie outside the period
    excluded: { income_count: 2, transfer_count: 1, outside_period_count: 5 },
    other_currencies: [],
  });
});

Deno.test("GET /v1/me/budget/summary: user A, February 2026", async () => {
  const body = await ok(await get("/v1/me/budget/summary?year=2026&month=2"));
  assertConforms("get_budget_summary", body);
  assert.deepEqual(body, {
    currency: "EUR",
    year: 2026,
    month: 2,
    period_start: "2026-02-01",
    period_end: "2026-02-28",
    income: "0.00",
    budgeted: "150.00",
    spent: "65.00",
    remaining: "85.00",
    unbudgeted_spent: "0.00",
    carryover_in: "0.00",
    available: "85.00",
    categories: [
      {
        category: "Food",
        budgeted: "100.00",
        spent: "65.00",
        remaining: "35.00",
        percent_used: 65,
        status: "under",
        carryover_in: "0.00",
        available: "35.00",
      },
      {
        category: "Transport",
        budgeted: "50.00",
        spent: "0.00",
        remaining: "50.00",
        percent_used: 0,
        status: "under",
        carryover_in: "0.00",
        available: "50.00",
      },
    ],
    other_currencies: ["USD"], // a USD budget for February
  });
});

Deno.test("GET /v1/me/budget/summary?rollover=full: user A, March 2026 carries February's budgets", async () => {
  const body = await ok(await get("/v1/me/budget/summary?year=2026&month=3&rollover=full"));
  assertConforms("get_budget_summary", body);
  // February: Food 100.00 − (80.00 − 15.00 refund) = 35.00 left, Transport 50.00 left; no March budgets.
  assert.deepEqual(
    [body.budgeted, body.spent, body.remaining, body.unbudgeted_spent, body.carryover_in, body.available],
    ["0.00", "999.99", "-999.99", "999.99", "85.00", "-914.99"],
  );
  assert.deepEqual(
    body.categories.map((
      c: Record<string, unknown>,
    ) => [c.category, c.budgeted, c.spent, c.status, c.carryover_in, c.available]),
    [
      ["Food", "0.00", "0.00", "unbudgeted", "35.00", "35.00"],
      ["Rent", "0.00", "999.99", "unbudgeted", "0.00", "-999.99"],
      ["Transport", "0.00", "0.00", "unbudgeted", "50.00", "50.00"],
    ],
  );
  const unknown = await assertProblem(await get("/v1/me/budget/summary?rollover=carry"), 422, "validation_failed");
  assert.equal(unknown.errors[0].parameter, "rollover");
});

Deno.test("GET /v1/me/analytics/trends: user A, December 2025 to February 2026", async () => {
  const body = await ok(await get("/v1/me/analytics/trends?year=2026&month=2&months=3"));
  assertConforms("get_trends", body);
  assert.deepEqual(body, {
    currency: "EUR",
    year: 2026,
    month: 2,
    months: 3,
    window_start: "2025-12-01",
    window_end: "2026-02-28",
    total: {
      monthly: ["10.00", "160.50", "65.00"],
      mean: "78.50",
      median: "65.00",
      current: "65.00",
      trailing_average: "85.25", // (10.00 + 160.50) / 2
      change_percent: -23.75, // (130.00 − 170.50) / 170.50 × 100 = −23.753…
      flag: null,
    },
    categories: [
      {
        category: "Food",
        monthly: ["10.00", "120.50", "65.00"], // February: 80.00 − 15.00 refund
        mean: "65.17", // 195.50 / 3
        median: "65.00",
        current: "65.00",
        trailing_average: "65.25",
        change_percent: -0.38, // (130.00 − 130.50) / 130.50 × 100
        flag: null,
      },
      {
        category: "Transport",
        monthly: ["0.00", "40.00", "0.00"],
        mean: "13.33",
        median: "0.00",
        current: "0.00",
        trailing_average: "20.00",
        change_percent: -100,
        flag: "drop",
      },
    ],
  });
  for (const months of ["1", "25"]) {
    const problem = await assertProblem(
      await get(`/v1/me/analytics/trends?months=${months}`),
      422,
      "validation_failed",
    );
    assert.equal(problem.errors[0].parameter, "months");
  }
});

function addMonthsClamped(iso: string, months: number): string {
  const [y, m, d] = iso.split("-").map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${year}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

Deno.test("GET /v1/me/goals/progress: user A's goals as of today (UTC profile)", async () => {
  const body = await ok(await get("/v1/me/goals/progress"));
  assertConforms("get_goal_progress", body);
  const today = new Date().toISOString().slice(0, 10);
  assert.equal(body.as_of, today);
  assert.deepEqual(body.goals, [
    {
      id: "4a000000-0000-4000-8000-000000000001",
      name: "Emergency fund",
      currency: "EUR",
      target_amount: "1000.00",
      saved_amount: "250.00", // one contribution, on the first of this month
      remaining_amount: "750.00",
      percent_complete: 25,
      target_date: null,
      months_remaining: null,
      required_monthly_contribution: null,
      average_monthly_contribution: "250.00", // one month counted
      // 750 / 250 = 3 payments, the first today: today + 2 months (today + 3 before the first payment date was
      // as_of itself)
      projected_completion_date: addMonthsClamped(today, 2),
      status: "no_target_date",
    },
    {
      id: "4a000000-0000-4000-8000-000000000002",
      name: "Laptop",
      currency: "EUR",
      target_amount: "1500.00",
      saved_amount: "1500.00",
      remaining_amount: "0.00",
      percent_complete: 100,
      target_date: "2020-01-31",
      months_remaining: 0,
      required_monthly_contribution: "0.00",
      average_monthly_contribution: "1500.00",
      projected_completion_date: null,
      status: "completed",
    },
  ]);
});

Deno.test("GET /v1/me/statements/imports: user A, newest first, amounts in the import's currency", async () => {
  const body = await ok(await get("/v1/me/statements/imports"));
  assertConforms("list_statement_imports", body);
  assert.equal(body.next_cursor, null);
  assert.deepEqual(body.data.map((i: { id: string }) => i.id), [IMPORT_A3, IMPORT_A2, IMPORT_A1]);
  assert.deepEqual(body.data[2], {
    id: IMPORT_A1,
    account_name: "Checking",
    file_name: "2026-01.csv",
    format: "csv",
    status: "completed",
    statement_start: "2026-01-01",
    statement_end: "2026-02-28",
    currency: "EUR",
    opening_balance: "1000.00",
    closing_balance: "2500.00",
    transaction_count: 8,
    duplicate_count: 0,
    error_count: 0,
    imported_at: "2026-03-01T10:00:00Z",
  });
  assert.equal(body.data[1].opening_balance, null);
});

Deno.test("GET /v1/me/statements/transactions: user A, date then id descending, and each filter", async () => {
  const all = await ok(await get("/v1/me/statements/transactions"));
  assertConforms("list_statement_transactions", all);
  assert.deepEqual(all.data.map((t: { id: string }) => t.id), [8, 7, 6, 5, 4, 3, 2, 10, 1, 9].map(txA));
  assert.deepEqual(all.data.find((t: { id: string }) => t.id === txA(5)), {
    id: txA(5),
    statement_import_id: IMPORT_A1,
    date: "2026-02-14",
    amount: "15.00",
    currency: "EUR",
    description: "REFUND",
    counterparty: null,
    category: "Food",
    kind: "expense",
    // Stored with a category and a kind and no sources: both count as the statement file's.
    category_source: "file",
    category_rule_id: null,
    kind_source: "file",
    kind_rule_id: null,
  });
  assert.equal(all.data.find((t: { id: string }) => t.id === txA(1)).kind, "income", "kind resolved from the sign");
  assert.equal(all.data.find((t: { id: string }) => t.id === txA(1)).kind_source, "default", "no kind stored");
  assert.equal(all.data.find((t: { id: string }) => t.id === txA(10)).amount, "-25.00");
  const ids = async (query: string) =>
    (await ok(await get(`/v1/me/statements/transactions?${query}`))).data.map((t: { id: string }) => t.id);
  assert.deepEqual(await ids("kind=transfer"), [txA(6)]);
  assert.deepEqual(await ids("category=Food"), [5, 4, 2, 10, 9].map(txA));
  assert.deepEqual(await ids("from=2026-02-01&to=2026-02-28"), [6, 5, 4].map(txA));
  assert.deepEqual(await ids(`statement_import_id=${IMPORT_A2}`), [8, 7].map(txA));
});

Deno.test("two users never see each other's data", async () => {
  // B's USD cashflow: if A's USD expense (25.00 in January) leaked in, January would show 75.00.
  const cashflow = await ok(await get("/v1/me/analytics/cashflow?year=2026", USER_B));
  assert.equal(cashflow.currency, "USD");
  assert.deepEqual(cashflow.months[0], {
    month: 1,
    income: "0.00",
    expenses: "50.00",
    net: "-50.00",
    cumulative_net: "-50.00",
    transaction_count: 1,
  });
  assert.deepEqual(cashflow.totals, { income: "1000.00", expenses: "50.00", net: "950.00", transaction_count: 2 });
  assert.deepEqual(cashflow.other_currencies, []);
  // …and A asking for USD sees only its own 25.00.
  const aUsd = await ok(await get("/v1/me/analytics/cashflow?year=2026&currency=usd"));
  assert.equal(aUsd.totals.expenses, "25.00");

  const bTransactions = await ok(await get("/v1/me/statements/transactions", USER_B));
  assert.deepEqual(bTransactions.data.map((t: { id: string }) => t.id), [TX_B2, TX_B1]);
  const bImports = await ok(await get("/v1/me/statements/imports", USER_B));
  assert.deepEqual(bImports.data.map((i: { id: string }) => i.id), [IMPORT_B1]);
  const bGoals = await ok(await get("/v1/me/goals/progress", USER_B));
  assert.deepEqual(bGoals.goals.map((g: { name: string }) => g.name), ["Vacation"]);
  // A filtering on B's import finds nothing.
  const probe = await ok(await get(`/v1/me/statements/transactions?statement_import_id=${IMPORT_B1}`));
  assert.deepEqual(probe.data, []);

  const nobody = await ok(await get("/v1/me/statements/transactions", USER_NOBODY));
  assert.deepEqual(nobody, { data: [], next_cursor: null });
  const nobodyGoals = await ok(await get("/v1/me/goals/progress", USER_NOBODY));
  assert.deepEqual(nobodyGoals.goals, []);
});

Deno.test("a cursor works only for the user it was issued to", async () => {
  const page = await ok(await get("/v1/me/statements/transactions?limit=2"));
  assert.ok(page.next_cursor);
  const stolen = await get(
    `/v1/me/statements/transactions?limit=2&cursor=${encodeURIComponent(page.next_cursor)}`,
    USER_B,
  );
  const problem = await assertProblem(stolen, 422, "validation_failed");
  assert.deepEqual(problem.errors.map((e: { parameter: string; code: string }) => [e.parameter, e.code]), [
    ["cursor", "invalid_cursor"],
  ]);
});

Deno.test("a cursor carries its filters: other filters are a 422, the Link keeps them and continues", async () => {
  // User A's expenses (kind resolved from the sign; txA(5) is a refund stored as `expense`), date descending:
  // txA(8) 03-05, txA(5) 02-14, txA(4) 02-03, txA(3) 01-20, txA(2) 01-10, txA(10) 01-07 (USD), txA(9) 2025-12-30.
  const first = await get("/v1/me/statements/transactions?kind=expense&limit=5");
  const page = await ok(first);
  assert.deepEqual(page.data.map((row: { id: string }) => row.id), [txA(8), txA(5), txA(4), txA(3), txA(2)]);
  assert.ok(page.next_cursor);
  const cursor = encodeURIComponent(page.next_cursor);
  for (
    const query of [
      `limit=5&cursor=${cursor}`, // the audit's case: the filter dropped, which used to list everything
      `kind=income&limit=5&cursor=${cursor}`,
      `kind=expense&category=Food&limit=5&cursor=${cursor}`,
      `kind=expense&from=2026-01-01&limit=5&cursor=${cursor}`,
      `kind=expense&to=2026-12-31&limit=5&cursor=${cursor}`,
      `kind=expense&statement_import_id=${IMPORT_A1}&limit=5&cursor=${cursor}`,
    ]
  ) {
    const problem = await assertProblem(await get(`/v1/me/statements/transactions?${query}`), 422, "validation_failed");
    assert.deepEqual(problem.errors, [{
      parameter: "cursor",
      code: "invalid_cursor",
      message:
        "Parameter `cursor`: this cursor was issued for other filters; repeat the original filters or start over.",
    }], query);
  }
  // The Link target repeats the filters, so following it continues the filtered list to its end.
  const match = /^<([^>]+)>; rel="next"$/.exec(first.headers.get("link") ?? "");
  assert.ok(match);
  const next = new URL(match[1]!, `${harness.base}/v1/me/statements/transactions?kind=expense&limit=5`);
  assert.equal(next.searchParams.get("kind"), "expense");
  const rest = await ok(await get(next.pathname + next.search));
  assert.deepEqual(rest.data.map((row: { id: string }) => row.id), [txA(10), txA(9)]);
  assert.equal(rest.next_cursor, null);
});

/** Follows `Link: <…>; rel="next"` from the first page to the last and returns every id in order. */
async function walk(path: string, limit: number): Promise<{ ids: string[]; pages: number }> {
  let url = new URL(`${harness.base}${path}?limit=${limit}`);
  const ids: string[] = [];
  let pages = 0;
  for (;;) {
    const response = await harness.fetch(url.pathname + url.search, {
      headers: { Authorization: `Bearer ${tokens[USER_C]}` },
    });
    const body = await ok(response);
    pages++;
    assert.ok(body.data.length <= limit);
    ids.push(...body.data.map((row: { id: string }) => row.id));
    const link = response.headers.get("link");
    if (body.next_cursor === null) {
      assert.equal(link, null, "no Link on the last page");
      return { ids, pages };
    }
    assert.equal(body.data.length, limit, "only the last page is short");
    const match = /^<([^>]+)>; rel="next"$/.exec(link ?? "");
    assert.ok(match, `Link header: ${link}`);
    url = new URL(match[1]!, url); // resolved against the URL just called, as a client does
    assert.equal(url.searchParams.get("cursor"), body.next_cursor);
    assert.equal(url.searchParams.get("limit"), String(limit));
    assert.ok(pages < 500, "the walk ends");
  }
}

Deno.test("pagination walk over 230 transactions at page sizes 1, 7, 50 and 200", async () => {
  const expected = pagerTransactionOrder();
  for (const limit of [1, 7, 50, 200]) {
    const { ids, pages } = await walk("/v1/me/statements/transactions", limit);
    assert.equal(new Set(ids).size, ids.length, `no duplicates at limit ${limit}`);
    assert.deepEqual(ids, expected, `no gaps and the order held at limit ${limit}`);
    assert.equal(pages, Math.ceil(230 / limit), "no empty trailing page");
  }
});

Deno.test("pagination walk over 12 imports (pairs share imported_at) at page sizes 1, 7, 50 and 200", async () => {
  const expected = pagerImportOrder();
  const unpaged = await ok(await get("/v1/me/statements/imports?limit=200", USER_C));
  assert.deepEqual(unpaged.data.map((i: { id: string }) => i.id), expected);
  for (const limit of [1, 7, 50, 200]) {
    const { ids } = await walk("/v1/me/statements/imports", limit);
    assert.deepEqual(ids, expected, `limit ${limit}`);
  }
});

Deno.test("ETag revalidation: same tag for the same data, 304 on If-None-Match, another user's tag differs", async () => {
  const first = await get("/v1/me/goals/progress");
  const etag = first.headers.get("etag")!;
  await ok(first);
  const second = await get("/v1/me/goals/progress");
  assert.equal(second.headers.get("etag"), etag);
  await second.body?.cancel();
  const revalidated = await get("/v1/me/goals/progress", USER_A, { "If-None-Match": etag });
  assert.equal(revalidated.status, 304);
  assert.equal(revalidated.headers.get("etag"), etag);
  assert.equal(revalidated.headers.get("cache-control"), "private, no-cache");
  assert.equal(await revalidated.text(), "");
  const stale = await get("/v1/me/goals/progress", USER_A, { "If-None-Match": '"something-else"' });
  assert.equal(stale.status, 200);
  await stale.body?.cancel();
  // Users with no data get byte-identical bodies; their tags still differ.
  const c = await get(
    "/v1/me/statements/transactions?statement_import_id=00000000-0000-4000-8000-000000000000",
    USER_C,
  );
  const d = await get(
    "/v1/me/statements/transactions?statement_import_id=00000000-0000-4000-8000-000000000000",
    USER_NOBODY,
  );
  const [cBody, dBody] = [await c.text(), await d.text()];
  assert.equal(cBody, dBody);
  assert.notEqual(c.headers.get("etag"), d.headers.get("etag"));
  const crossed = await get("/v1/me/goals/progress", USER_B, { "If-None-Match": etag });
  assert.equal(crossed.status, 200, "A's tag never revalidates B's response");
  assert.notEqual(crossed.headers.get("etag"), etag);
  await crossed.body?.cancel();
});

Deno.test("account query errors: unknown and invalid parameters are 422 by parameter name", async () => {
  const unknown = await assertProblem(await get("/v1/me/budget/summary?monthh=2"), 422, "validation_failed");
  assert.deepEqual(unknown.errors.map((e: { parameter: string; code: string }) => [e.parameter, e.code]), [
    ["monthh", "unknown_field"],
  ]);
  const month = await assertProblem(await get("/v1/me/budget/summary?year=2026&month=13"), 422, "validation_failed");
  assert.deepEqual(month.errors.map((e: { parameter: string }) => e.parameter), ["month"]);
  const limit = await assertProblem(await get("/v1/me/statements/imports?limit=201"), 422, "validation_failed");
  assert.deepEqual(limit.errors.map((e: { parameter: string }) => e.parameter), ["limit"]);
  const kind = await assertProblem(await get("/v1/me/statements/transactions?kind=gift"), 422, "validation_failed");
  assert.deepEqual(kind.errors.map((e: { parameter: string }) => e.parameter), ["kind"]);
});

Deno.test("every JWT claim failure is a 401 with an invalid_token challenge", async () => {
  const now = Math.floor(Date.now() / 1000);
  const foreign = await es256Key(harness.key.kid); // same kid, a key the server does not trust
  const cases: [string, string][] = [
    ["alg none", unsignedToken(claimsFor(USER_A))],
    ["foreign key", await sign(foreign, claimsFor(USER_A))],
    ["expired", await harness.token(USER_A, { iat: now - 7200, exp: now - 120 })],
    ["not yet valid", await harness.token(USER_A, { nbf: now + 120 })],
    ["wrong issuer", await harness.token(USER_A, { iss: "https://evil.example/auth/v1" })],
    ["wrong audience", await harness.token(USER_A, { aud: "anon" })],
    ["wrong role", await harness.token(USER_A, { role: "anon" })],
    ["service role", await harness.token(USER_A, { role: "service_role" })],
    ["sub not a UUID", await harness.token("alice")],
    ["no sub", await harness.token(USER_A, { sub: undefined })],
    ["garbage", "not-a-jwt"],
  ];
  for (const [name, token] of cases) {
    const response = await harness.fetch("/v1/me/goals/progress", { headers: { Authorization: `Bearer ${token}` } });
    assert.match(response.headers.get("www-authenticate") ?? "", /^Bearer error="invalid_token"/, name);
    await assertProblem(response, 401, "unauthorized");
  }
  const none = await harness.fetch("/v1/me/goals/progress");
  assert.equal(none.headers.get("www-authenticate"), "Bearer");
  await assertProblem(none, 401, "unauthorized");
  // Within the 30 s skew, an expired token still passes.
  const skewed = await harness.token(USER_A, { iat: now - 3600, exp: now - 10 });
  const accepted = await harness.fetch("/v1/me/goals/progress", { headers: { Authorization: `Bearer ${skewed}` } });
  assert.equal(accepted.status, 200);
  await accepted.body?.cancel();
});

Deno.test("a project API key sent as the bearer token (signed-out supabase-js) is told to sign in first", async () => {
  const legacyAnonKey = await sign(
    { privateKey: new TextEncoder().encode("the-project's-legacy-jwt-secret-32+bytes"), alg: "HS256" },
    { iss: "supabase", ref: "project-ref", role: "anon", iat: 1_700_000_000, exp: 2_000_000_000 },
  );
  const cases: [string, Record<string, string>][] = [
    // what supabase-js sends with nobody signed in: the key it was created with, twice
    ["apikey echo", { Authorization: "Bearer local-anon-key", apikey: "local-anon-key" }],
    ["publishable key", { Authorization: "Bearer sb_publishable_AbC123_dEf456" }],
    ["legacy anon key", { Authorization: `Bearer ${legacyAnonKey}`, apikey: legacyAnonKey }],
    ["legacy anon key, no apikey", { Authorization: `Bearer ${legacyAnonKey}` }],
  ];
  for (const [name, headers] of cases) {
    const response = await harness.fetch("/v1/me/budget/summary", { headers });
    assert.match(response.headers.get("www-authenticate") ?? "", /^Bearer error="invalid_token"/, name);
    const problem = await assertProblem(response, 401, "unauthorized");
    assert.match(problem.detail, /^Sign in first: this route needs a user's access token/, name);
    // The same key on a calculation route counts as no token: the route is public.
    const calc = await harness.fetch("/v1/analytics/cashflow", {
      method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ currency: "EUR", year: 2026, transactions: [] }),
    });
    assert.equal(calc.status, 200, `${name}: ${await calc.text()}`);
  }
});

Deno.test("a token of another issuer (another port, another project) names the expected issuer", async () => {
  const cases: [string, string, RegExp][] = [
    [
      "another local port, this key",
      await harness.token(USER_A, { iss: "http://127.0.0.1:54377/auth/v1" }),
      /^The token was issued by `http:\/\/127\.0\.0\.1:54377\/auth\/v1`, not by this project's Auth: /,
    ],
    [
      "another project, its own key",
      await sign(await es256Key("other-project"), claimsFor(USER_A, { iss: "https://other.supabase.co/auth/v1" })),
      /^The token was issued by `https:\/\/other\.supabase\.co\/auth\/v1`, not by this project's Auth: /,
    ],
    ["no issuer", await harness.token(USER_A, { iss: undefined }), /^The token has no issuer \(iss\): /],
  ];
  for (const [name, token, start] of cases) {
    const response = await harness.fetch("/v1/me/goals/progress", { headers: { Authorization: `Bearer ${token}` } });
    assert.match(response.headers.get("www-authenticate") ?? "", /^Bearer error="invalid_token"/, name);
    const problem = await assertProblem(response, 401, "unauthorized");
    assert.match(problem.detail, start, name);
    assert.ok(
      problem.detail.includes("the expected issuer is `http://127.0.0.1:54321/auth/v1`"),
      `${name}: ${problem.detail}`,
    );
  }
});

Deno.test("GET /v1/me/analytics/net-worth: user A's EUR accounts through row-level security", async () => {
  const body = await ok(await get("/v1/me/analytics/net-worth?from=2026-01-01&to=2026-03-31"));
  assertConforms("get_net_worth", body);
  // Checking (IMPORT_A1, 2026-01-01…02-28) opens at 1,000.00. The account's transactions from its start through
  // 01-31: +3,000.00 − 120.50 − 40.00 = 3,839.50 (the −10.00 dated 2025-12-30 lies before the span and does not
  // count). Through 02-28: − 80.00 + 15.00 − 500.00 = 3,274.50, the computed closing balance; it reports 2,500.00,
  // which counts after its end. IMPORT_A2 (2026-03-01…03-31) gives neither an opening nor a closing balance: it is
  // listed, computes nothing, and as the latest statement starting on or before 03-31 it decides that day's balance,
  // which is unknown (null, not counted). The USD travel card is another currency.
  assert.deepEqual(body, {
    currency: "EUR",
    from: "2026-01-01",
    to: "2026-03-31",
    net_worth: "0.00",
    change: "-3839.50",
    series: [
      { date: "2026-01-31", total: "3839.50", account_count: 1 },
      { date: "2026-02-28", total: "3274.50", account_count: 1 },
      { date: "2026-03-31", total: "0.00", account_count: 0 },
    ],
    accounts: [{
      account_name: "Checking",
      balance: null,
      balance_date: null,
      statements: [{
        statement_start: "2026-01-01",
        statement_end: "2026-02-28",
        opening_balance: "1000.00",
        opening_balance_source: "reported",
        computed_closing_balance: "3274.50",
        reported_closing_balance: "2500.00",
        difference: "-774.50",
        continuity_difference: null,
      }, {
        statement_start: "2026-03-01",
        statement_end: "2026-03-31",
        opening_balance: null,
        opening_balance_source: null,
        computed_closing_balance: null,
        reported_closing_balance: null,
        difference: null,
        continuity_difference: null,
      }],
    }],
    excluded_statement_count: 0,
  });
  // User B (USD by default): their only import has no opening balance and no bounds; its transactions date it
  // (2026-01-15…02-01). It is listed, and gives no balance on either point.
  const b = await ok(await get("/v1/me/analytics/net-worth?from=2026-01-01&to=2026-02-28", USER_B));
  assert.deepEqual([b.currency, b.net_worth, b.series, b.excluded_statement_count], ["USD", "0.00", [
    { date: "2026-01-31", total: "0.00", account_count: 0 },
    { date: "2026-02-28", total: "0.00", account_count: 0 },
  ], 0]);
  assert.deepEqual(b.accounts, [{
    account_name: "Main",
    balance: null,
    balance_date: null,
    statements: [{
      statement_start: "2026-01-15",
      statement_end: "2026-02-01",
      opening_balance: null,
      opening_balance_source: null,
      computed_closing_balance: null,
      reported_closing_balance: null,
      difference: null,
      continuity_difference: null,
    }],
  }]);
  const nobody = await ok(
    await get("/v1/me/analytics/net-worth?currency=EUR&from=2026-01-01&to=2026-01-31", USER_NOBODY),
  );
  assert.equal(nobody.excluded_statement_count, 0);
  assert.deepEqual(nobody.series, [{ date: "2026-01-31", total: "0.00", account_count: 0 }]);
});

Deno.test("GET /v1/me/accounts: balances on as_of for each user; bad ranges and spans are 422", async () => {
  const a = await ok(await get("/v1/me/accounts?as_of=2026-02-15"));
  assertConforms("list_accounts", a);
  // 1,000.00 + 3,000.00 − 120.50 − 40.00 − 80.00 + 15.00 = 3,774.50 (the −10.00 of 2025-12-30 lies before the
  // span); the statement does not reconcile.
  // The USD travel card's import has no balances at all (2026-01-07, dated by its one transaction): listed, with
  // no balance to give.
  const noBalance = { balance: null, balance_date: null, statement_count: 1, reconciled: null };
  assert.deepEqual(a, {
    as_of: "2026-02-15",
    accounts: [{
      account_name: "Checking",
      currency: "EUR",
      balance: "3774.50",
      balance_date: "2026-02-15",
      statement_count: 1,
      reconciled: false,
    }, { account_name: "Travel card", currency: "USD", ...noBalance }],
  });
  assert.deepEqual((await ok(await get("/v1/me/accounts?currency=USD&as_of=2026-02-15"))).accounts, [
    { account_name: "Travel card", currency: "USD", ...noBalance },
  ]);
  assert.deepEqual((await ok(await get("/v1/me/accounts", USER_B))).accounts, [
    { account_name: "Main", currency: "USD", ...noBalance },
  ]);
  const before = await ok(await get("/v1/me/accounts?as_of=2025-12-31"));
  assert.deepEqual([before.accounts[0].balance, before.accounts[0].statement_count], [null, 0]);

  const reversed = await assertProblem(
    await get("/v1/me/analytics/net-worth?from=2026-03-01&to=2026-01-31"),
    422,
    "validation_failed",
  );
  assert.deepEqual(reversed.errors.map((e: { parameter: string; code: string }) => [e.parameter, e.code]), [
    ["to", "invalid_range"],
  ]);
  const long = await assertProblem(
    await get("/v1/me/analytics/net-worth?from=2016-01-01&to=2026-01-02"),
    422,
    "validation_failed",
  );
  assert.deepEqual(long.errors.map((e: { parameter: string; code: string }) => [e.parameter, e.code]), [
    ["to", "out_of_range"],
  ]);
  await assertProblem(await harness.fetch("/v1/me/accounts"), 401, "unauthorized");
});

Deno.test("GET /v1/me/analytics/recurring: user R's rent and weekly gym in EUR; the transfer and USD left out", async () => {
  const token = await harness.token(USER_R);
  const response = await harness.fetch(
    "/v1/me/analytics/recurring?as_of=2026-03-20",
    {
      headers: { Authorization: `Bearer ${token}` },
    },
  );
  const body = await ok(response);
  assertConforms("get_recurring", body);
  const id = async (key: string) => {
    const digest = await crypto.subtle.digest(
      "SHA-256",
      new TextEncoder().encode(`EUR\noutflow\n${key}`),
    );
    return "rs_" +
      [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0"))
        .join("").slice(0, 16);
  };
  assert.deepEqual(body, {
    currency: "EUR",
    as_of: "2026-03-20",
    streams: [
      {
        id: await id("miete"),
        name: "MIETE 03/26",
        key: "miete",
        direction: "outflow",
        category: "Rent",
        frequency: "monthly",
        status: "active",
        first_date: "2026-01-01",
        last_date: "2026-03-01",
        predicted_next_date: "2026-04-01",
        occurrence_count: 3,
        average_amount: "-900.00",
        last_amount: "-900.00",
        monthly_amount: "-900.00",
        transaction_ids: [txR(4), txR(5), txR(6)],
      },
      {
        id: await id("fitx"),
        name: "FitX",
        key: "fitx",
        direction: "outflow",
        category: "Sport",
        frequency: "weekly",
        status: "active",
        first_date: "2026-03-02",
        last_date: "2026-03-16",
        predicted_next_date: "2026-03-23",
        occurrence_count: 3,
        average_amount: "-7.99",
        last_amount: "-7.99",
        monthly_amount: "-34.62", // −23.97 × 52 / 36 = −34.623…
        transaction_ids: [txR(1), txR(2), txR(3)],
      },
    ],
    totals: {
      monthly_inflow: "0.00",
      monthly_outflow: "934.62",
      monthly_net: "-934.62",
      active_count: 2,
      late_count: 0,
      ended_count: 0,
    },
  });
  // User A has no stream; and one user never sees another's.
  const a = await ok(await get("/v1/me/analytics/recurring?as_of=2026-03-20"));
  assert.deepEqual([a.streams, a.totals.active_count], [[], 0]);
  const usd = await ok(
    await harness.fetch(
      "/v1/me/analytics/recurring?as_of=2026-03-20&currency=usd",
      {
        headers: { Authorization: `Bearer ${token}` },
      },
    ),
  );
  assert.deepEqual(usd.streams, []); // two USD occurrences: below the minimum of three
  const bad = await assertProblem(
    await get("/v1/me/analytics/recurring?as_of=2026-02-30"),
    422,
    "validation_failed",
  );
  assert.equal(bad.errors[0].parameter, "as_of");
});

Deno.test("GET /v1/me/analytics/forecast: user R from its net worth on as_of, rent and gym projected", async () => {
  const token = await harness.token(USER_R);
  const body = await ok(
    await harness.fetch("/v1/me/analytics/forecast?as_of=2026-03-20&horizon_days=30", {
      headers: { Authorization: `Bearer ${token}` },
    }),
  );
  assertConforms("get_forecast", body);
  // Net worth on 03-20: the EUR statement (01-01…03-20) opens at 1000.00, and its transactions through 03-20 sum
  // to −2731.96 (the transfer included): −1731.96. The USD card is another currency.
  assert.deepEqual(body.balances, [
    { date: "2026-03-23", balance: "-1739.95" },
    { date: "2026-03-30", balance: "-1747.94" },
    { date: "2026-04-01", balance: "-2647.94" },
    { date: "2026-04-06", balance: "-2655.93" },
    { date: "2026-04-13", balance: "-2663.92" },
  ]);
  assert.deepEqual(
    [
      body.as_of,
      body.end_date,
      body.horizon_days,
      body.starting_balance,
      body.ending_balance,
      body.projected_inflow,
      body.projected_outflow,
      body.lowest_balance,
      body.lowest_balance_date,
      body.first_negative_date,
      body.trailing_90_day_net, // −7.99 × 3 − 900.00 × 3 (the transfer left out)
      body.runway_days, // the net is negative and the balance is ≤ 0
      body.runway_status,
    ],
    [
      "2026-03-20",
      "2026-04-19",
      30,
      "-1731.96",
      "-2663.92",
      "0.00",
      "931.96",
      "-2663.92",
      "2026-04-13",
      "2026-03-20",
      "-2723.97",
      0,
      "urgent",
    ],
  );
  assert.deepEqual(body.events.map((e: Record<string, string>) => [e.date, e.name, e.amount]), [
    ["2026-03-23", "FitX", "-7.99"],
    ["2026-03-30", "FitX", "-7.99"],
    ["2026-04-01", "MIETE 03/26", "-900.00"],
    ["2026-04-06", "FitX", "-7.99"],
    ["2026-04-13", "FitX", "-7.99"],
  ]);
  for (const bad of ["horizon_days=0", "horizon_days=367", "horizon_days=1.5", "as_of=2026-13-01"]) {
    const problem = await assertProblem(
      await harness.fetch(`/v1/me/analytics/forecast?${bad}`, { headers: { Authorization: `Bearer ${token}` } }),
      422,
      "validation_failed",
    );
    assert.equal(problem.errors[0].parameter, bad.split("=")[0], bad);
  }
});

Deno.test("GET /v1/me/statements/transactions rows, null fields and all, sent back to POST recurring and forecast", async () => {
  const token = await harness.token(USER_R);
  const page = await ok(
    await harness.fetch(`/v1/me/statements/transactions?statement_import_id=${IMPORT_R1}`, {
      headers: { Authorization: `Bearer ${token}` },
    }),
  );
  // Sent back as read, less the fields only GET has: the import id and where the category and kind came from.
  const asTransaction = (
    { statement_import_id: _, category_source: _c, category_rule_id: _cr, kind_source: _k, kind_rule_id: _kr, ...row }:
      Record<string, unknown>,
  ) => row;
  const rows = page.data.map(asTransaction);
  assert.equal(rows.length, 7);
  // The rent rows have no counterparty and the third gym fee no category: GET lists them as null.
  assert.deepEqual(rows.find((r: { id: string }) => r.id === txR(4)), {
    id: txR(4),
    date: "2026-01-01",
    amount: "-900.00",
    currency: "EUR",
    description: "MIETE 01/26",
    counterparty: null,
    category: "Rent",
    kind: "expense",
  });
  assert.equal(rows.find((r: { id: string }) => r.id === txR(3)).category, null);
  const post = (path: string, body: unknown) =>
    harness.fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  const recurring = await post("/v1/analytics/recurring", { currency: "EUR", as_of: "2026-03-20", transactions: rows });
  const recurringText = await recurring.text();
  assert.equal(recurring.status, 200, recurringText);
  const streams = JSON.parse(recurringText).streams;
  // The rent keyed by its description (no counterparty), the gym by its counterparty; the transfer left out.
  assert.deepEqual(
    streams.map((s: Record<string, unknown>) => [s.key, s.name, s.category, s.monthly_amount, s.transaction_ids]),
    [
      ["miete", "MIETE 03/26", "Rent", "-900.00", [txR(4), txR(5), txR(6)]],
      ["fitx", "FitX", "Sport", "-34.62", [txR(1), txR(2), txR(3)]], // −7.99 × 3 × 52 / 36 = −34.623…
    ],
  );
  const forecast = await post("/v1/analytics/forecast", {
    currency: "EUR",
    as_of: "2026-03-20",
    starting_balance: "-1731.96",
    horizon_days: 30,
    transactions: rows,
  });
  const forecastText = await forecast.text();
  assert.equal(forecast.status, 200, forecastText);
  const projected = JSON.parse(forecastText);
  // −1731.96 − 7.99 (03-23) − 7.99 (03-30) − 900.00 (04-01) − 7.99 (04-06) − 7.99 (04-13) = −2663.92.
  assert.deepEqual(projected.balances, [
    { date: "2026-03-23", balance: "-1739.95" },
    { date: "2026-03-30", balance: "-1747.94" },
    { date: "2026-04-01", balance: "-2647.94" },
    { date: "2026-04-06", balance: "-2655.93" },
    { date: "2026-04-13", balance: "-2663.92" },
  ]);
  assert.deepEqual([projected.ending_balance, projected.trailing_90_day_net], ["-2663.92", "-2723.97"]);
  // User A's January–February rows have null descriptions and counterparties: accepted the same way.
  const aRows = (await ok(await get(`/v1/me/statements/transactions?statement_import_id=${IMPORT_A1}`))).data
    .map(asTransaction);
  assert.ok(aRows.some((r: { description: unknown }) => r.description === null));
  const a = await post("/v1/analytics/recurring", { currency: "EUR", as_of: "2026-03-20", transactions: aRows });
  assert.equal(a.status, 200, await a.clone().text());
  assert.deepEqual((await a.json()).streams, []);
  // Nothing else loosened: the row as read, with the fields only GET has, is refused field by field.
  const withImport = await post("/v1/analytics/recurring", {
    currency: "EUR",
    as_of: "2026-03-20",
    transactions: [page.data[0]],
  });
  const problem = await assertProblem(withImport, 422, "validation_failed");
  assert.deepEqual(problem.errors.map((e: { pointer: string; code: string }) => [e.pointer, e.code]), [
    ["/transactions/0/statement_import_id", "unknown_field"],
    ["/transactions/0/category_source", "unknown_field"],
    ["/transactions/0/category_rule_id", "unknown_field"],
    ["/transactions/0/kind_source", "unknown_field"],
    ["/transactions/0/kind_rule_id", "unknown_field"],
  ]);
});
