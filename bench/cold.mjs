// cold_start_vs_floor on its own (not the full calc section): spawns the deployed entry (bench/servers/entry.ts) and
// the floor (bench/servers/floor.ts) alternately with the calc section's own spawnTo200, after one discarded spawn of
// each, and prints the medians and their ratio as one JSON line. Further arguments add sides to the same rotation:
// a directory (another checkout, e.g. the tree before a change) runs that tree's entry; a script runs that server,
// with environment variables after a `?` (`bench/servers/core-floor.ts?STEP=zod`).
//
// --cpu: the same spawns, timed the same way, but each side's figure is the CPU time the server process used until
// its first 200 (the sum over its threads from /proc/<pid>/task/*/schedstat, Linux), which the load of other
// processes on the machine disturbs much less than the elapsed time.
//
//   node bench/cold.mjs [--cpu] [spawns=7] [/path/to/other/checkout | bench/servers/other.ts ...]
import { readdirSync, readFileSync, statSync } from "node:fs";
import { loadavg } from "node:os";
import { APP_ENV, APP_SERVER, spawnTo200 } from "./lib/calc.mjs";
import { cashflowBody } from "./lib/payload.mjs";
import { buildFunctionIn } from "./lib/function-build.mjs";
import { freePort, median, ROOT, round, spawnDeno, stop, waitFor200 } from "./lib/proc.mjs";

const args = process.argv.slice(2);
const cpu = args[0] === "--cpu";
if (cpu) args.shift();
const spawns = Number(args[0] ?? 7);
/** name -> [script, env, cwd] */
const sides = { app: [APP_SERVER, APP_ENV, ROOT], floor: ["bench/servers/floor.ts", {}, ROOT] };
for (const arg of args.slice(1)) {
  const [script, query] = arg.split("?");
  sides[arg] = statSync(arg, { throwIfNoEntry: false })?.isDirectory()
    ? [APP_SERVER, APP_ENV, arg]
    : [script, { ...APP_ENV, ...Object.fromEntries(new URLSearchParams(query ?? "")) }, ROOT];
}

/** Nanoseconds of CPU the process's threads have run (those alive now). */
function cpuNs(pid) {
  let total = 0;
  for (const task of readdirSync(`/proc/${pid}/task`)) {
    try {
      total += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // the thread ended meanwhile
    }
  }
  return total;
}

/** spawnTo200's spawn and poll, answering the server's CPU milliseconds at its first 200. */
async function cpuTo200(script, env, cwd) {
  const port = freePort();
  const child = spawnDeno(script, [String(port)], { PORT: String(port), ...env }, [], { stdout: "ignore", cwd });
  try {
    await waitFor200(`http://127.0.0.1:${port}/v1/analytics/cashflow`, {
      body: cashflowBody(10),
      child,
      timeoutMs: 30000,
    });
    return cpuNs(child.pid) / 1e6;
  } finally {
    await stop(child);
  }
}

// The app's entry serves the deployed bundle: build it from this tree (and from each other checkout given).
for (const dir of new Set(Object.values(sides).map(([, , dir]) => dir))) await buildFunctionIn(dir);

const measure = cpu ? cpuTo200 : spawnTo200;
const names = Object.keys(sides);
const times = Object.fromEntries(names.map((k) => [k, []]));
const load = [loadavg()[0]];
for (const name of names) await measure(...sides[name]);
for (let i = 0; i < spawns; i++) {
  // Rotate the order each round so drift in the machine's load hits every side alike.
  for (let k = 0; k < names.length; k++) {
    const name = names[(i + k) % names.length];
    times[name].push(await measure(...sides[name]));
  }
}
load.push(loadavg()[0]);
const medians = Object.fromEntries(names.map((k) => [k, round(median(times[k]), 1)]));
console.log(JSON.stringify({
  measure: cpu ? "server CPU ms until the first 200" : "ms from spawn to the first 200",
  cold_start_vs_floor: round(median(times.app) / median(times.floor), 2),
  ratios_vs_floor: Object.fromEntries(names.map((k) => [k, round(medians[k] / medians.floor, 2)])),
  medians,
  all: Object.fromEntries(names.map((k) => [k, times[k].map((x) => round(x, 1))])),
  load_1min_before_after: load.map((x) => round(x, 2)),
}));
