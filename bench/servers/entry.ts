/**
 * Runs the deployed entry, supabase/functions/v1/index.ts, unchanged, on a port of the benchmark's choosing:
 * index.ts calls `Deno.serve(handler)` (port 8000, as the edge runtime expects), so this wrapper pins the address
 * first and then imports it. Used for cold_start_ms, peak_rss_mb_50k and calc_vs_parse_throughput.
 *
 *   SUPABASE_URL=… SUPABASE_ANON_KEY=… deno run -A bench/servers/entry.ts <port>
 */
const port = Number(Deno.args[0] ?? Deno.env.get("PORT") ?? 8788);
const serve = Deno.serve;
Object.defineProperty(Deno, "serve", {
  configurable: true,
  value: (handler: Deno.ServeHandler) => serve({ hostname: "127.0.0.1", port, onListen: () => {} }, handler),
});
await import("../../supabase/functions/v1/index.ts");
