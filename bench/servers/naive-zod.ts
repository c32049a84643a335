/**
 * A naive Hono + zod handler of POST /v1/analytics/cashflow (bench only), the reference the issue compares the
 * function with: `await c.req.json()`, the plain zod schema (the declared body schema with the plain
 * `z.array(strictObject)` of transactions, no fast validator), the core's calculation, `c.json(report)`. No
 * middleware, no limits, no exact-number or duplicate-key checks, no problem+json: what the function adds on top
 * of this is what the comparison prices.
 *
 *   deno run -A bench/servers/naive-zod.ts <port>
 */
import { Hono } from "hono";
import { z } from "zod";
import { createOperations, createSchemas, DEFAULT_LIMITS } from "@pfa/core";
import { transactionsArray } from "../../packages/core/src/contracts/transaction.ts";

const port = Number(Deno.args[0] ?? Deno.env.get("PORT") ?? 8790);
const op = createOperations().byName.calculate_cashflow;
const declared = createSchemas(DEFAULT_LIMITS).cashflow.body;
const schema = z.strictObject({ ...declared.shape, transactions: transactionsArray(DEFAULT_LIMITS) });

const app = new Hono();
app.post("/v1/analytics/cashflow", async (c) => {
  const parsed = schema.safeParse(await c.req.json());
  if (!parsed.success) return c.json({ issues: parsed.error.issues }, 422);
  return c.json(op.run(parsed.data));
});
Deno.serve({ hostname: "127.0.0.1", port, onListen: () => {} }, app.fetch);
