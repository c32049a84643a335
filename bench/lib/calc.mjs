// Calculation-side measurements: no database involved.
import { readFileSync } from "node:fs";
import { cashflowBody } from "./payload.mjs";
import {
  cannon,
  freePort,
  median,
  procMemory,
  ROOT,
  round,
  runDeno,
  sleep,
  spawnDeno,
  stop,
  waitFor200,
} from "./proc.mjs";

const CASHFLOW = "/v1/analytics/cashflow";
/** The deployed entry (supabase/functions/v1/index.ts) run unchanged on a chosen port. */
export const APP_SERVER = "bench/servers/entry.ts";
const FLOOR_SERVER = "bench/servers/floor.ts";
/** A naive Hono + zod handler of the same route (bench/servers/naive-zod.ts): the reference the issue names. */
const NAIVE_ZOD_SERVER = "bench/servers/naive-zod.ts";
/**
 * The function's environment: hosted configuration without a database URL (supabase-js driver, never called by
 * calculations), request log on (to /dev/null), a rate limit that never refuses the load generator. Same values
 * as BENCH_FUNCTION_ENV in bench/servers/build.ts.
 */
export const APP_ENV = {
  SUPABASE_URL: "http://127.0.0.1:54321",
  SUPABASE_ANON_KEY: "bench-anon-key",
  PFA_RATE_LIMIT_REQUESTS: "1000000",
  DATABASE_URL: "",
};

async function startServer(script, env = {}, cwd = ROOT) {
  const port = freePort();
  const child = spawnDeno(script, [String(port)], { PORT: String(port), ...env }, [], { stdout: "ignore", cwd });
  const url = `http://127.0.0.1:${port}${CASHFLOW}`;
  await waitFor200(url, { body: cashflowBody(3), child, timeoutMs: 60000 });
  return { child, port, url };
}

/** post_cashflow_50k_vs_parse: in-process timing of the app's fetch handler vs JSON.parse (bench/inproc.ts). */
async function inproc(ctx) {
  const iterations = ctx.quick ? 9 : 21;
  const measure = async (cwd) => {
    const stdout = await runDeno(
      "bench/inproc.ts",
      [String(iterations)],
      APP_ENV,
      ["--v8-flags=--expose-gc"],
      undefined,
      cwd,
    );
    // The result line (the request log's lines, written in batches, may come after it).
    return JSON.parse(stdout.trim().split("\n").filter((l) => l.includes('"handle_median_ms"')).at(-1));
  };
  let out;
  if (ctx.before) {
    // Before, after, after, before: each side's figure is the mean of its two processes' ratios, so a drift in
    // the machine's load over the four hits both sides alike.
    // The earlier tree's own bench/inproc.ts measures it; should that fail, only the before figure is missing.
    const before = (dir) =>
      measure(dir).catch((e) => {
        ctx.results.errors.before_post_cashflow_50k = String(e?.stack ?? e);
        return { ratio: NaN };
      });
    const b1 = await before(ctx.before.dir);
    const a1 = await measure(ROOT);
    const a2 = await measure(ROOT);
    const b2 = await before(ctx.before.dir);
    out = { ...a2, ratio: (a1.ratio + a2.ratio) / 2, process_ratios: [a1.ratio, a2.ratio].map((r) => round(r, 3)) };
    ctx.results.before.post_cashflow_50k_vs_parse = round((b1.ratio + b2.ratio) / 2, 2);
    ctx.results.before.post_cashflow_50k = { ...b2, process_ratios: [b1.ratio, b2.ratio].map((r) => round(r, 3)) };
  } else {
    out = await measure(ROOT);
  }
  ctx.results.post_cashflow_50k_vs_parse = round(out.ratio, 2);
  ctx.results.measurements.post_cashflow_50k_vs_parse = out;
}

/** calc_vs_parse_throughput: same autocannon settings against the floor and the real function, alternating. */
async function throughput(ctx) {
  const rounds = ctx.quick ? 3 : 5;
  const duration = ctx.quick ? 4 : 8;
  const connections = 10;
  const body = cashflowBody(100, { seed: 7 });
  const floor = await startServer(FLOOR_SERVER);
  const app = await startServer(APP_SERVER, APP_ENV);
  const naive = await startServer(NAIVE_ZOD_SERVER);
  // --before: the deployed entry of the earlier tree, in the same rotating rounds.
  const beforeApp = ctx.before ? { before: await startServer(APP_SERVER, APP_ENV, ctx.before.dir) } : {};
  // Full runs also measure the layers in between (bench/servers/ablation.ts), in the same alternating rounds.
  const layers = ctx.quick ? [] : ["read-body", "exact-json", "calculate"];
  const between = {};
  for (const variant of layers) between[variant] = await startServer("bench/servers/ablation.ts", { VARIANT: variant });
  try {
    // Same response check on both before measuring.
    const check = await fetch(app.url, { method: "POST", body, headers: { "content-type": "application/json" } });
    if (check.status !== 200) throw new Error(`real function answered ${check.status}: ${await check.text()}`);
    const expected = await check.text();
    // The naive handler computes the same report: same bytes, or the comparison would be unfair.
    const naiveCheck = await fetch(naive.url, {
      method: "POST",
      body,
      headers: { "content-type": "application/json" },
    });
    const naiveText = await naiveCheck.text();
    if (naiveText !== expected) throw new Error(`naive zod handler answered differently: ${naiveText.slice(0, 300)}`);
    // Warm both (JIT) before the measured rounds.
    await cannon({ url: floor.url, method: "POST", body, connections, duration: 2 });
    await cannon({ url: app.url, method: "POST", body, connections, duration: 2 });
    await cannon({ url: naive.url, method: "POST", body, connections, duration: 2 });
    if (beforeApp.before) await cannon({ url: beforeApp.before.url, method: "POST", body, connections, duration: 2 });
    const targets = { floor, app, naive, ...beforeApp, ...between };
    for (const variant of layers) {
      await cannon({ url: between[variant].url, method: "POST", body, connections, duration: 2 });
    }
    const runs = Object.fromEntries(Object.keys(targets).map((k) => [k, []]));
    const sides = Object.keys(targets);
    for (let i = 0; i < rounds; i++) {
      // Rotate the order every round so drift on a noisy machine hits every side alike.
      for (let k = 0; k < sides.length; k++) {
        const side = sides[(i + k) % sides.length];
        const cpu0 = processCpuMs(targets[side].child.pid);
        const run = await cannon({ url: targets[side].url, method: "POST", body, connections, duration });
        const cpu1 = processCpuMs(targets[side].child.pid);
        // Server CPU per request (user + system of the server process): less sensitive to the load generator and to
        // other processes than requests per second.
        run.server_cpu_us_per_request = cpu0 === null || cpu1 === null || !run.total_requests
          ? null
          : round(((cpu1 - cpu0) * 1000) / run.total_requests, 1);
        runs[side].push(run);
      }
    }
    const bad = Object.values(runs).flat().find((r) => r.non2xx || r.errors || r.timeouts);
    if (bad) throw new Error(`non-2xx/errors during throughput run: ${JSON.stringify(bad)}`);
    const rpsApp = median(runs.app.map((r) => r.requests_per_sec));
    const rpsFloor = median(runs.floor.map((r) => r.requests_per_sec));
    const rpsNaive = median(runs.naive.map((r) => r.requests_per_sec));
    ctx.results.calc_vs_parse_throughput = round(rpsApp / rpsFloor, 3);
    ctx.results.naive_zod_vs_parse_throughput = round(rpsNaive / rpsFloor, 3);
    if (ctx.before) {
      const rpsBefore = median(runs.before.map((r) => r.requests_per_sec));
      ctx.results.before.calc_vs_parse_throughput = round(rpsBefore / rpsFloor, 3);
      ctx.results.before.calc_rps = round(rpsBefore, 1);
    }
    ctx.results.measurements.calc_vs_parse_throughput = {
      method: `autocannon, ${connections} connections, ${rounds} rotating rounds of ${duration}s per side, ` +
        `POST cashflow with 100 transactions (${body.length} bytes); ratio of median requests/s`,
      real_function_rps: round(rpsApp, 1),
      floor_rps: round(rpsFloor, 1),
      naive_zod_rps: round(rpsNaive, 1),
      real_function_p99_ms: median(runs.app.map((r) => r.latency_ms.p99)),
      // Median server CPU per request of every side (Linux): the throughput comparison in CPU time.
      server_cpu_us_per_request: Object.fromEntries(
        Object.keys(runs).map((k) => {
          const xs = runs[k].map((r) => r.server_cpu_us_per_request).filter((x) => typeof x === "number");
          return [k, xs.length ? round(median(xs), 1) : null];
        }),
      ),
      floor_p99_ms: median(runs.floor.map((r) => r.latency_ms.p99)),
      // Each layer's median requests/s as a share of the floor's (full runs): where the gap comes from.
      layers_vs_floor: Object.fromEntries(
        ["floor", ...layers, "naive", "app"].map((
          k,
        ) => [k, round(median(runs[k].map((r) => r.requests_per_sec)) / rpsFloor, 3)]),
      ),
      rounds: runs,
    };
  } finally {
    await stop(floor.child);
    await stop(app.child);
    await stop(naive.child);
    if (beforeApp.before) await stop(beforeApp.before.child);
    for (const b of Object.values(between)) await stop(b.child);
  }
}

/**
 * layer_<name>_us: the layer ablation of the per-request work (bench/layers.ts), in one process, CPU time per request;
 * the layers add up to the deployed handler's total (`layers_total_us` in the measurement).
 */
async function layers(ctx) {
  const perRound = ctx.quick ? 200 : 500;
  const rounds = ctx.quick ? 7 : 21;
  const stdout = await runDeno("bench/layers.ts", [String(perRound), String(rounds)], {}, [], undefined);
  // The result line (the request log of the last step writes its own lines to stdout too).
  const out = JSON.parse(stdout.trim().split("\n").filter((l) => l.includes('"layers_us"')).at(-1));
  for (const [name, us] of Object.entries(out.layers_us)) ctx.results[`layer_${name}_us`] = us;
  ctx.results.measurements.layers = out;
}

/** User + system CPU time of a process in ms (`/proc/<pid>/stat`, clock ticks of 10 ms); null off Linux. */
function processCpuMs(pid) {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

/** Time from spawn to the first 200 answer of a POST calculation. */
export async function spawnTo200(script, env, cwd = ROOT) {
  const port = freePort();
  const body = cashflowBody(10);
  const t0 = performance.now();
  const child = spawnDeno(script, [String(port)], { PORT: String(port), ...env }, [], { stdout: "ignore", cwd });
  try {
    await waitFor200(`http://127.0.0.1:${port}${CASHFLOW}`, { body, child, timeoutMs: 30000 });
    return performance.now() - t0;
  } finally {
    await stop(child);
  }
}

/** cold_start_ms: median over several spawns of the function process with no database. */
async function coldStart(ctx) {
  const spawns = ctx.quick ? 5 : 11;
  // One discarded spawn first: Deno's on-disk module/transpile cache is populated once per checkout, the same
  // as a deployed function's bundle is built once.
  await spawnTo200(APP_SERVER, APP_ENV);
  await spawnTo200(FLOOR_SERVER, {});
  if (ctx.before) await spawnTo200(APP_SERVER, APP_ENV, ctx.before.dir);
  const app = [];
  const floor = [];
  const before = [];
  for (let i = 0; i < spawns; i++) {
    app.push(await spawnTo200(APP_SERVER, APP_ENV));
    floor.push(await spawnTo200(FLOOR_SERVER, {}));
    if (ctx.before) before.push(await spawnTo200(APP_SERVER, APP_ENV, ctx.before.dir));
  }
  if (ctx.before) ctx.results.before.cold_start_ms = round(median(before), 1);
  // Where the time goes (ms since process start after each step), median over 3 processes.
  const parts = [];
  for (let i = 0; i < 3; i++) {
    const out = await runDeno("bench/coldparts.ts", [], { PFA_LOG_REQUESTS: "false" });
    parts.push(JSON.parse(out.trim().split("\n").at(-1)));
  }
  const breakdown = Object.fromEntries(Object.keys(parts[0]).map((k) => [k, round(median(parts.map((p) => p[k])), 1)]));
  ctx.results.cold_start_ms = round(median(app), 1);
  ctx.results.cold_start_vs_floor = round(median(app) / median(floor), 2);
  ctx.results.measurements.cold_start_ms = {
    method: `spawn \`deno run -A ${APP_SERVER}\` (the deployed bundle, built from this tree: real app, calculation ` +
      `routes, no database) until the first 200 of POST /v1/analytics/cashflow, polled every 2 ms; median of ` +
      `${spawns} after one discarded spawn; module_load_breakdown: the same steps in the sources (bench/coldparts.ts)`,
    real_function_ms: app.map((x) => round(x, 1)),
    floor_server_median_ms: round(median(floor), 1),
    floor_server_ms: floor.map((x) => round(x, 1)),
    module_load_breakdown_ms_since_start: breakdown,
  };
}

/** peak_rss_mb_50k: VmHWM of a fresh server process after serving the 50,000-transaction request. */
async function peakRss(ctx) {
  const body = cashflowBody(50000);
  const requests = 3;
  const measure = async (script, env, cwd) => {
    const s = await startServer(script, env, cwd);
    try {
      const before = procMemory(s.child.pid);
      let status;
      const times = [];
      for (let i = 0; i < requests; i++) {
        const t0 = performance.now();
        const res = await fetch(s.url, { method: "POST", body, headers: { "content-type": "application/json" } });
        status = res.status;
        await res.arrayBuffer();
        times.push(performance.now() - t0);
        if (status !== 200) throw new Error(`${script}: 50k request answered ${status}`);
      }
      await sleep(50);
      const after = procMemory(s.child.pid);
      return { before, after, request_ms: times.map((t) => round(t, 1)) };
    } finally {
      await stop(s.child);
    }
  };
  const app = await measure(APP_SERVER, APP_ENV);
  const floor = await measure(FLOOR_SERVER, {});
  if (ctx.before) {
    const before = await measure(APP_SERVER, APP_ENV, ctx.before.dir);
    ctx.results.before.peak_rss_mb_50k = before.after ? round(before.after.peak_rss_mb, 1) : null;
  }
  if (!app.after) throw new Error("/proc/<pid>/status is not readable: peak RSS is measured on Linux only");
  ctx.results.peak_rss_mb_50k = round(app.after.peak_rss_mb, 1);
  ctx.results.measurements.peak_rss_mb_50k = {
    method: `VmHWM of a fresh real-function process after ${requests} POST cashflow requests of 50,000 ` +
      `transactions (${body.length} bytes); the floor server under the same requests for comparison`,
    real_function: {
      rss_mb_before: round(app.before.rss_mb, 1),
      peak_rss_mb: round(app.after.peak_rss_mb, 1),
      request_ms: app.request_ms,
    },
    floor_server: {
      rss_mb_before: round(floor.before.rss_mb, 1),
      peak_rss_mb: round(floor.after.peak_rss_mb, 1),
      request_ms: floor.request_ms,
    },
  };
}

export async function calcSection(ctx) {
  for (
    const [key, fn] of [
      ["post_cashflow_50k_vs_parse", inproc],
      ["calc_vs_parse_throughput", throughput],
      ["layers", layers],
      ["cold_start_ms", coldStart],
      ["peak_rss_mb_50k", peakRss],
    ]
  ) {
    ctx.log(`  ${key}`);
    try {
      await fn(ctx);
    } catch (e) {
      ctx.results.errors[key] = String(e?.stack ?? e);
      ctx.log(`  ${key} failed: ${String(e?.message ?? e).split("\n")[0]}`);
    }
  }
}
