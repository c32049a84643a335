/**
 * Runs the deployed entry unchanged, on a port of the benchmark's choosing: the function's bundle,
 * supabase/functions/v1/dist/index.js (config.toml's entrypoint), which the benchmark builds from the sources it
 * measures (bench/lib/function-build.mjs; `npm run build:function`). Its index.ts calls `Deno.serve(handler)` (port
 * 8000, as the edge runtime expects), so this wrapper pins the address first and then imports it. Used for
 * cold_start_ms, peak_rss_mb_50k and calc_vs_parse_throughput.
 *
 *   SUPABASE_URL=… SUPABASE_ANON_KEY=… deno run -A bench/servers/entry.ts <port>
 */
const port = Number(Deno.args[0] ?? Deno.env.get("PORT") ?? 8788);
const serve = Deno.serve;
Object.defineProperty(Deno, "serve", {
  configurable: true,
  value: (handler: Deno.ServeHandler) => serve({ hostname: "127.0.0.1", port, onListen: () => {} }, handler),
});
// PFA_BENCH_SOURCES=1 (the profile section): index.ts itself, the same code unbundled, so that a profile's frames
// name the modules they come from.
const sources = Deno.env.get("PFA_BENCH_SOURCES") === "1";
const entry = new URL(`../../supabase/functions/v1/${sources ? "index.ts" : "dist/index.js"}`, import.meta.url);
try {
  Deno.statSync(entry);
} catch {
  throw new Error(`${entry.pathname} is missing: run \`npm run build:function\` first`);
}
await import(entry.href);
