/**
 * The floor of this stack (bench only): Deno + Hono, a POST route that reads the body, JSON-parses it and
 * answers `{}`. `calc_vs_parse_throughput` divides the real function's requests per second by this server's.
 *
 *   deno run -A bench/servers/floor.ts <port>
 */
import { Hono } from "hono";

const port = Number(Deno.args[0] ?? Deno.env.get("PORT") ?? 8787);
const app = new Hono();
app.post("/v1/*", async (c) => {
  JSON.parse(await c.req.text());
  return c.json({});
});

Deno.serve({ hostname: "127.0.0.1", port, onListen: () => console.log(`floor listening on ${port}`) }, app.fetch);
