// Section `scale`: how server time and peak memory grow with the number of transactions (1k, 10k, 50k, 100k).
// Each size gets a fresh index.ts process (bench/servers/entry.ts) with the transaction and body limits raised for
// this section only (PFA_MAX_TRANSACTIONS=100000, PFA_MAX_BODY_BYTES=16 MiB; the rate limiter and the request log
// stay on). Server time is the request log's own `duration_ms` (first middleware to the response), the client
// time the round trip from Node; peak memory is VmHWM of that process. The floor server (Deno + Hono +
// JSON.parse) gets the same requests for reference. Writes bench/scale.svg (bench/out/scale.svg for --only runs).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { APP_ENV } from "./calc.mjs";
import { cashflowBody } from "./payload.mjs";
import { freePort, median, procMemory, ROOT, round, runDeno, sleep, spawnDeno, stop, waitFor200 } from "./proc.mjs";
import { scaleSvg } from "./svg-plot.mjs";

const CASHFLOW = "/v1/analytics/cashflow";
export const SCALE_SIZES = [1000, 10000, 50000, 100000];
const SCALE_ENV = { ...APP_ENV, PFA_MAX_TRANSACTIONS: "100000", PFA_MAX_BODY_BYTES: String(16 * 1024 * 1024) };

/** Server-side durations of the POSTs logged so far (the request log's JSON lines on stdout). */
function loggedDurations(output) {
  return output.split("\n").filter((l) => l.startsWith('{"request_id"')).map((l) => JSON.parse(l))
    .filter((e) => e.method === "POST" && e.path === CASHFLOW && e.status === 200).map((e) => e.duration_ms);
}

async function measureSize(script, env, body, requests, warmups) {
  const port = freePort();
  const child = spawnDeno(script, [String(port)], { PORT: String(port), ...env }, [], { stdout: "pipe" });
  const url = `http://127.0.0.1:${port}${CASHFLOW}`;
  try {
    await waitFor200(url, { body: cashflowBody(3), child, timeoutMs: 60000 });
    const before = procMemory(child.pid);
    const client = [];
    let bytes = null;
    for (let i = 0; i < requests + warmups; i++) {
      const t0 = performance.now();
      const res = await fetch(url, { method: "POST", body, headers: { "content-type": "application/json" } });
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${script}: answered ${res.status}: ${text.slice(0, 300)}`);
      if (i >= warmups) client.push(performance.now() - t0);
      bytes = text.length;
    }
    await sleep(100);
    const after = procMemory(child.pid);
    const server = loggedDurations(child.output).slice(-requests);
    return { before, after, client, server, response_bytes: bytes };
  } finally {
    await stop(child);
  }
}

/** Marginal cost per transaction between consecutive sizes; a step more than 1.5× the first step's is non-linear. */
function steps(rows, key, scale) {
  const out = [];
  for (let i = 1; i < rows.length; i++) {
    const dn = rows[i].transactions - rows[i - 1].transactions;
    out.push({
      from: rows[i - 1].transactions,
      to: rows[i].transactions,
      per_1000: round(((rows[i][key] - rows[i - 1][key]) / dn) * 1000 * scale, 3),
    });
  }
  const base = out[0]?.per_1000;
  for (const s of out) s.vs_first_step = base > 0 ? round(s.per_1000 / base, 2) : null;
  return out;
}

export async function scaleSection(ctx) {
  const requests = ctx.quick ? 3 : 7;
  const rows = [];
  for (const n of SCALE_SIZES) {
    ctx.log(`  scale ${n}`);
    const body = cashflowBody(n);
    // Small bodies get more warm-up requests (the JIT needs calls, not bytes), and more in-process samples.
    const warmups = Math.max(1, Math.round(20000 / n));
    const app = await measureSize("bench/servers/entry.ts", SCALE_ENV, body, requests, warmups);
    const floor = await measureSize("bench/servers/floor.ts", {}, body, requests, warmups);
    if (app.server.length !== requests) throw new Error(`scale ${n}: expected ${requests} log lines`);
    // In-process, in the same Deno: the handler and JSON.parse alone on the same body (bench/inproc.ts), to tell
    // a step of the function's own work from one of the engine's (JSON.parse and its garbage collection).
    const samples = Math.max(requests, Math.min(51, Math.round(100000 / n)) | 1);
    const stdout = await runDeno("bench/inproc.ts", [String(samples), String(n)], SCALE_ENV, [
      "--v8-flags=--expose-gc",
    ]);
    const inproc = JSON.parse(stdout.trim().split("\n").filter((l) => l.includes('"handle_median_ms"')).at(-1));
    rows.push({
      transactions: n,
      body_bytes: Buffer.byteLength(body),
      server_ms: round(median(app.server), 2),
      inproc_handler_ms: inproc.handle_median_ms,
      inproc_parse_ms: inproc.parse_median_ms,
      inproc_ratio: round(inproc.ratio, 2),
      client_ms: round(median(app.client), 2),
      floor_client_ms: round(median(floor.client), 2),
      rss_before_mb: round(app.before.rss_mb, 1),
      peak_rss_mb: round(app.after.peak_rss_mb, 1),
      floor_peak_rss_mb: round(floor.after.peak_rss_mb, 1),
      server_ms_samples: app.server,
    });
  }
  const time = steps(rows, "server_ms", 1);
  const parseTime = steps(rows, "inproc_parse_ms", 1);
  const memory = steps(rows, "peak_rss_mb", 1);
  const flag = (list, what) =>
    list.filter((s) => s.vs_first_step !== null && s.vs_first_step > 1.5).map((s) =>
      `${what} ${s.from}→${s.to}: ${s.per_1000} per 1,000 transactions, ${s.vs_first_step}× the first step`
    );
  const nonLinear = [...flag(time, "server time (ms)"), ...flag(memory, "peak RSS (MB)")];
  ctx.results.measurements.scale = {
    method: `fresh index.ts process per size (limits raised to 100,000 transactions / 16 MiB for this section ` +
      `only; rate limiter and request log on), max(1, 20,000 / n) warm-ups then ${requests} POST cashflow requests; server_ms is the ` +
      `median of the request log's duration_ms, client_ms the median round trip, peak_rss_mb VmHWM after the ` +
      `requests. The floor server gets the same requests. inproc_*: bench/inproc.ts at that size (handler and JSON.parse alone in one Deno process, GC before each sample). A step is non-linear when its cost per 1,000 ` +
      `transactions is more than 1.5× the first step's.`,
    rows,
    steps: { server_ms: time, peak_rss_mb: memory, inproc_parse_ms: parseTime },
    non_linear_steps: nonLinear,
  };
  const svg = scaleSvg({
    xs: rows.map((r) => r.transactions),
    panels: [
      {
        title: "Time per request",
        unit: "ms",
        series: [
          { label: "function: server time (request log)", color: "#c0392b", values: rows.map((r) => r.server_ms) },
          { label: "function: client round trip", color: "#e67e22", values: rows.map((r) => r.client_ms), dash: 1 },
          { label: "floor: client round trip", color: "#2c7bb6", values: rows.map((r) => r.floor_client_ms) },
          { label: "JSON.parse alone (in-process)", color: "#27ae60", values: rows.map((r) => r.inproc_parse_ms) },
        ],
      },
      {
        title: "Peak memory (VmHWM) of a fresh process",
        unit: "MB",
        series: [
          { label: "function", color: "#c0392b", values: rows.map((r) => r.peak_rss_mb) },
          { label: "floor", color: "#2c7bb6", values: rows.map((r) => r.floor_peak_rss_mb) },
          { label: "function before the requests", color: "#999", values: rows.map((r) => r.rss_before_mb), dash: 1 },
        ],
      },
    ],
    caption: `npm run bench, ${ctx.results.date}, ${ctx.results.mode} mode; POST /v1/analytics/cashflow`,
  });
  const file = ctx.only ? "bench/out/scale.svg" : "bench/scale.svg";
  writeFileSync(join(ROOT, file), svg);
  ctx.results.measurements.scale.svg = file;
}
