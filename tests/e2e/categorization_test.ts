/**
 * End to end over real HTTP: categorization (API.md §10). POST categorize and suggestions on hand-worked inputs,
 * their 422s with pointers, the hostile-pattern bound, and the GET twins on the migrated database (stored rules
 * through row-level security, suggestions from the stored transactions).
 */
import assert from "node:assert/strict";
import { storedRuleId } from "@pfa/core";
import { assertConforms, assertProblem, type Harness, startHarness } from "./harness.ts";
import { USER_A, USER_B } from "./fixtures.ts";

const USER_S = "f0000000-0000-4000-8000-00000000000f";
const IMPORT_S = "1f000000-0000-4000-8000-000000000001";
const IMPORT_S_USD = "1f000000-0000-4000-8000-000000000002";
const txS = (n: number) => `2f000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

let h: Harness;

Deno.test.beforeAll(async () => {
  h = await startHarness();
  const rule = (id: string, position: number, extra = "") =>
    `('${USER_A}', '${storedRuleId(USER_A, id)}', ${position}, '${id}', ${extra || "true"}, 'all', ` +
    `'[{"field":"text","op":"contains","value":"${id}"}]', '{"category":"${id}"}')`;
  // Stored rows as the trusted pipeline writes them; the fixtures' own transactions are left as they are.
  await h.database!.client.exec(`
    insert into public.categorization_rules (user_id, id, position, name, enabled, match, conditions, "set") values
      ${rule("rent", 1)}, ${rule("groceries", 0)}, ${rule("old", 2, "false")};
    insert into auth.users (id, aud, role, email) values ('${USER_S}', 'authenticated', 'authenticated', 's@e2e.test');
    insert into public.profiles (user_id, default_currency, timezone) values ('${USER_S}', 'EUR', 'UTC');
    insert into public.statement_imports (id, user_id, account_name, file_name, format, status, currency,
      transaction_count, duplicate_count, error_count, imported_at) values
      ('${IMPORT_S}', '${USER_S}', 'Main', 's.csv', 'csv', 'completed', 'EUR', 7, 0, 0, '2026-04-01 00:00:00+00'),
      ('${IMPORT_S_USD}', '${USER_S}', 'Card', 'u.csv', 'csv', 'completed', 'USD', 1, 0, 0, '2026-04-01 00:00:00+00');
    insert into public.statement_transactions (id, user_id, statement_import_id, date, amount_minor, currency,
      description, counterparty, category, kind) values
      ('${txS(1)}', '${USER_S}', '${IMPORT_S}', '2026-01-03', -999, 'EUR', 'SPOTIFY P1', null, 'music', null),
      ('${txS(2)}', '${USER_S}', '${IMPORT_S}', '2026-02-03', -999, 'EUR', 'SPOTIFY P2', null, 'music', null),
      ('${txS(3)}', '${USER_S}', '${IMPORT_S}', '2026-03-03', -999, 'EUR', 'x', 'Spotify', 'fun', null),
      ('${txS(4)}', '${USER_S}', '${IMPORT_S}', '2026-03-03', -999, 'EUR', 'SPOTIFY P4', '', 'music', null),
      ('${txS(5)}', '${USER_S}', '${IMPORT_S}', '2026-03-20', -999, 'EUR', 'SPOTIFY P5', null, null, null),
      ('${txS(6)}', '${USER_S}', '${IMPORT_S_USD}', '2026-03-21', -999, 'USD', 'SPOTIFY P6', null, null, null),
      ('${txS(7)}', '${USER_S}', '${IMPORT_S}', '2026-03-22', -999, 'EUR', 'SPOTIFY P7', null, null, 'transfer'),
      ('${txS(8)}', '${USER_S}', '${IMPORT_S}', '2026-03-23', 999, 'EUR', 'SPOTIFY P8', null, null, null);
  `);
});
Deno.test.afterAll(async () => {
  await h?.close();
});

function post(path: string, body: unknown): Promise<Response> {
  return h.fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
}

async function get(path: string, user = USER_A): Promise<Response> {
  return h.fetch(path, { headers: { Authorization: `Bearer ${await h.token(user)}` } });
}

Deno.test("POST /v1/analytics/categorize: a hand-worked list, any currencies, explained", async () => {
  const response = await post("/v1/analytics/categorize", {
    rules: [
      {
        id: "own-transfers",
        conditions: [{ field: "counterparty", op: "one_of", value: ["Me Savings", "me  current"] }],
        set: { kind: "transfer" },
      },
      {
        id: "groceries",
        match: "any",
        conditions: [
          { field: "text", op: "starts_with", value: "tesco" },
          { field: "description", op: "matches", value: "\\baldi\\b" },
        ],
        set: { category: "groceries" },
      },
      {
        id: "big",
        conditions: [{ field: "amount", op: "between", value: ["-1000", "-500.005"] }],
        set: { category: "big" },
      },
    ],
    transactions: [
      { id: "1", date: "2026-03-01", amount: "-20.00", description: "Card ALDI Süd", currency: "EUR" },
      { id: "2", date: "2026-03-02", amount: "-600", counterparty: "ＭＥ ＳＡＶＩＮＧＳ", currency: "JPY" },
      { id: "3", date: "2026-03-03", amount: "-500.01", counterparty: "TESCO", currency: "GBP" },
      { id: "4", date: "2026-03-04", amount: "-500.005", currency: "BHD" },
    ],
  });
  assert.equal(response.status, 200);
  const body = await response.json();
  assertConforms("categorize_transactions", body);
  assert.deepEqual(
    body.transactions.map((
      t: Record<string, unknown>,
    ) => [t.id, t.category, t.category_rule_id, t.kind, t.kind_source]),
    [
      ["1", "groceries", "groceries", "expense", "default"],
      ["2", "big", "big", "transfer", "rule"], // -600 JPY is between -1000 and -500.005
      ["3", "groceries", "groceries", "expense", "default"], // first rule setting the category wins over "big"
      ["4", "big", "big", "expense", "default"], // -500.005 BHD is the inclusive upper bound
    ],
  );
  assert.deepEqual(body.rules, [
    { id: "own-transfers", matched_count: 1, applied_count: 1 },
    { id: "groceries", matched_count: 2, applied_count: 2 },
    { id: "big", matched_count: 3, applied_count: 2 },
  ]);
  assert.deepEqual(body.totals, {
    transaction_count: 4,
    categorized_count: 4,
    uncategorized_count: 0,
    categorized_by_rule_count: 4,
    kind_set_by_rule_count: 1,
  });
});

Deno.test("POST /v1/analytics/categorize: a report of many rows arrives whole, streamed in chunks", async () => {
  // About 500 KB of report: several chunks of the route's streamed body (operations/categorization-json.ts).
  const names = ["Café ☕", 'Miete "Mai"', "😀 Spaß", "İstanbul"];
  const transactions = Array.from({ length: 4000 }, (_, i) => ({
    id: `${names[i % names.length]} #${i}`,
    date: "2026-03-01",
    amount: i % 3 === 0 ? "12.50" : "-3.10",
    description: i % 2 === 0 ? "ALDI SÜD" : "Miete",
    ...(i % 5 === 0 ? { category: names[(i + 1) % names.length] } : {}),
  }));
  const rules = [{
    id: "food",
    conditions: [{ field: "description", op: "contains", value: "aldi" }],
    set: { category: "Essen" },
  }];
  const response = await post("/v1/analytics/categorize", { rules, transactions });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("content-type"), "application/json");
  assert.ok(response.headers.get("x-request-id"));
  const body = await response.json();
  assertConforms("categorize_transactions", body);
  assert.equal(body.transactions.length, 4000);
  body.transactions.forEach((row: { index: number; id: string; category: string }, i: number) => {
    assert.equal(row.index, i);
    assert.equal(row.id, transactions[i]!.id);
    // A transaction's own category is kept (no overwrite); the rule categorizes the other ALDI ones.
    assert.equal(row.category, i % 5 === 0 ? transactions[i]!.category : i % 2 === 0 ? "Essen" : null);
  });
  // 2,000 ALDI rows meet the rule; 400 of them (i a multiple of 10) keep their own category.
  assert.deepEqual(body.rules, [{ id: "food", matched_count: 2000, applied_count: 1600 }]);
  assert.equal(body.totals.categorized_count, 1600 + 800);
});

Deno.test("POST /v1/analytics/categorize: 422 with a pointer for every limit", async () => {
  const problem = await assertProblem(
    await post("/v1/analytics/categorize", {
      rules: [
        { id: "x", conditions: [{ field: "amount", op: "contains", value: "1" }], set: { category: "c" } },
        { id: "x", conditions: [{ field: "text", op: "matches", value: "(a)\\1" }], set: { category: " c" } },
        { id: "y", conditions: [{ field: "text", op: "equals", value: "\u00a0" }], set: {} },
      ],
      transactions: [{ date: "2026-01-01", amount: "1.00001" }],
    }),
    422,
    "validation_failed",
  );
  assert.deepEqual(problem.errors.map((e: { pointer: string; code: string }) => [e.pointer, e.code]), [
    ["/rules/0/conditions/0/op", "invalid_value"],
    ["/rules/1/conditions/0/value", "invalid_format"],
    ["/rules/1/set/category", "invalid_format"],
    ["/rules/2/conditions/0/value", "too_short"],
    ["/rules/2/set", "required"],
    ["/rules/1/id", "duplicate"],
  ]);
  const tooLarge = await assertProblem(
    await post("/v1/analytics/categorize", {
      rules: Array.from({ length: 101 }, (_, i) => ({
        id: `r${i}`,
        conditions: [{ field: "amount", op: "gt", value: "0" }],
        set: { kind: "income" },
      })),
      transactions: Array(50_000).fill({ date: "2026-01-01", amount: "1" }),
    }),
    422,
    "validation_failed",
  );
  assert.deepEqual(tooLarge.errors.map((e: { pointer: string; code: string }) => [e.pointer, e.code]), [
    ["/rules", "too_large"],
  ]);
});

Deno.test("POST /v1/analytics/categorize: catastrophic patterns answer in linear time", async () => {
  // 50,000 "a"s in all (250 descriptions of 200), each description distinct, under each pattern.
  const transactions = Array.from({ length: 250 }, (_, i) => ({
    date: "2026-01-01",
    amount: "-1",
    description: "a".repeat(200 - String(i).length) + String(i).replace(/\d/g, (d) => "abcdefghij"[Number(d)]!),
  }));
  const timed = async (patterns: string[]) => {
    const rules = patterns.map((value, i) => ({
      id: `p${i}`,
      conditions: [{ field: "description", op: "matches", value }],
      set: { category: "hit" },
    }));
    const started = performance.now();
    const response = await post("/v1/analytics/categorize", { rules, transactions });
    const body = await response.json();
    assert.equal(response.status, 200, JSON.stringify(body));
    return {
      ms: performance.now() - started,
      matched: body.rules.map((r: { matched_count: number }) => r.matched_count),
    };
  };
  await timed(["a"]); // warm up
  const trivial = await timed(["zzz", "q+", "^b"]);
  const hostile = await timed(["(a+)+$", "(a|a)*b", "(.*a){20}"]);
  assert.deepEqual(trivial.matched, [0, 0, 0]);
  // "(a+)+$": every description ends with letters a–j, so only those ending in "a" match (i = 0, 10, 20, …, as
  // digits mapped to letters: the last digit 0). "(a|a)*b": a "b" somewhere (a 1 among the digits).
  const endsWithA = transactions.filter((t) => t.description.endsWith("a")).length;
  const hasB = transactions.filter((t) => t.description.includes("b")).length;
  assert.deepEqual(hostile.matched, [endsWithA, hasB, 250]);
  assert.ok(hostile.ms / trivial.ms < 20, `hostile ${hostile.ms} ms vs trivial ${trivial.ms} ms`);
});

Deno.test("POST /v1/analytics/categorization/suggestions: 3 of the latest 5, with a ready rule", async () => {
  const response = await post("/v1/analytics/categorization/suggestions", {
    from: "2026-04-01",
    transactions: [
      { id: "a", date: "2026-01-03", amount: "-9.99", description: "NETFLIX.COM 1", category: "tv" },
      { id: "b", date: "2026-02-03", amount: "-9.99", description: "NETFLIX.COM 2", category: "tv" },
      { id: "c", date: "2026-03-03", amount: "-9.99", counterparty: "Netflix com", category: "tv" },
      { date: "2026-04-03", amount: "-9.99", description: "NETFLIX.COM 3" },
      { date: "2026-04-04", amount: "-9.99", description: "netflix com", kind: "transfer" },
    ],
  });
  assert.equal(response.status, 200);
  const body = await response.json();
  assertConforms("calculate_categorization_suggestions", body);
  assert.equal(body.from, "2026-04-01");
  assert.equal(body.to, "2026-04-04");
  assert.deepEqual(
    body.suggestions.map((s: Record<string, unknown>) => [s.key, s.direction, s.category, s.uncategorized_count]),
    [["netflix com", "outflow", "tv", 1]],
  );
  assert.deepEqual(body.suggestions[0].evidence, { considered: 3, agreeing: 3, transaction_ids: ["c", "b", "a"] });
  assert.match(body.suggestions[0].rule.id, /^sg_[0-9a-f]{16}$/);
});

Deno.test("GET /v1/me/categorization/rules: the stored rules in position order, through RLS", async () => {
  const response = await get("/v1/me/categorization/rules");
  assert.equal(response.status, 200);
  const body = await response.json();
  assertConforms("list_categorization_rules", body);
  assert.deepEqual(body.data, [
    {
      id: storedRuleId(USER_A, "groceries"),
      name: "groceries",
      enabled: true,
      match: "all",
      conditions: [{ field: "text", op: "contains", value: "groceries" }],
      set: { category: "groceries" },
    },
    {
      id: storedRuleId(USER_A, "rent"),
      name: "rent",
      enabled: true,
      match: "all",
      conditions: [{ field: "text", op: "contains", value: "rent" }],
      set: { category: "rent" },
    },
    {
      id: storedRuleId(USER_A, "old"),
      name: "old",
      enabled: false,
      match: "all",
      conditions: [{ field: "text", op: "contains", value: "old" }],
      set: { category: "old" },
    },
  ]);
  const other = await get("/v1/me/categorization/rules", USER_B);
  assert.deepEqual(await other.json(), { data: [] });
  await assertProblem(await h.fetch("/v1/me/categorization/rules"), 401, "unauthorized");
});

Deno.test("GET /v1/me/categorization/suggestions: candidates and history from the stored transactions", async () => {
  const response = await get("/v1/me/categorization/suggestions?from=2026-03-10&to=2026-03-31", USER_S);
  assert.equal(response.status, 200);
  const body = await response.json();
  assertConforms("get_categorization_suggestions", body);
  // Candidates (outflow "spotify p"): tx 5 (EUR) and tx 6 (USD: currencies do not matter); tx 7 is a transfer,
  // tx 8 an inflow. History, latest first: tx 4 "music" (2026-03-03, higher id), tx 3 has counterparty
  // "Spotify" (key "spotify": another group), tx 2, tx 1 "music": 3 agree.
  assert.deepEqual(body, {
    from: "2026-03-10",
    to: "2026-03-31",
    suggestions: [{
      key: "spotify p",
      direction: "outflow",
      category: "music",
      uncategorized_count: 2,
      evidence: { considered: 3, agreeing: 3, transaction_ids: [txS(4), txS(2), txS(1)] },
      rule: {
        id: body.suggestions[0]?.rule.id,
        name: "spotify p",
        enabled: true,
        match: "all",
        conditions: [{ field: "text", op: "key_equals", value: "spotify p" }, {
          field: "amount",
          op: "lt",
          value: "0",
        }],
        set: { category: "music" },
      },
    }],
  });
  // The same transactions on POST give the same suggestion (ids and all).
  const posted = await post("/v1/analytics/categorization/suggestions", {
    from: "2026-03-10",
    to: "2026-03-31",
    transactions: [
      { id: txS(1), date: "2026-01-03", amount: "-9.99", description: "SPOTIFY P1", category: "music" },
      { id: txS(2), date: "2026-02-03", amount: "-9.99", description: "SPOTIFY P2", category: "music" },
      { id: txS(3), date: "2026-03-03", amount: "-9.99", description: "x", counterparty: "Spotify", category: "fun" },
      {
        id: txS(4),
        date: "2026-03-03",
        amount: "-9.99",
        description: "SPOTIFY P4",
        counterparty: "",
        category: "music",
      },
      { id: txS(5), date: "2026-03-20", amount: "-9.99", description: "SPOTIFY P5" },
      { id: txS(6), date: "2026-03-21", amount: "-9.99", currency: "USD", description: "SPOTIFY P6" },
    ],
  });
  assert.deepEqual((await posted.json()).suggestions, body.suggestions);
  const bad = await assertProblem(
    await get("/v1/me/categorization/suggestions?from=2026-04-01&to=2026-03-31", USER_S),
    422,
    "validation_failed",
  );
  assert.deepEqual(bad.errors.map((e: { parameter: string; code: string }) => [e.parameter, e.code]), [
    ["to", "invalid_range"],
  ]);
});
