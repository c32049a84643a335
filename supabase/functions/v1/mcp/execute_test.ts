import assert from "node:assert/strict";
import { createOperations, ValidationError } from "@pfa/core";
import type { AccountData } from "@pfa/core/contracts/account-data.ts";
import { AuthError } from "../auth/errors.ts";
import { DatabaseUnavailableError } from "../data/errors.ts";
import { executeOperation, type ExecutionContext, NO_USER_DETAIL } from "./execute.ts";

const ops = createOperations().byName;
const USER = { sub: "11111111-1111-4111-8111-111111111111", claims: {}, token: "t" };
const noData = {
  withUser: () => Promise.reject(new Error("the database must not be touched")),
};
const ctx = (over: Partial<ExecutionContext> = {}): ExecutionContext => ({
  requestId: "req-1",
  user: () => Promise.resolve(undefined),
  accountData: noData,
  ...over,
});

Deno.test("execute: a calculation returns the report body (worked by hand)", async () => {
  const outcome = await executeOperation(ops.calculate_spending_by_category, {
    currency: "eur",
    from: "2026-01-01",
    to: "2026-01-31",
    transactions: [
      { date: "2026-01-03", amount: "-10.50", category: "food" },
      { date: "2026-01-09", amount: -4.5, category: "food" },
      { date: "2026-01-10", amount: "1000", kind: "income" },
    ],
  }, ctx());
  assert.ok(outcome.ok);
  assert.equal(outcome.body.currency, "EUR");
  assert.equal(outcome.body.total, "15.00");
  assert.deepEqual(outcome.body.categories, [
    { category: "food", total: "15.00", share_percent: 100, transaction_count: 2 },
  ]);
});

Deno.test("execute: refunds exceeding spending give null shares, as on REST (worked by hand)", async () => {
  const outcome = await executeOperation(ops.calculate_spending_by_category, {
    currency: "EUR",
    transactions: [
      { date: "2026-01-03", amount: "-10.00", category: "food", id: null, description: null, counterparty: null },
      { date: "2026-01-04", amount: "25.00", kind: "expense", category: null }, // a refund, uncategorized
    ],
  }, ctx());
  assert.ok(outcome.ok);
  assert.equal(outcome.body.total, "-15.00"); // 10.00 − 25.00
  assert.deepEqual(outcome.body.categories, [
    { category: "food", total: "10.00", share_percent: null, transaction_count: 1 },
    { category: null, total: "-25.00", share_percent: null, transaction_count: 1 },
  ]);
});

Deno.test("execute: a bad argument is the 422 problem with a JSON pointer, like a REST body", async () => {
  const outcome = await executeOperation(ops.calculate_cashflow, {
    currency: "EUR",
    transactions: [{ date: "2026-01-03", amount: "1.234" }],
  }, ctx());
  assert.equal(outcome.ok, false);
  if (outcome.ok) return;
  assert.equal(outcome.problem.status, 422);
  assert.equal(outcome.problem.code, "validation_failed");
  assert.equal(outcome.problem.request_id, "req-1");
  assert.deepEqual(outcome.problem.errors?.map((e) => [e.pointer, e.code]), [[
    "/transactions/0/amount",
    "too_many_decimals",
  ]]);
});

Deno.test("execute: exact-JSON problems of the arguments and the values' problems in one answer, by pointer", async () => {
  const rejection = new ValidationError([
    { pointer: "/transactions/1/amount", code: "exponent_not_allowed", message: "written with an exponent" },
  ]);
  const outcome = await executeOperation(
    ops.calculate_cashflow,
    {
      currency: "EUR",
      year: 2026,
      transactions: [
        { date: "2026-01-03", amount: "1.00" },
        { date: "2026-01-04", amount: 1000 }, // what JSON.parse made of 1e3
        { date: "2026-04-31", amount: "2.00" }, // no 31 April
      ],
    },
    ctx(),
    rejection,
  );
  assert.equal(outcome.ok, false);
  if (outcome.ok) return;
  assert.deepEqual(outcome.problem.errors?.map((e) => [e.pointer, e.code]), [
    ["/transactions/1/amount", "exponent_not_allowed"],
    ["/transactions/2/date", "invalid_date"],
  ]);
});

Deno.test("execute: an account tool's bad argument names the parameter, like a REST query", async () => {
  const data = { withUser: <T>(_u: unknown, fn: (d: AccountData) => Promise<T>) => fn({} as AccountData) };
  const outcome = await executeOperation(
    ops.get_budget_summary,
    { month: 13 },
    ctx({ user: () => Promise.resolve(USER), accountData: data }),
  );
  assert.equal(outcome.ok, false);
  if (!outcome.ok) {
    assert.deepEqual(outcome.problem.errors?.map((e) => [e.parameter, e.code]), [["month", "out_of_range"]]);
  }
});

Deno.test("execute: a rejection from the exact JSON checks and the schema's problems in the same answer, by pointer", async () => {
  const rejection = new ValidationError([{ pointer: "/year", code: "exponent_not_allowed", message: "no" }]);
  const outcome = await executeOperation(ops.calculate_cashflow, { currency: "EUR", year: 2026 }, ctx(), rejection);
  assert.equal(outcome.ok, false);
  if (outcome.ok) return;
  assert.deepEqual(outcome.problem.errors?.[1], rejection.errors[0]);
  assert.deepEqual(outcome.problem.errors?.slice(0, 1).map((e) => [e.pointer, e.code]), [[
    "/transactions",
    "required",
  ]]);
  // A body the schema accepts is still refused for the exact-JSON problem alone.
  const valid = { currency: "EUR", year: 2026, transactions: [] };
  const alone = await executeOperation(ops.calculate_cashflow, valid, ctx(), rejection);
  assert.deepEqual(!alone.ok && alone.problem.errors, rejection.errors);
});

Deno.test("execute: an account tool without a user is 401 and never touches the data", async () => {
  const outcome = await executeOperation(ops.get_goal_progress, {}, ctx());
  assert.equal(outcome.ok, false);
  if (outcome.ok) return;
  assert.equal(outcome.problem.status, 401);
  assert.equal(outcome.problem.code, "unauthorized");
  assert.equal(outcome.problem.detail, NO_USER_DETAIL);
});

Deno.test("execute: a refused token is 401, an unavailable database 503, a bug 500 without its message", async () => {
  const refused = await executeOperation(
    ops.get_goal_progress,
    {},
    ctx({
      user: () => Promise.reject(new AuthError("expired", "The token has expired.")),
    }),
  );
  assert.equal(!refused.ok && refused.problem.status, 401);
  const down = await executeOperation(
    ops.get_goal_progress,
    {},
    ctx({
      user: () => Promise.resolve(USER),
      accountData: { withUser: () => Promise.reject(new DatabaseUnavailableError()) },
    }),
  );
  assert.equal(!down.ok && down.problem.code, "service_unavailable");
  const bug = await executeOperation(
    ops.get_goal_progress,
    {},
    ctx({
      user: () => Promise.resolve(USER),
      accountData: { withUser: () => Promise.reject(new Error("password=hunter2")) },
    }),
  );
  assert.equal(!bug.ok && bug.problem.code, "internal_error");
  assert.ok(!JSON.stringify(bug).includes("hunter2"));
});
