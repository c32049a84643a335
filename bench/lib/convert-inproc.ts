/**
 * post_cashflow_convert_50k_vs_parse (issue 26), measured inside one Deno process like bench/inproc.ts: the real
 * app's fetch handler on POST /v1/analytics/cashflow with 50,000 transactions in three currencies (EUR, USD, GBP:
 * a third each) and 1,000 rates (EUR/USD and EUR/GBP on 500 weekdays), against `JSON.parse` of the same body.
 * Alternating, a full GC before every sample, median of N. Then, apart from those samples (so they are measured as
 * before), N samples of the stages of bench/lib/breakdown.ts on the same body: read the body, the exact JSON parser,
 * validation, the operation (where conversion happens: rates, day groups, exact conversion, the block) and
 * JSON.stringify. Prints one JSON line.
 *
 *   deno run -A --v8-flags=--expose-gc bench/lib/convert-inproc.ts [iterations]
 */
import { transactions } from "./payload.mjs";
import { buildCalculationApp } from "../servers/build.ts";
import { handleVsParse, median, r2 } from "./handle-vs-parse.ts";
import { createStages, STAGES } from "./breakdown.ts";

const iterations = Number(Deno.args[0] ?? 15);
const COUNT = 50_000;
const currencies = ["EUR", "USD", "GBP"];
const txs = (transactions(COUNT, { seed: 26, year: 2025 }) as Record<string, unknown>[]).map((t, i) =>
  i % 3 === 0 ? t : { ...t, currency: currencies[i % 3] }
);
// 500 weekdays ending 2025-12-31, for two pairs: 1,000 rates.
const rates: { date: string; base: string; quote: string; rate: string }[] = [];
for (let day = Date.UTC(2025, 11, 31), n = 0; n < 500; day -= 86_400_000) {
  const d = new Date(day);
  if (d.getUTCDay() === 0 || d.getUTCDay() === 6) continue;
  const date = d.toISOString().slice(0, 10);
  rates.push({ date, base: "EUR", quote: "USD", rate: `1.${String(500 + (n * 7919) % 4000).padStart(4, "0")}` });
  rates.push({ date, base: "EUR", quote: "GBP", rate: `0.8${String((n * 104729) % 10000).padStart(4, "0")}` });
  n++;
}
const body = JSON.stringify({ currency: "EUR", year: 2025, conversion: { rates }, transactions: txs });
const app = await buildCalculationApp();
const { bytes, gc, alternate } = handleVsParse(app, "http://127.0.0.1:54321/v1/analytics/cashflow", body);
const { handled, parsed } = await alternate(iterations);
const stages = createStages(bytes, gc);
const staged: Record<string, number[]> = Object.fromEntries(STAGES.map((k) => [k, []]));
for (let i = 0; i < iterations + 3; i++) {
  const sample = await stages();
  if (i >= 3) { for (const [k, v] of Object.entries(sample)) staged[k]!.push(v); }
}
const handleMs = median(handled);
const parseMs = median(parsed);
console.log(JSON.stringify({
  method: "in-process: app.fetch(new Request(body)) to the last response byte vs JSON.parse(body), alternating, " +
    `GC before each sample, median of ${iterations} after 3 warm-ups`,
  body_bytes: bytes.byteLength,
  transactions: COUNT,
  rates: rates.length,
  handle_median_ms: r2(handleMs),
  parse_median_ms: r2(parseMs),
  ratio: handleMs / parseMs,
  handle_ms: handled.map(r2),
  parse_ms: parsed.map(r2),
  stages_median_ms: Object.fromEntries(Object.entries(staged).map(([k, v]) => [k, r2(median(v))])),
}));
