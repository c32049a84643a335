#!/usr/bin/env node
// Prints bench/results.json (or the file given) as the Markdown tables used in BENCHMARKS.md.
import { readFileSync } from "node:fs";

const file = process.argv[2] ?? new URL("./results.json", import.meta.url);
const r = JSON.parse(readFileSync(file, "utf8"));
const m = r.measurements;
const row = (...cells) => `| ${cells.join(" | ")} |`;
const met = (
  k,
) => (r.goals[k].met === null
  ? (r[k] === null ? "not measured" : "report only")
  : r.goals[k].met
  ? "**met**"
  : "**missed**");
const raw = {
  post_cashflow_50k_vs_parse: () =>
    `handler ${m.post_cashflow_50k_vs_parse?.handle_median_ms} ms / JSON.parse ${m.post_cashflow_50k_vs_parse?.parse_median_ms} ms`,
  rls_overhead: () =>
    `authenticated ${m.rls_overhead?.authenticated_function_median_ms} ms / superuser ${m.rls_overhead?.superuser_explicit_median_ms} ms (inline body as authenticated: ${m.rls_overhead?.rls_overhead_inline})`,
  summary_vs_raw_speedup: () =>
    `raw ${m.summary_vs_raw_speedup?.raw_median_ms} ms (${m.summary_vs_raw_speedup?.raw_transactions_loaded} rows) / aggregated ${m.summary_vs_raw_speedup?.aggregated_median_ms} ms`,
  calc_vs_parse_throughput: () => {
    const x = m.calc_vs_parse_throughput;
    const cpu = x?.server_cpu_us_per_request;
    return `${x?.real_function_rps} req/s / floor ${x?.floor_rps} req/s` +
      (cpu ? `; server CPU per request: function ${cpu.app} µs, naive ${cpu.naive} µs, floor ${cpu.floor} µs` : "");
  },
  naive_zod_vs_parse_throughput: () =>
    `naive Hono + zod ${m.calc_vs_parse_throughput?.naive_zod_rps} req/s / floor ${m.calc_vs_parse_throughput?.floor_rps} req/s`,
  cold_start_ms: () => `floor server (Deno + Hono) ${m.cold_start_ms?.floor_server_median_ms} ms in the same run`,
  cold_start_vs_floor: () => `${r.cold_start_ms} ms / floor ${m.cold_start_ms?.floor_server_median_ms} ms`,
  import_vs_copy_floor: () =>
    `importer ${r.import_rows_per_s} rows/s / COPY ${m.import?.copy_floor?.rows_per_s} rows/s (${m.import?.lines} lines)`,
  me_p50_growth_1000_users: () => {
    const x = m.me_p50_growth_1000_users;
    return x ? Object.entries(x.ratios).map(([k, v]) => `${k} ${v}`).join(", ") : "";
  },
  peak_rss_mb_50k: () =>
    `before ${m.peak_rss_mb_50k?.real_function?.rss_mb_before} MB; floor server peak ${m.peak_rss_mb_50k?.floor_server?.peak_rss_mb} MB`,
  me_budget_summary_p99_ms: () => {
    const x = m.me_budget_summary_p99_ms;
    return x
      ? `p50 ${x.latency_ms.p50} ms, ${x.requests_per_sec} req/s, ${x.non2xx} non-2xx of ${x.total_requests}`
      : "";
  },
};
console.log(
  `Run: ${r.date}, ${r.mode} mode, engine ${r.environment.engine}, ${r.environment.cpus} CPUs, ` +
    `${r.environment.deno}, Node ${r.environment.node}` +
    `${r.environment.extra_sql ? `, extra SQL ${r.environment.extra_sql}` : ""}, ${r.duration_s} s.\n`,
);
console.log(row("Key", "Value", "Goal", "Status", "Raw measurements"));
console.log(row("---", "---:", "---", "---", "---"));
for (const k of Object.keys(r.goals)) {
  let detail = "";
  try {
    detail = raw[k]?.() ?? "";
  } catch { /* missing measurement */ }
  console.log(row(`\`${k}\``, r[k] ?? "n/a", r.goals[k].goal, met(k), detail));
}
const ly = m.layers;
if (ly) {
  console.log(
    `\nPer-request layers (\`bench/layers.ts\`, CPU µs per request in one process, POST cashflow with 100 ` +
      `transactions; each layer is its step minus the previous step, so they add up to the total):\n`,
  );
  console.log(row("Layer", "µs per request", "Step total (µs)"));
  console.log(row("---", "---:", "---:"));
  for (const [name, us] of Object.entries(ly.layers_us)) {
    console.log(row(`\`layer_${name}_us\``, us, ly.step_totals_us[name]));
  }
  console.log(row("**total** (the deployed handler, log on)", `**${ly.total_us}**`, ""));
}
const users = m.me_p50_growth_1000_users;
if (users) {
  console.log(
    `\nOne user's reads alone and among ${users.other_users.toLocaleString("en-US")} other users of ` +
      `${users.transactions_per_user.toLocaleString("en-US")} transactions each (\`users\` section; database ` +
      `${users.database_alone.pretty} → ${users.database_many.pretty}, ` +
      `${users.database_many.transactions.toLocaleString("en-US")} transactions):\n`,
  );
  console.log(row("GET", "p50 alone (ms)", `p50 among ${users.other_users} users (ms)`, "Ratio"));
  console.log(row("---", "---:", "---:", "---:"));
  for (const [k, v] of Object.entries(users.ratios)) {
    console.log(row(k.replaceAll("_", " "), users.alone_p50_ms[k], users.many_p50_ms[k], v));
  }
  if (Array.isArray(users.plans) && users.plans.length) {
    console.log(
      `\nPlans as \`authenticated\` among the other users: ${users.plans.map((p) => `\`${p}\``).join(", ")}.`,
    );
  }
}
if (m.plans) {
  console.log("\n" + row("Read function", "Index use", "Seq scans", "InitPlan", "Time (ms)"));
  console.log(row("---", "---", "---", "---", "---:"));
  for (const [name, p] of Object.entries(m.plans)) {
    console.log(
      row(
        `\`${name}\``,
        p.index_scans.join(", ") || "-",
        p.seq_scans.join(", ") || "-",
        p.initplan_auth_uid ? "yes" : "no",
        p.execution_ms,
      ),
    );
  }
}
if (r.before) {
  const b = r.before;
  console.log(
    `\nBefore and after, same run: before = \`${b.ref}\` (${b.commit.slice(0, 7)}), measured by this run next to ` +
      "this tree (`--before`).\n",
  );
  console.log(row("Key", "Before", "After", "Goal"));
  console.log(row("---", "---:", "---:", "---"));
  for (const k of Object.keys(r.goals)) {
    if (!(k in b)) continue;
    console.log(row(`\`${k}\``, b[k] ?? "n/a", r[k] ?? "n/a", r.goals[k].goal));
  }
}
const sc = m.scale;
if (sc) {
  console.log("\nHow cost grows (`scale` section, `bench/scale.svg`):\n");
  console.log(
    row(
      "Transactions",
      "Body (MB)",
      "Server time (ms)",
      "Client round trip (ms)",
      "Floor round trip (ms)",
      "In-process handler / JSON.parse (ms)",
      "Peak RSS (MB)",
      "Floor peak RSS (MB)",
    ),
  );
  console.log(row("---:", "---:", "---:", "---:", "---:", "---:", "---:", "---:"));
  for (const x of sc.rows) {
    console.log(
      row(
        x.transactions.toLocaleString("en-US"),
        (x.body_bytes / 1048576).toFixed(2),
        x.server_ms,
        x.client_ms,
        x.floor_client_ms,
        `${x.inproc_handler_ms} / ${x.inproc_parse_ms} (${x.inproc_ratio}×)`,
        x.peak_rss_mb,
        x.floor_peak_rss_mb,
      ),
    );
  }
  console.log(
    "\n" +
      row(
        "Step",
        "Server ms per 1,000 transactions",
        "× first step",
        "JSON.parse ms per 1,000",
        "× first step",
        "Peak MB per 1,000",
        "× first step",
      ),
  );
  console.log(row("---", "---:", "---:", "---:", "---:", "---:", "---:"));
  sc.steps.server_ms.forEach((t, i) => {
    const mem = sc.steps.peak_rss_mb[i];
    const parse = sc.steps.inproc_parse_ms?.[i] ?? {};
    console.log(
      row(
        `${t.from.toLocaleString("en-US")} → ${t.to.toLocaleString("en-US")}`,
        t.per_1000,
        t.vs_first_step,
        parse.per_1000 ?? "n/a",
        parse.vs_first_step ?? "n/a",
        mem.per_1000,
        mem.vs_first_step,
      ),
    );
  });
  console.log(
    `\nNon-linear steps (more than 1.5× the first step's cost per transaction): ${
      sc.non_linear_steps.length ? sc.non_linear_steps.join("; ") : "none"
    }.`,
  );
}
const pr = m.profile;
if (pr) {
  for (
    const [name, what] of [
      ["before_small", "before, 100 transactions, autocannon"],
      ["small", "100 transactions, autocannon"],
      ["before_large", "before, 50,000 transactions, sequential"],
      ["large", "50,000 transactions, sequential"],
    ]
  ) {
    const p = pr[name];
    if (!p) continue;
    console.log(
      `\nCPU profile, ${what}: ${p.requests} requests, ${p.busy_ms} ms busy of ${p.profiled_ms} ms sampled.\n`,
    );
    console.log(row("Area (self time)", "Share"));
    console.log(row("---", "---:"));
    for (const a of p.by_area) console.log(row(a.area, `${a.pct} %`));
    console.log("\n" + row("Function (top by self time)", "Self", "Total"));
    console.log(row("---", "---:", "---:"));
    for (const f of p.top_self.slice(0, 12)) console.log(row(`\`${f.fn}\``, `${f.self_pct} %`, `${f.total_pct} %`));
  }
}
if (Object.keys(r.errors).length) {
  console.log("\nErrors:");
  for (const [k, e] of Object.entries(r.errors)) console.log(`- ${k}: ${String(e).split("\n")[0]}`);
}
