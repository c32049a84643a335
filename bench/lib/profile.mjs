// Section `profile`: where the CPU time of the deployed entry goes, from V8's sampling profiler
// (`deno run --cpu-prof`). Two workloads on a fresh index.ts process each (bench/servers/profiled.ts):
//   small  autocannon, 10 connections, POST cashflow with 100 transactions (the throughput request)
//   large  POST cashflow with 50,000 transactions, one after another
// The .cpuprofile files go to bench/out/profile/ (open them in Chrome DevTools or speedscope for the flame graph);
// results.json keeps the summary (time per area of the code, top functions by self time).
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { APP_ENV } from "./calc.mjs";
import { summarizeProfile } from "./cpuprofile.mjs";
import { cashflowBody } from "./payload.mjs";
import { cannon, freePort, ROOT, sleep, spawnDeno, waitFor200 } from "./proc.mjs";

const CASHFLOW = "/v1/analytics/cashflow";
const IDLE_GAP_MS = 300;

async function profileRun(name, seconds, load, cwd = ROOT) {
  const dir = join(ROOT, "bench/out/profile", name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const port = freePort();
  // The earlier tree (--before) gets this tree's wrapper copied into it and run from there, so that Deno takes that
  // tree's deno.json (its own @pfa/core), as for every other before measurement.
  if (cwd !== ROOT) copyFileSync(join(ROOT, "bench/servers/profiled.ts"), join(cwd, "bench/servers/profiled.ts"));
  const child = spawnDeno(
    "bench/servers/profiled.ts",
    [String(port)],
    {
      ...APP_ENV,
      PORT: String(port),
      PROFILE_SECONDS: String(seconds),
      PROFILE_ENTRY: join(cwd, "bench/servers/entry.ts"),
      // The sources rather than the bundle (the same code): the profile's areas are named by module.
      PFA_BENCH_SOURCES: "1",
    },
    ["--cpu-prof", `--cpu-prof-dir=${dir}`],
    { stdout: "ignore", cwd },
  );
  const url = `http://127.0.0.1:${port}${CASHFLOW}`;
  await waitFor200(url, { body: cashflowBody(3), child, timeoutMs: 60000 });
  // An idle gap between start-up and the load: the summary counts only the samples after it.
  await sleep(IDLE_GAP_MS * 2);
  const requests = await load(url);
  const exit = await child.exited;
  if (exit.code !== 0) throw new Error(`profiled server exited with ${exit.code ?? exit.signal}: ${child.output}`);
  const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error(`no .cpuprofile written in ${dir}`);
  const profile = JSON.parse(readFileSync(join(dir, file), "utf8"));
  return {
    file: `bench/out/profile/${name}/${file}`,
    requests,
    ...summarizeProfile(profile, { afterIdleGapMs: IDLE_GAP_MS }),
  };
}

export async function profileSection(ctx) {
  const small = cashflowBody(100, { seed: 7 });
  const large = cashflowBody(50000);
  const seconds = ctx.quick ? 6 : 12;
  const out = {
    method: "deno run --cpu-prof (V8 sampling profiler) of bench/servers/profiled.ts (index.ts unchanged, request " +
      "log on to /dev/null, rate limiter on), which exits normally after a fixed time so the profile is written. " +
      "Self time per area is where samples landed, counted from the end of a 300 ms idle gap the runner leaves " +
      "between start-up and the load (so module loading and building the app are not in it); (idle) and (program) " +
      "are left out of the percentages.",
  };
  const loadSmall = async (url) => {
    const r = await cannon({ url, method: "POST", body: small, connections: 10, duration: seconds - 1 });
    return r.total_requests;
  };
  const loadLarge = async (url) => {
    const deadline = Date.now() + (seconds - 2) * 1000;
    let n = 0;
    while (Date.now() < deadline) {
      const res = await fetch(url, { method: "POST", body: large, headers: { "content-type": "application/json" } });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`50k request answered ${res.status}`);
      n++;
    }
    return n;
  };
  if (ctx.before) {
    out.before_small = await profileRun("before-small", seconds + 2, loadSmall, ctx.before.dir);
    out.before_large = await profileRun("before-large", seconds + 2, loadLarge, ctx.before.dir);
  }
  out.small = await profileRun("small", seconds + 2, loadSmall);
  out.large = await profileRun("large", seconds + 2, loadLarge);
  ctx.results.measurements.profile = out;
}
