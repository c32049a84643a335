/**
 * The supabase-js driver on the exact HTTP requests supabase-js sends (an injected fetch records them), fed with
 * PostgREST responses as PostgREST writes them: JSON arrays, bigint as numbers, timestamptz with an offset, and
 * PostgREST's error bodies.
 */
import assert from "node:assert/strict";
import { AuthError } from "../../auth/errors.ts";
import type { VerifiedUser } from "../../auth/verifier.ts";
import { DatabaseUnavailableError, UnexpectedDataError } from "../errors.ts";
import { createSupabaseDataProvider } from "./supabase-provider.ts";

const URL_BASE = "https://project-ref.supabase.co";
const ANON = "anon-key-for-tests";
const alice: VerifiedUser = {
  sub: "a11ce000-0000-4000-8000-000000000001",
  claims: {},
  token: "alice.jwt.token",
};
const bob: VerifiedUser = {
  sub: "b0b00000-0000-4000-8000-000000000002",
  claims: {},
  token: "bob.jwt.token",
};

interface Recorded {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

type Reply = (
  req: Recorded,
  signal: AbortSignal | undefined,
) => Response | Promise<Response>;

function fakeFetch(reply: Reply) {
  const requests: Recorded[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = new Request(input, init);
    const text = await req.text();
    const rec = {
      method: req.method,
      url: req.url,
      headers: req.headers,
      body: text === "" ? undefined : JSON.parse(text),
    };
    requests.push(rec);
    return await reply(rec, init?.signal ?? undefined);
  };
  return { requests, fetch: fetchImpl as typeof fetch };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8" },
  });

function provider(reply: Reply, requestTimeoutMs = 5000) {
  const f = fakeFetch(reply);
  return {
    requests: f.requests,
    p: createSupabaseDataProvider({
      supabaseUrl: URL_BASE,
      anonKey: ANON,
      requestTimeoutMs,
      fetch: f.fetch,
    }),
  };
}

function assertRpc(req: Recorded, fn: string, token: string, body: unknown) {
  assert.equal(req.method, "POST");
  assert.equal(req.url, `${URL_BASE}/rest/v1/rpc/${fn}`);
  assert.equal(req.headers.get("apikey"), ANON);
  assert.equal(req.headers.get("authorization"), `Bearer ${token}`);
  assert.match(req.headers.get("content-type") ?? "", /^application\/json/);
  assert.deepEqual(req.body, body);
}

Deno.test("supabase-js driver: each read sends one RPC with the anon key and the user's token", async () => {
  const { p, requests } = provider((req) => {
    const fn = new URL(req.url).pathname.split("/").pop();
    switch (fn) {
      case "me_profile":
        return json([{
          default_currency: "EUR",
          timezone: "Europe/Berlin",
          today: "2026-11-21",
        }]);
      case "me_ledger_totals":
        return json([
          {
            currency: "EUR",
            month: "2026-01-01",
            kind: "expense",
            category: "groceries",
            amount_minor: -2000,
            transaction_count: 2,
          },
          {
            currency: "EUR",
            month: null,
            kind: "transfer",
            category: null,
            amount_minor: -5000,
            transaction_count: 1,
          },
        ]);
      case "me_budgets":
        return json([{
          currency: "EUR",
          category: "groceries",
          amount_minor: 20000,
        }]);
      case "me_goals":
        return json([{
          id: "90000000-0000-4000-8000-000000000001",
          name: "Holiday",
          currency: "EUR",
          target_minor: 100000,
          target_date: "2026-12-31",
          saved_minor: 12000,
          first_contribution_date: "2026-01-10",
          contribution_count: 2,
        }]);
      case "me_statement_imports":
        return json([{
          id: "a0000000-0000-4000-8000-000000000001",
          account_name: "Current",
          file_name: "jan.csv",
          format: "csv",
          status: "completed",
          statement_start: "2026-01-01",
          statement_end: null,
          currency: "EUR",
          opening_balance_minor: 100,
          closing_balance_minor: null,
          transaction_count: 3,
          duplicate_count: 0,
          error_count: 0,
          imported_at: "2026-03-01T10:00:00.123456+00:00",
        }]);
      case "me_statement_transactions":
        return json([{
          id: "c0000000-0000-4000-8000-000000000001",
          statement_import_id: "a0000000-0000-4000-8000-000000000001",
          date: "2026-01-15",
          amount_minor: -1250,
          currency: "EUR",
          description: "Market",
          counterparty: null,
          category: "groceries",
          kind: "expense",
          category_source: "rule",
          category_rule_id: "D0000000-0000-5000-8000-000000000001",
          kind_source: "default",
          kind_rule_id: null,
        }]);
    }
    return json({ code: "PGRST202", message: "not found" }, 404);
  });

  const out = await p.withUser(alice, async (d) => ({
    profile: await d.profile(),
    ledger: await d.ledgerTotals("2026-01-01", "2026-01-31"),
    budgets: await d.budgets("2026-01-01"),
    goals: await d.goals("2026-03-01"),
    imports: await d.statementImports(51, {
      imported_at: "2026-04-01T00:00:00.5Z",
      id: "a0000000-0000-4000-8000-000000000009",
    }),
    txs: await d.statementTransactions({
      limit: 11,
      category: "groceries",
      kind: "expense",
    }),
  }));

  assert.equal(
    requests.length,
    6,
    "one request per read, nothing else (no auth calls)",
  );
  assertRpc(requests[0]!, "me_profile", alice.token, {});
  assertRpc(requests[1]!, "me_ledger_totals", alice.token, {
    p_from: "2026-01-01",
    p_to: "2026-01-31",
  });
  assertRpc(requests[2]!, "me_budgets", alice.token, { p_month: "2026-01-01" });
  assertRpc(requests[3]!, "me_goals", alice.token, { p_as_of: "2026-03-01" });
  assertRpc(requests[4]!, "me_statement_imports", alice.token, {
    p_limit: 51,
    p_after_imported_at: "2026-04-01T00:00:00.5Z",
    p_after_id: "a0000000-0000-4000-8000-000000000009",
  });
  assertRpc(requests[5]!, "me_statement_transactions", alice.token, {
    p_limit: 11,
    p_after_date: null,
    p_after_id: null,
    p_statement_import_id: null,
    p_from: null,
    p_to: null,
    p_category: "groceries",
    p_kind: "expense",
  });

  assert.deepEqual(out.profile, {
    default_currency: "EUR",
    timezone: "Europe/Berlin",
    today: "2026-11-21",
  });
  assert.deepEqual(out.ledger[1], {
    currency: "EUR",
    month: null,
    kind: "transfer",
    category: null,
    amount_minor: -5000,
    transaction_count: 1,
  });
  assert.deepEqual(out.budgets, [{
    currency: "EUR",
    category: "groceries",
    amount_minor: 20000,
  }]);
  assert.equal(out.goals[0]!.saved_minor, 12000);
  assert.equal(out.imports[0]!.imported_at, "2026-03-01T10:00:00.123456Z");
  assert.equal(out.imports[0]!.statement_end, null);
  assert.equal(out.txs[0]!.amount_minor, -1250);
  assert.deepEqual(
    [out.txs[0]!.category_source, out.txs[0]!.category_rule_id, out.txs[0]!.kind_source, out.txs[0]!.kind_rule_id],
    ["rule", "d0000000-0000-5000-8000-000000000001", "default", null],
    "the sources are mapped, a rule id in lower case",
  );
});

/**
 * One row of me_statement_balances as PostgREST writes it (bigint as numbers, timestamptz with an offset): a statement
 * with no end date and three transactions from 2 to 30 January, summing to -25.00 (-10.00 through 15 January).
 * `through_dates_minor` differs per test: the sums through the dates that test asks for.
 */
function balancesRow(row: { through_dates_minor: number[] }) {
  return {
    id: "a0000000-0000-4000-8000-000000000001",
    account_name: "Checking",
    currency: "EUR",
    statement_start: "2026-01-01",
    statement_end: null,
    opening_balance_minor: 100000,
    closing_balance_minor: null,
    imported_at: "2026-03-01T10:00:00+00:00",
    transaction_count: 3,
    first_date: "2026-01-02",
    last_date: "2026-01-30",
    through_end_minor: -2500,
    ...row,
  };
}

Deno.test("supabase-js driver: statementBalances sends the currency and the dates as one RPC", async () => {
  const { p, requests } = provider(() => json([balancesRow({ through_dates_minor: [-1000, -2500] })]));
  const rows = await p.withUser(
    alice,
    (d) => d.statementBalances("EUR", ["2026-01-15", "2026-01-31"]),
  );
  assert.equal(requests.length, 1);
  assertRpc(requests[0]!, "me_statement_balances", alice.token, {
    p_currency: "EUR",
    p_dates: ["2026-01-15", "2026-01-31"],
  });
  assert.deepEqual(rows[0]!.through_dates_minor, [-1000, -2500]);
  assert.equal(rows[0]!.imported_at, "2026-03-01T10:00:00Z");
  assert.equal(rows[0]!.statement_end, null);
  const all = await p.withUser(alice, (d) => d.statementBalances(null, []));
  assertRpc(requests[1]!, "me_statement_balances", alice.token, {
    p_currency: null,
    p_dates: [],
  });
  assert.equal(all.length, 1);
});

Deno.test("supabase-js driver: a sums array that is not all safe integers is refused, never rounded", async () => {
  const { p } = provider(() => json([balancesRow({ through_dates_minor: [1, 1.5] })]));
  const error = await p.withUser(
    alice,
    (d) => d.statementBalances("EUR", ["2026-01-02", "2026-01-03"]),
  ).then(
    () => assert.fail("answered"),
    (e) => e,
  );
  assert.match(String((error as Error).message), /through_dates_minor\[1\]/);
});

Deno.test("supabase-js driver: an empty profile is null; each request carries its own user's token", async () => {
  const { p, requests } = provider(() => json([]));
  assert.equal(await p.withUser(alice, (d) => d.profile()), null);
  assert.equal(await p.withUser(bob, (d) => d.profile()), null);
  assert.equal(
    requests[0]!.headers.get("authorization"),
    "Bearer alice.jwt.token",
  );
  assert.equal(
    requests[1]!.headers.get("authorization"),
    "Bearer bob.jwt.token",
  );
});

async function failure(reply: Reply, timeoutMs = 5000): Promise<unknown> {
  const { p } = provider(reply, timeoutMs);
  return await p.withUser(alice, (d) => d.budgets("2026-01-01")).then(
    () => assert.fail("answered"),
    (e) => e,
  );
}

Deno.test("supabase-js driver: outages and timeouts become DatabaseUnavailableError", async () => {
  const cases: [string, Reply][] = [
    [
      "statement timeout",
      () =>
        json(
          {
            code: "57014",
            details: null,
            hint: null,
            message: "canceling statement due to statement timeout",
          },
          500,
        ),
    ],
    [
      "pool timeout",
      () =>
        json({
          code: "PGRST003",
          details: null,
          hint: null,
          message: "Timed out acquiring connection from connection pool.",
        }, 504),
    ],
    [
      "no connection",
      () =>
        json(
          {
            code: "PGRST000",
            details: "connection refused",
            hint: null,
            message: "Database connection error.",
          },
          503,
        ),
    ],
    [
      "bad gateway",
      () =>
        new Response("<html>502 Bad Gateway</html>", {
          status: 502,
          headers: { "content-type": "text/html" },
        }),
    ],
    [
      "fetch failure",
      () =>
        Promise.reject(
          new TypeError("error sending request: Connection refused"),
        ),
    ],
  ];
  for (const [name, reply] of cases) {
    const e = await failure(reply);
    assert.ok(e instanceof DatabaseUnavailableError, `${name}: got ${e}`);
  }
});

Deno.test("supabase-js driver: a request that does not answer in time is aborted as DatabaseUnavailableError", async () => {
  const e = await failure(
    (_req, signal) =>
      new Promise((_, reject) => {
        assert.ok(signal, "supabase-js passes the abort signal to fetch");
        signal.addEventListener("abort", () => reject(signal.reason));
      }),
    50,
  );
  assert.ok(e instanceof DatabaseUnavailableError, `got ${e}`);
});

Deno.test("supabase-js driver: a token PostgREST refuses is AuthError; other failures are plain errors", async () => {
  const expired = await failure(() =>
    json({
      code: "PGRST303",
      details: null,
      hint: null,
      message: "JWT expired",
    }, 401)
  );
  assert.ok(expired instanceof AuthError, `got ${expired}`);
  const missing = await failure(() =>
    json({
      code: "PGRST202",
      details: null,
      hint: null,
      message: "Could not find the function public.me_budgets",
    }, 404)
  );
  assert.ok(
    !(missing instanceof DatabaseUnavailableError) &&
      !(missing instanceof AuthError),
  );
  assert.match(
    (missing as Error).message,
    /me_budgets failed \(HTTP 404, PGRST202\)/,
  );
  const badKey = await failure(() => json({ message: "Invalid API key" }, 401));
  assert.ok(
    !(badKey instanceof AuthError),
    "a wrong anon key is our misconfiguration, not the caller's",
  );
});

Deno.test("supabase-js driver: a value beyond the safe-integer range is refused, never rounded", async () => {
  const e = await failure(() =>
    new Response(
      '[{"currency":"EUR","category":"x","amount_minor":9007199254740993}]',
      {
        headers: { "content-type": "application/json" },
      },
    )
  );
  assert.ok(e instanceof UnexpectedDataError, `got ${e}`);
});

Deno.test("supabase-js driver: rollover and trends reads send me_budget_months and me_monthly_spending RPCs", async () => {
  const { p, requests } = provider((req) => {
    const fn = new URL(req.url).pathname.split("/").pop();
    if (fn === "me_budget_months") {
      return json([{
        month: "2026-01-01",
        category: "groceries",
        amount_minor: 20000,
      }]);
    }
    if (fn === "me_monthly_spending") {
      return json([
        {
          month: "2026-01-01",
          category: "groceries",
          amount_minor: -2000,
          transaction_count: 2,
        },
        {
          month: "2026-02-01",
          category: null,
          amount_minor: 150,
          transaction_count: 1,
        },
      ]);
    }
    return json({ code: "PGRST202", message: "not found" }, 404);
  });
  const out = await p.withUser(bob, async (d) => ({
    budgets: await d.budgetMonths("USD", "2024-03-01", "2026-02-01"),
    spending: await d.monthlySpending("USD", "2025-04-01", "2026-03-01"),
  }));
  assert.equal(requests.length, 2);
  assertRpc(requests[0]!, "me_budget_months", bob.token, {
    p_currency: "USD",
    p_from: "2024-03-01",
    p_to: "2026-02-01",
  });
  assertRpc(requests[1]!, "me_monthly_spending", bob.token, {
    p_currency: "USD",
    p_from: "2025-04-01",
    p_to: "2026-03-01",
  });
  assert.deepEqual(out.budgets, [{
    month: "2026-01-01",
    category: "groceries",
    amount_minor: 20000,
  }]);
  assert.deepEqual(out.spending, [
    {
      month: "2026-01-01",
      category: "groceries",
      amount_minor: -2000,
      transaction_count: 2,
    },
    {
      month: "2026-02-01",
      category: null,
      amount_minor: 150,
      transaction_count: 1,
    },
  ]);
});

Deno.test("supabase-js driver: recurring reads send me_recurring_occurrences and me_recurring_members RPCs", async () => {
  const { p, requests } = provider((req) => {
    const fn = new URL(req.url).pathname.split("/").pop();
    if (fn === "me_recurring_occurrences") {
      return json([{
        key: "netflix com",
        direction: "outflow",
        date: "2026-01-05",
        amount_minor: -1599,
        transaction_count: 1,
      }]);
    }
    if (fn === "me_recurring_members") {
      return json([{
        key: "netflix com",
        direction: "outflow",
        date: "2026-01-05",
        id: "A0000000-0000-4000-8000-000000000001",
        category: null,
        name: "NETFLIX.COM",
      }]);
    }
    return json({ code: "PGRST202", message: "not found" }, 404);
  });
  const out = await p.withUser(alice, async (d) => ({
    occurrences: await d.recurringOccurrences("EUR", "2024-02-21", "2026-03-20"),
    members: await d.recurringMembers("EUR", "2024-02-21", "2026-03-20", [{
      key: "netflix com",
      direction: "outflow",
    }]),
  }));
  assert.equal(requests.length, 2);
  assertRpc(requests[0]!, "me_recurring_occurrences", alice.token, {
    p_currency: "EUR",
    p_from: "2024-02-21",
    p_to: "2026-03-20",
  });
  assertRpc(requests[1]!, "me_recurring_members", alice.token, {
    p_currency: "EUR",
    p_from: "2024-02-21",
    p_to: "2026-03-20",
    p_groups: [{ key: "netflix com", direction: "outflow" }],
  });
  assert.deepEqual(out.occurrences, [{
    key: "netflix com",
    direction: "outflow",
    date: "2026-01-05",
    amount_minor: -1599,
    transaction_count: 1,
  }]);
  assert.deepEqual(out.members[0], {
    key: "netflix com",
    direction: "outflow",
    date: "2026-01-05",
    id: "a0000000-0000-4000-8000-000000000001",
    category: null,
    name: "NETFLIX.COM",
  });
  const { p: bad } = provider(() =>
    json([{ key: "k", direction: "sideways", date: "2026-01-05", amount_minor: 1, transaction_count: 1 }])
  );
  await assert.rejects(
    bad.withUser(alice, (d) => d.recurringOccurrences("EUR", "2026-01-01", "2026-01-31")),
    UnexpectedDataError,
  );
});

Deno.test("supabase-js driver: categorization rules and suggestion inputs as RPCs, rows mapped and checked", async () => {
  const rule = {
    id: "7D0C9A5E-3F1B-5C2A-9E8D-1B2C3D4E5F60",
    position: 0,
    name: "Groceries",
    enabled: true,
    match: "all",
    conditions: [{ field: "text", op: "contains", value: "tesco" }],
    set: { category: "groceries" },
    created_at: "2026-03-01T10:00:00+00:00",
    updated_at: "2026-03-01T11:00:00.5+00:00",
  };
  const inputs = [
    {
      kind: "candidate",
      key: "tesco",
      direction: "outflow",
      category: null,
      date: null,
      id: null,
      txn_count: 2,
      rn: null,
    },
    {
      kind: "history",
      key: "tesco",
      direction: "outflow",
      category: "groceries",
      date: "2026-02-01",
      id: "2a000000-0000-4000-8000-000000000001",
      txn_count: null,
      rn: 1,
    },
  ];
  const { p, requests } = provider((req) => json(req.url.endsWith("me_categorization_rules") ? [rule] : inputs));
  const rules = await p.withUser(alice, (d) => d.categorizationRules());
  assertRpc(requests[0]!, "me_categorization_rules", alice.token, {});
  assert.deepEqual(rules, [{
    ...rule,
    id: "7d0c9a5e-3f1b-5c2a-9e8d-1b2c3d4e5f60",
    match: "all",
    created_at: "2026-03-01T10:00:00Z",
    updated_at: "2026-03-01T11:00:00.5Z",
  }]);
  const rows = await p.withUser(alice, (d) => d.categorizationSuggestionInputs("2025-04-01", "2026-03-31"));
  assertRpc(requests[1]!, "me_categorization_suggestion_inputs", alice.token, {
    p_from: "2025-04-01",
    p_to: "2026-03-31",
  });
  assert.deepEqual(rows, [{ ...inputs[0], txn_count: 2 }, { ...inputs[1], txn_count: 0 }]);
});

Deno.test("supabase-js driver: a malformed categorization row is refused, never guessed", async () => {
  const { p } = provider(() => json([{ kind: "other", key: "k", direction: "outflow", txn_count: 1 }]));
  const error = await p.withUser(alice, (d) => d.categorizationSuggestionInputs("2026-01-01", "2026-01-31")).then(
    () => assert.fail("answered"),
    (e) => e,
  );
  assert.ok(error instanceof UnexpectedDataError, String(error));
  const { p: q } = provider(() => json([{ id: "7d0c9a5e-3f1b-5c2a-9e8d-1b2c3d4e5f60", match: "some" }]));
  await q.withUser(alice, (d) => d.categorizationRules()).then(
    () => assert.fail("answered"),
    (e) => assert.ok(e instanceof UnexpectedDataError, String(e)),
  );
});

Deno.test("supabase-js driver: ledgerConversion sends one me_ledger_conversion RPC; its lists become rows in date order", async () => {
  const { p, requests } = provider(() =>
    json([
      // A day-group row: its days in no particular order, as the function sends them.
      {
        currency: "USD",
        kind: "expense",
        category: "Groceries",
        dates: "2026-03-09,2026-02-27,2026-03-07",
        amounts_minor: "-300,-9007199254740991,1250",
        transaction_counts: "1,2,3",
        base: null,
        quote: null,
        rates: null,
      },
      {
        currency: "USD",
        kind: "income",
        category: null,
        dates: "2026-03-01",
        amounts_minor: "5000",
        transaction_counts: "1",
        base: null,
        quote: null,
        rates: null,
      },
      // A rate row: exact decimal text as stored.
      {
        currency: null,
        kind: null,
        category: null,
        dates: "2026-02-27,2026-03-06",
        amounts_minor: null,
        transaction_counts: null,
        base: "EUR",
        quote: "USD",
        rates: "1.0832,0.8765432109876543210",
      },
    ])
  );
  const out = await p.withUser(bob, (d) => d.ledgerConversion("2026-03-01", "2026-03-31", "EUR", "2026-02-22"));
  assert.equal(requests.length, 1);
  assertRpc(requests[0]!, "me_ledger_conversion", bob.token, {
    p_from: "2026-03-01",
    p_to: "2026-03-31",
    p_report: "EUR",
    p_rates_from: "2026-02-22",
  });
  const day = (date: string, amount_minor: number, transaction_count: number) => ({
    currency: "USD",
    date,
    kind: "expense",
    category: "Groceries",
    amount_minor,
    transaction_count,
  });
  assert.deepEqual(out.days, [
    day("2026-02-27", -9007199254740991, 2),
    day("2026-03-07", 1250, 3),
    day("2026-03-09", -300, 1),
    { currency: "USD", date: "2026-03-01", kind: "income", category: null, amount_minor: 5000, transaction_count: 1 },
  ]);
  assert.deepEqual(out.rates, [
    { base: "EUR", quote: "USD", date: "2026-02-27", rate: "1.0832" },
    { base: "EUR", quote: "USD", date: "2026-03-06", rate: "0.8765432109876543210" },
  ]);
});

Deno.test("supabase-js driver: a malformed me_ledger_conversion list is refused, never guessed", async () => {
  const dayRow = (fields: Record<string, unknown>) => ({
    currency: "USD",
    kind: "expense",
    category: null,
    dates: "2026-03-01,2026-03-02",
    amounts_minor: "1,2",
    transaction_counts: "1,1",
    base: null,
    quote: null,
    rates: null,
    ...fields,
  });
  const rateRow = (fields: Record<string, unknown>) => ({
    currency: null,
    kind: null,
    category: null,
    dates: "2026-03-01",
    amounts_minor: null,
    transaction_counts: null,
    base: "EUR",
    quote: "USD",
    rates: "1.08",
    ...fields,
  });
  const bad = [
    dayRow({ amounts_minor: "1,9007199254740992" }), // beyond the safe integers: never rounded
    dayRow({ amounts_minor: "1,12345678901234567" }), // 17 digits
    dayRow({ amounts_minor: "1" }), // shorter than the dates
    dayRow({ amounts_minor: "1,2," }),
    dayRow({ amounts_minor: "1,2.5" }),
    dayRow({ transaction_counts: "1,x" }),
    dayRow({ dates: "2026-03-01,2026-02-30" }),
    dayRow({ dates: "2026-03-01,2026-3-02" }),
    dayRow({ dates: "2026-03-01;2026-03-02" }),
    dayRow({ dates: ["2026-03-01", "2026-03-02"] }),
    dayRow({ kind: "refund" }),
    rateRow({ rates: "1.08e2" }),
    rateRow({ rates: "-1.08" }),
    rateRow({ rates: "1.08,1.09" }),
    rateRow({ dates: "" }),
  ];
  for (const row of bad) {
    const { p } = provider(() => json([row]));
    await p.withUser(alice, (d) => d.ledgerConversion("2026-03-01", "2026-03-31", "EUR", "2026-02-22")).then(
      () => assert.fail(`answered for ${JSON.stringify(row)}`),
      (e) => assert.ok(e instanceof UnexpectedDataError, `${JSON.stringify(row)}: ${e}`),
    );
  }
  // The same rows, well formed, are read.
  const { p } = provider(() => json([dayRow({}), rateRow({})]));
  const ok = await p.withUser(alice, (d) => d.ledgerConversion("2026-03-01", "2026-03-31", "EUR", "2026-02-22"));
  assert.equal(ok.days.length, 2);
  assert.equal(ok.rates.length, 1);
});
