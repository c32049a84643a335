// Deno smoke test: the core runs unchanged under Deno (imports mod.ts, parses a body exactly, runs a calculation).
import assert from "node:assert/strict";
import { createOperations, parseJsonBody, ValidationError } from "../src/mod.ts";

Deno.test("core runs a cashflow calculation under Deno", () => {
  const { byName } = createOperations();
  const op = byName.calculate_cashflow;
  const body = parseJsonBody(
    '{"currency":"bhd","transactions":[{"date":"2024-02-29","amount":"1.250"},{"date":"2024-03-01","amount":-0.5}]}',
  );
  const report = op.run(op.input.parse(body));
  // Hand-worked: Feb income 1.250 BHD; Mar expense 0.500; year defaults to 2024 (latest date).
  assert.equal(report.currency, "BHD");
  assert.equal(report.year, 2024);
  assert.equal(report.months[1]!.income, "1.250");
  assert.equal(report.months[2]!.expenses, "0.500");
  assert.equal(report.totals.net, "0.750");
  assert.equal(report.savings_rate_percent, 60);
});

Deno.test("exact JSON parsing rejects an exponent under Deno", () => {
  assert.throws(
    () => parseJsonBody('{"amount":1e3}'),
    (e) => e instanceof ValidationError && e.errors[0]!.pointer === "/amount",
  );
});
