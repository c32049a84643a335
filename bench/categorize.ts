/**
 * post_categorize_50k_vs_parse, inside one Deno process: the real app's fetch handler answering POST
 * /v1/analytics/categorize with 50,000 transactions and 100 rules (mixed operators, 10 regular expressions;
 * bench/lib/categorize-payload.mjs), from a fresh Request to the last response byte, against JSON.parse alone of the
 * same body. Alternating, a full GC before every sample, median of N. Prints one JSON line, with the median of each
 * stage (bench/lib/categorize-breakdown.ts) sampled in the same loop.
 *
 *   deno run -A --v8-flags=--expose-gc bench/categorize.ts [iterations]
 */
import { categorizeBody } from "./lib/categorize-payload.mjs";
import { buildCalculationApp } from "./servers/build.ts";
import { CATEGORIZE_STAGES, createCategorizeStages } from "./lib/categorize-breakdown.ts";
import { handleVsParse, median, r2 } from "./lib/handle-vs-parse.ts";

const iterations = Number(Deno.args[0] ?? 15);
const body = categorizeBody(50000);
const app = await buildCalculationApp();
const { bytes, gc, alternate } = handleVsParse(app, "http://127.0.0.1:54321/v1/analytics/categorize", body);
const stages = await createCategorizeStages(bytes, gc);
for (let i = 0; i < 3; i++) await stages();
const staged: Record<string, number[]> = Object.fromEntries(CATEGORIZE_STAGES.map((k) => [k, []]));
const { handled, parsed, ratio } = await alternate(iterations, async () => {
  for (const [k, v] of Object.entries(await stages())) staged[k]!.push(v);
});
const parseMs = median(parsed);
console.log(JSON.stringify({
  method: `in-process: app.fetch(new Request(body)) of POST /v1/analytics/categorize (50,000 transactions, 100 ` +
    `one-condition rules, 10 of them regular expressions) to the last response byte vs JSON.parse(body), ` +
    `alternating, GC before each sample, median of ${iterations} after 3 warm-ups`,
  body_bytes: bytes.byteLength,
  transactions: 50000,
  rules: 100,
  handle_median_ms: r2(median(handled)),
  parse_median_ms: r2(parseMs),
  ratio,
  stages_median_ms: Object.fromEntries(Object.entries(staged).map(([k, v]) => [k, r2(median(v))])),
  stages_vs_parse: Object.fromEntries(Object.entries(staged).map(([k, v]) => [k, r2(median(v) / parseMs)])),
}));
