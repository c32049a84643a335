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

const iterations = Number(Deno.args[0] ?? 15);
/** The number of transactions (the scale section passes other sizes, with the limits raised in the environment). */
const transactions = Number(Deno.args[1] ?? 50000);
const body = cashflowBody(transactions);
const bytes = new TextEncoder().encode(body);
const url = "http://127.0.0.1:54321/v1/analytics/cashflow";
const gc = (globalThis as { gc?: () => void }).gc ?? (() => {});

const app = await buildCalculationApp();

async function handle(): Promise<number> {
  const request = new Request(url, {
    method: "POST",
    headers: { "content-type": "application/json", "content-length": String(bytes.byteLength) },
    body: bytes,
  });
  const t0 = performance.now();
  const response = await app.fetch(request);
  const text = await response.text();
  const t = performance.now() - t0;
  if (response.status !== 200) throw new Error(`status ${response.status}: ${text.slice(0, 1000)}`);
  return t;
}

function parse(): number {
  const t0 = performance.now();
  const v = JSON.parse(body);
  const t = performance.now() - t0;
  if (!v) throw new Error("unreachable");
  return t;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const n = s.length;
  return n % 2 ? s[(n - 1) / 2]! : (s[n / 2 - 1]! + s[n / 2]!) / 2;
}
const r2 = (x: number) => Math.round(x * 100) / 100;

const stages = createStages(bytes, gc);

// Warm-up (JIT) before the measured samples.
for (let i = 0; i < 3; i++) {
  parse();
  await handle();
  await stages();
}
const handled: number[] = [];
const parsed: number[] = [];
const staged: Record<string, number[]> = Object.fromEntries(STAGES.map((k) => [k, []]));
for (let i = 0; i < iterations; i++) {
  gc();
  if (i % 2) {
    parsed.push(parse());
    gc();
    handled.push(await handle());
  } else {
    handled.push(await handle());
    gc();
    parsed.push(parse());
  }
  for (const [k, v] of Object.entries(await stages())) staged[k]!.push(v);
}

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
