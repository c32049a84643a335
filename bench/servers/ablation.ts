/**
 * Bench-only servers between the floor and the real function, to see what each layer of the real request costs
 * under the same load (full runs only). VARIANT:
 *   floor      read the body as text, JSON.parse, answer {} (same as floor.ts)
 *   read-body  the function's body reading (media type, streamed size limit, strict UTF-8) + JSON.parse
 *   exact-json the function's readJsonBody: body reading + the core's exact JSON parser
 *   calculate  readJsonBody + zod validation + calculate_cashflow + JSON.stringify of the report
 * The real function adds the app's middleware: request id, security headers, rate limiter, request log.
 *
 *   VARIANT=calculate deno run -A bench/servers/ablation.ts <port>
 */
import { Hono } from "hono";
import { createOperations } from "@pfa/core";
import { decodeUtf8, readBodyBytes } from "../../supabase/functions/v1/http/body.ts";
import { readJsonBody } from "../../supabase/functions/v1/http/json-body.ts";

const port = Number(Deno.args[0] ?? 8789);
const variant = Deno.env.get("VARIANT") ?? "floor";
const limit = 5 * 1024 * 1024;
const op = createOperations().byName.calculate_cashflow;

const app = new Hono();
app.post("/v1/*", async (c) => {
  switch (variant) {
    case "floor":
      JSON.parse(await c.req.text());
      return c.json({});
    case "read-body":
      JSON.parse(decodeUtf8(await readBodyBytes(c.req.raw, limit)));
      return c.json({});
    case "exact-json":
      await readJsonBody(c.req.raw, limit);
      return c.json({});
    default: {
      const input = op.input.safeParse(await readJsonBody(c.req.raw, limit));
      if (!input.success) return c.json({ error: "invalid" }, 422);
      return new Response(JSON.stringify(op.run(input.data)), { headers: { "Content-Type": "application/json" } });
    }
  }
});
Deno.serve({ hostname: "127.0.0.1", port, onListen: () => {} }, app.fetch);
