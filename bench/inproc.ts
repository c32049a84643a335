/**
 * post_cashflow_50k_vs_parse, measured inside one Deno process: the real app's fetch handler (built with createApp,
 * calculation routes, no database) handling POST /v1/analytics/cashflow with 50,000 transactions, from a fresh
 * Request to the last byte of the response body, against `JSON.parse` alone of the same body string. Alternating,
 * a full GC before every timed sample, median of N. Prints one JSON line.
 *
 *   deno run -A --v8-flags=--expose-gc bench/inproc.ts [iterations] [transactions]
 */
import { cashflowBody } from "./lib/payload.mjs";
import { buildCalculationApp } from "./servers/build.ts";
import { createStages, STAGES } from "./lib/breakdown.ts";
import { handleVsParse, median, r2 } from "./lib/handle-vs-parse.ts";

const iterations = Number(Deno.args[0] ?? 15);
/** The number of transactions (the scale section passes other sizes, with the limits raised in the environment). */
const transactions = Number(Deno.args[1] ?? 50000);
const body = cashflowBody(transactions);
const app = await buildCalculationApp();
const { bytes, gc, alternate } = handleVsParse(app, "http://127.0.0.1:54321/v1/analytics/cashflow", body);
const stages = createStages(bytes, gc);
for (let i = 0; i < 3; i++) await stages();
const staged: Record<string, number[]> = Object.fromEntries(STAGES.map((k) => [k, []]));
const { handled, parsed } = await alternate(iterations, async () => {
  for (const [k, v] of Object.entries(await stages())) staged[k]!.push(v);
});

const handleMs = median(handled);
const parseMs = median(parsed);
console.log(JSON.stringify({
  method: `in-process: app.fetch(new Request(body)) to the last response byte vs JSON.parse(body), alternating, ` +
    `GC before each sample, median of ${iterations} after 3 warm-ups`,
  body_bytes: bytes.byteLength,
  transactions,
  handle_median_ms: r2(handleMs),
  parse_median_ms: r2(parseMs),
  ratio: handleMs / parseMs,
  handle_ms: handled.map(r2),
  parse_ms: parsed.map(r2),
  stages_median_ms: Object.fromEntries(Object.entries(staged).map(([k, v]) => [k, r2(median(v))])),
}));
