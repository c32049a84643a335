/**
 * The least a server can load and do to answer POST /v1/analytics/cashflow with the core's own calculation (bench
 * only, cold start): Deno + Hono as the floor, plus the core's cashflow operation imported by its own module (not
 * the package's index), its zod schemas built on the first request, the core's exact JSON parser, validation and
 * the calculation. No middleware, no limits, no problem+json. It measured 1.82–1.99 times the floor: what a first
 * request costs when it loads zod and builds schemas, which is why the function's first valid calculation now does
 * neither (routes/registry.ts, `fast`). bench/cold.mjs measures it and the function in one rotation.
 *
 * STEP stops part of the way, to price each piece (the answer is then `{}`, as the floor's):
 *   zod       the floor + zod's module
 *   modules   + the cashflow operation's modules and the core's schema modules (nothing built)
 *   schemas   + the cashflow schemas built
 *   (unset)   + exact JSON parse, validation, calculation: the real answer
 *
 *   [STEP=zod|modules|schemas] deno run -A bench/servers/core-floor.ts <port>
 */
import { Hono } from "hono";

const port = Number(Deno.args[0] ?? Deno.env.get("PORT") ?? 8791);
const step = Deno.env.get("STEP");
const app = new Hono();
app.post("/v1/analytics/cashflow", async (c) => {
  if (step === "zod") {
    await import("zod");
    JSON.parse(await c.req.text());
    return c.json({});
  }
  const [{ calculateCashflowOperation }, { createSchemas }, { parseJsonBody }] = await Promise.all([
    import("../../packages/core/src/operations/calculate-cashflow.ts"),
    import("../../packages/core/src/contracts/schemas.ts"),
    import("../../packages/core/src/json/parse-json-body.ts"),
  ]);
  const op = calculateCashflowOperation(createSchemas());
  if (step === "modules" || step === "schemas") {
    if (step === "schemas") void op.input;
    JSON.parse(await c.req.text());
    return c.json({});
  }
  const input = op.input.safeParse(parseJsonBody(await c.req.text()));
  if (!input.success) return c.json({ error: "invalid" }, 422);
  return new Response(JSON.stringify(op.run(input.data)), { headers: { "Content-Type": "application/json" } });
});
Deno.serve({ hostname: "127.0.0.1", port, onListen: () => {} }, app.fetch);
