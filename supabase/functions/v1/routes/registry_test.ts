import assert from "node:assert/strict";
import { z } from "zod";
import { createOperations, type Operation } from "@pfa/core";
import { coreOperations, operationsOf } from "./registry.ts";

const jsonSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input", unrepresentable: "any" });

/** Everything of an operation but `run`: the route, the texts, the hook, both schemas as JSON Schema. */
function described(op: Operation) {
  return {
    name: op.name,
    kind: op.kind,
    method: op.method,
    path: op.path,
    tag: op.tag,
    summary: op.summary,
    description: op.description,
    prepare: op.prepare,
    input: jsonSchema(op.input),
    output: jsonSchema(op.output),
  };
}

Deno.test("registry: the routes are the core registry's, in its order", () => {
  const core = createOperations().list.map(({ name, kind, method, path }) => ({ name, kind, method, path }));
  assert.deepEqual(coreOperations().routes, core);
});

Deno.test("registry: each operation loaded on its own is the core's (texts, hook, schemas with the same limits)", async () => {
  const limits = { transactions: 7, text: 11 };
  const core = createOperations(limits).list;
  const lazy = coreOperations(limits);
  for (const op of core) assert.deepEqual(described(await lazy.get(op.name)), described(op), op.name);
  assert.deepEqual((await lazy.all()).map(described), core.map(described));
});

Deno.test("registry: an operation is loaded once, and its run gives the core's answer", async () => {
  const lazy = coreOperations();
  const [a, b] = await Promise.all([lazy.get("calculate_cashflow"), lazy.get("calculate_cashflow")]);
  assert.equal(a, b);
  assert.equal(lazy.built("calculate_cashflow"), undefined, "nothing is built before it is asked for");
  const body = { currency: "EUR", year: 2025, transactions: [{ date: "2025-03-02", amount: "-12.30" }] };
  const core = createOperations().byName.calculate_cashflow;
  assert.equal(a.kind, "calculation");
  if (a.kind !== "calculation") return;
  assert.deepEqual(a.run(a.input.parse(body)), core.run(core.input.parse(body)));
  await assert.rejects(lazy.get("no_such_operation"), /no operation no_such_operation/);
});

Deno.test("registry: operations already built are served as they are", async () => {
  const list = createOperations().list;
  const source = operationsOf(list);
  assert.equal(source.built("get_cashflow"), list.find((op) => op.name === "get_cashflow"));
  assert.equal(await source.get("get_cashflow"), source.built("get_cashflow"));
  assert.equal(await source.all(), list);
  await assert.rejects(source.get("no_such_operation"), /no operation no_such_operation/);
});
