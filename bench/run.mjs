#!/usr/bin/env node
// `npm run bench [-- --quick] [-- --only calc,db]`: measures every key of issue 6, prints a table and writes
// bench/results.json. Every number is measured by this run; nothing is hard-coded or estimated. When a
// measurement cannot run, its key is written as null with the reason in `errors`.
//
// `--before <git ref>` also measures the code of <ref> in the same run (bench/lib/before.mjs): results.before holds
// its figures next to the keys.
//
// Sections:
//   calc  post_cashflow_50k_vs_parse (in-process timing), calc_vs_parse_throughput (autocannon, real function vs
//         the Deno + Hono floor, alternating rounds), layer_<name>_us (the per-request layer ablation, bench/layers.ts),
//         cold_start_ms and cold_start_vs_floor (median of spawns), peak_rss_mb_50k
//   db    on a fresh database (PostgreSQL at 127.0.0.1:5432, else embedded PGlite): rls_overhead,
//         summary_vs_raw_speedup, query plans in bench/plans/, me_budget_summary_p99_ms (autocannon, 32 connections)
//   scale  server time and peak memory at 1k, 10k, 50k, 100k transactions (table in results.json, bench/scale.svg)
//   profile  V8 CPU profiles of the deployed entry under the 100- and 50,000-transaction requests (summary only)
//   rollover  on a fresh database: me_budget_rollover_p50_ms, me_trends_p50_ms (issue 15; bench/rollover.ts: one user
//         with 100k transactions and 24 months of budgets, direct driver with RLS)
//   import  on a fresh database on the local PostgreSQL: import_rows_per_s, import_peak_rss_mb (issue 17; a generated
//         1,000,000-line CSV through `npm run import`, bench/lib/import.mjs); import_rules_vs_plain (issue 25: the same
//         lines without categories imported with 100 stored rules, rows/s ÷ rows/s without rules),
//         import_vs_copy_floor (issue 28: ÷ a COPY of the same lines into the same table)
//   networth  on a fresh database: me_net_worth_p50_ms (issue 14; bench/net-worth.ts: one user with 100k
//         transactions over 5 accounts and 60 statements, a 24-month series, direct driver with RLS)
//   ratelimit  no database: rate_limit_*_us, the limiter's cost per request in memory and on Redis (issue 12;
//         bench/rate-limit.ts; Redis figures null without a Redis at 127.0.0.1:6379)
//   recurring  on a fresh database: me_recurring_p50_ms, me_forecast_p50_ms, me_suggestions_p50_ms (issues 16 and
//         25; bench/recurring.ts: one user with 100k transactions and nine streams over 25 months, direct driver with
//         RLS), and
//         post_recurring_50k_vs_parse (in-process, like post_cashflow_50k_vs_parse)
//   rates  on a fresh database: rates_load_rows_per_s (issue 26; bench/rates.ts: npm run rates' loader on the ECB's
//         history CSV) and me_cashflow_convert_vs_plain (GET cashflow convert=true ÷ without, 100k-transaction user)
//   users  on a fresh database: me_p50_growth_1000_users (issue 28; bench/users.ts: one user's four GET reads alone,
//         then among 1,000 other users of 2,000 transactions each; database size and plans as authenticated)
import { mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import { join } from "node:path";
import { denoVersion, ROOT, round } from "./lib/proc.mjs";
import { calcSection } from "./lib/calc.mjs";
import { dbSection } from "./lib/db.mjs";
import { rolloverSection } from "./lib/rollover.mjs";
import { importSection } from "./lib/import.mjs";
import { netWorthSection } from "./lib/net-worth.mjs";
import { rateLimitSection } from "./lib/rate-limit.mjs";
import { recurringSection } from "./lib/recurring.mjs";
import { categorizeSection } from "./lib/categorize.mjs";
import { profileSection } from "./lib/profile.mjs";
import { scaleSection } from "./lib/scale.mjs";
import { prepareBefore } from "./lib/before.mjs";
import { buildFunctionIn } from "./lib/function-build.mjs";
import { convertSection } from "./lib/convert.mjs";
import { ratesSection } from "./lib/rates.mjs";
import { usersSection } from "./lib/users.mjs";

const argv = process.argv.slice(2);
const quick = argv.includes("--quick");
const onlyArg = argv.find((a) => a.startsWith("--only"));
const beforeArg = argv.indexOf("--before");
const only = onlyArg
  ? (onlyArg.includes("=") ? onlyArg.split("=")[1] : argv[argv.indexOf(onlyArg) + 1]).split(",")
  : null;

/** The per-request layers of the ablation (bench/layers.ts), cheapest first in the request's order. */
export const LAYERS = [
  "floor",
  "body_read",
  "exact_json",
  "validation",
  "calculation",
  "response",
  "admission",
  "outer",
  "log",
];

export const GOALS = {
  post_cashflow_50k_vs_parse: { goal: "<= 2.0", test: (v) => v <= 2.0 },
  rls_overhead: { goal: "<= 1.1", test: (v) => v <= 1.1 },
  summary_vs_raw_speedup: { goal: ">= 20", test: (v) => v >= 20 },
  // Issue 28: the whole function at least as fast as a naive Hono + zod handler of the same route (same run).
  calc_vs_parse_throughput: {
    goal: ">= naive_zod_vs_parse_throughput",
    test: (v, r) => typeof r.naive_zod_vs_parse_throughput === "number" && v >= r.naive_zod_vs_parse_throughput,
  },
  naive_zod_vs_parse_throughput: { goal: "report only", test: null },
  // Each layer's CPU µs per request (bench/layers.ts); a layer over 10 µs has its reason in BENCHMARKS.md.
  ...Object.fromEntries(LAYERS.map((name) => [`layer_${name}_us`, { goal: "report only (> 10: reason)", test: null }])),
  cold_start_ms: { goal: "report only", test: null },
  cold_start_vs_floor: { goal: "<= 1.5", test: (v) => v <= 1.5 },
  peak_rss_mb_50k: { goal: "<= 155", test: (v) => v <= 155 },
  me_budget_summary_p99_ms: { goal: "report only", test: null },
  me_budget_rollover_p50_ms: { goal: "<= 30", test: (v) => v <= 30 },
  me_trends_p50_ms: { goal: "<= 30", test: (v) => v <= 30 },
  import_rows_per_s: { goal: "report only", test: null },
  import_vs_copy_floor: { goal: ">= 0.8", test: (v) => v >= 0.8 },
  import_peak_rss_mb: { goal: "<= 300", test: (v) => v <= 300 },
  import_rules_vs_plain: { goal: ">= 0.9", test: (v) => v >= 0.9 },
  me_net_worth_p50_ms: { goal: "<= 50", test: (v) => v <= 50 },
  rate_limit_memory_us: { goal: "report only", test: null },
  rate_limit_redis_us: { goal: "report only", test: null },
  rate_limit_request_overhead_memory_us: { goal: "report only", test: null },
  rate_limit_request_overhead_redis_us: { goal: "report only", test: null },
  me_recurring_p50_ms: { goal: "<= 100", test: (v) => v <= 100 },
  me_forecast_p50_ms: { goal: "<= 100", test: (v) => v <= 100 },
  me_suggestions_p50_ms: { goal: "<= 100", test: (v) => v <= 100 },
  post_recurring_50k_vs_parse: { goal: "<= 2.5", test: (v) => v <= 2.5 },
  post_categorize_50k_vs_parse: { goal: "<= 3.0", test: (v) => v <= 3.0 },
  post_cashflow_convert_50k_vs_parse: { goal: "<= 2.5", test: (v) => v <= 2.5 },
  rates_load_rows_per_s: { goal: ">= 50000", test: (v) => v >= 50000 },
  me_cashflow_convert_vs_plain: { goal: "<= 2.0", test: (v) => v <= 2.0 },
  me_p50_growth_1000_users: { goal: "<= 1.5", test: (v) => v <= 1.5 },
};

const started = Date.now();
const results = {
  date: new Date().toISOString(),
  mode: quick ? "quick" : "full",
  environment: {
    engine: null,
    cpus: os.cpus().length,
    cpu_model: os.cpus()[0]?.model ?? null,
    total_memory_mb: Math.round(os.totalmem() / 1048576),
    platform: `${os.platform()} ${os.release()}`,
    node: process.version,
    deno: denoVersion(),
    postgres: null,
    // Set only for experiments: SQL applied after the migrations (see bench/db.ts).
    extra_sql: process.env.BENCH_EXTRA_SQL ?? null,
  },
};
for (const k of Object.keys(GOALS)) results[k] = null;
results.measurements = {};
results.errors = {};

const log = (...a) => console.error(`[bench ${((Date.now() - started) / 1000).toFixed(0)}s]`, ...a);
const ctx = { quick, only, results, log, plansDir: only ? "./out/plans" : "./plans" };
if (beforeArg >= 0) {
  ctx.before = prepareBefore(argv[beforeArg + 1] ?? "main");
  results.before = { ref: ctx.before.ref, commit: ctx.before.sha };
  log(`before: ${ctx.before.ref} (${ctx.before.sha}) in ${ctx.before.dir}`);
}

// bench/servers/entry.ts serves the deployed bundle: build it (and the tree before's) from the sources measured.
log(await buildFunctionIn(ROOT));
if (ctx.before) log(`before: ${(await buildFunctionIn(ctx.before.dir)) ?? "no bundle (its entry serves the sources)"}`);

const sections = [
  ["calc", calcSection],
  ["db", dbSection],
  ["rollover", rolloverSection],
  ["import", importSection],
  ["networth", netWorthSection],
  ["ratelimit", rateLimitSection],
  ["recurring", recurringSection],
  ["categorize", categorizeSection],
  ["scale", scaleSection],
  ["profile", profileSection],
  ["convert", convertSection],
  ["rates", ratesSection],
  ["users", usersSection],
];
for (const [name, fn] of sections) {
  if (only && !only.includes(name)) continue;
  log(`section ${name}`);
  try {
    await fn(ctx);
  } catch (e) {
    results.errors[name] = String(e?.stack ?? e);
    log(`section ${name} failed: ${e?.message ?? e}`);
  }
}

results.goals = {};
for (const [k, g] of Object.entries(GOALS)) {
  const v = results[k];
  results.goals[k] = { goal: g.goal, met: g.test && typeof v === "number" ? g.test(v, results) : null };
}
results.duration_s = round((Date.now() - started) / 1000, 1);

// A partial run (--only) never replaces the full results.
const outFile = only ? `bench/out/results-${only.join("-")}.json` : "bench/results.json";
mkdirSync(join(ROOT, "bench/out"), { recursive: true });
writeFileSync(join(ROOT, outFile), JSON.stringify(results, null, 2) + "\n");

// The table.
const rows = [["key", "value", "goal", "met"]];
for (const [k, g] of Object.entries(GOALS)) {
  const v = results[k];
  const met = results.goals[k].met;
  rows.push([
    k,
    v === null ? "n/a" : String(v),
    g.goal,
    met === null ? (v === null ? "NOT MEASURED" : "-") : met ? "yes" : "NO",
  ]);
}
const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)));
const line = (r) => r.map((c, i) => c.padEnd(widths[i])).join("  ");
console.log(
  `\nbench (${results.mode}) ${results.date}  engine=${
    results.environment.engine ?? "-"
  }  cpus=${results.environment.cpus}  ${results.environment.deno}`,
);
console.log(line(rows[0]));
console.log(widths.map((w) => "-".repeat(w)).join("  "));
for (const r of rows.slice(1)) console.log(line(r));
for (const [k, e] of Object.entries(results.errors)) console.log(`error in ${k}: ${String(e).split("\n")[0]}`);
console.log(`\nwrote ${outFile} (${results.duration_s}s)`);
